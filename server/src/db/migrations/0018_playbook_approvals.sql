-- 0018_playbook_approvals.sql
-- Approvals given to a playbook run waiting for them, by a person (or on behalf of a team), and
-- the playbook.approval.inserted event each one writes in its own transaction.

CREATE TABLE playbook_approvals (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  run_id     uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
  person_id  uuid REFERENCES people (id) ON DELETE SET NULL,
  team_id    uuid REFERENCES teams (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT playbook_approvals_approver CHECK (person_id IS NOT NULL OR team_id IS NOT NULL)
);

-- One approval per approver and run.
CREATE UNIQUE INDEX playbook_approvals_person ON playbook_approvals (run_id, person_id) WHERE person_id IS NOT NULL;
CREATE UNIQUE INDEX playbook_approvals_team ON playbook_approvals (run_id, team_id) WHERE team_id IS NOT NULL;

CREATE FUNCTION playbook_approvals_emit_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event('playbook.approval.inserted', NEW.id::text,
    jsonb_build_object('run_id', NEW.run_id, 'approval_id', NEW.id, 'person_id', NEW.person_id, 'team_id', NEW.team_id));
  RETURN NULL;
END
$$;

CREATE TRIGGER playbook_approvals_emit_events AFTER INSERT ON playbook_approvals
  FOR EACH ROW EXECUTE FUNCTION playbook_approvals_emit_events();
