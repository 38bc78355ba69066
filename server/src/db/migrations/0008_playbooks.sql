-- 0008_playbooks.sql
-- Playbooks, their runs and the actions of each run. Runs and actions are claimed by workers
-- with FOR UPDATE SKIP LOCKED on (status, scheduled_time).
--
-- Creates
--   tables : playbooks, playbook_runs, playbook_run_actions

CREATE TABLE playbooks (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- derived from the title by the client (unique among live playbooks)
  name        text NOT NULL,
  namespace   text NOT NULL DEFAULT 'default',
  title       text NOT NULL,
  icon        text,
  description text,
  category    text,
  source      text DEFAULT 'UI',
  -- {configs: [...selectors], components: [...], checks: [...], parameters: [...], actions: [...]}
  spec        jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_by  uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz
);

CREATE TRIGGER playbooks_set_updated_at BEFORE UPDATE ON playbooks
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE playbook_runs (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  playbook_id    uuid NOT NULL REFERENCES playbooks (id) ON DELETE CASCADE,
  status         text NOT NULL DEFAULT 'pending'
                 CHECK (status IN ('pending', 'running', 'waiting', 'scheduled', 'sleeping',
                                   'cancelled', 'completed', 'failed', 'skipped')),
  error          text,
  -- the run's parameter values
  parameters     jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- snapshot of the playbook spec the run executes
  spec           jsonb,
  config_id      uuid REFERENCES configs (id) ON DELETE SET NULL,
  component_id   uuid REFERENCES components (id) ON DELETE SET NULL,
  check_id       uuid REFERENCES checks (id) ON DELETE SET NULL,
  agent_id       uuid DEFAULT '00000000-0000-0000-0000-000000000000'
                 REFERENCES agents (id) ON DELETE SET NULL,
  scheduled_time timestamptz NOT NULL DEFAULT now(),
  start_time     timestamptz,
  end_time       timestamptz,
  created_by     uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER playbook_runs_set_updated_at BEFORE UPDATE ON playbook_runs
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE playbook_run_actions (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  playbook_run_id uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
  name            text NOT NULL,
  status          text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'running', 'waiting', 'scheduled', 'sleeping',
                                    'cancelled', 'completed', 'failed', 'skipped')),
  -- {stdout, stderr, logs, ...}
  result          jsonb,
  error           text,
  agent_id        uuid REFERENCES agents (id) ON DELETE SET NULL,
  retry_count     integer NOT NULL DEFAULT 0,
  scheduled_time  timestamptz NOT NULL DEFAULT now(),
  start_time      timestamptz,
  end_time        timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER playbook_run_actions_set_updated_at BEFORE UPDATE ON playbook_run_actions
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
