-- 0009_notifications_jobs_events.sql
-- Notifications and their send history, job history, and the domain event queue.
--
-- Creates
--   tables : notifications, notification_send_history, job_histories, event_queue

CREATE TABLE notifications (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name            text,
  namespace       text NOT NULL DEFAULT 'default',
  title           text,
  -- e.g. {check.failed, config.updated}
  events          text[] NOT NULL CHECK (cardinality(events) > 0),
  -- CEL expression
  filter          text,
  -- recipients: a person, a team, or custom services
  person_id       uuid REFERENCES people (id) ON DELETE SET NULL,
  team_id         uuid REFERENCES teams (id) ON DELETE SET NULL,
  -- [{connection, name, url?, properties?}]
  custom_services jsonb,
  repeat_interval text,
  -- markdown body template
  template        text,
  properties      jsonb,
  -- 'UI' when created in the UI; only UI (or empty) notifications are editable
  source          text DEFAULT 'UI',
  created_by      uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  deleted_at      timestamptz
);

CREATE TRIGGER notifications_set_updated_at BEFORE UPDATE ON notifications
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE notification_send_history (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  notification_id uuid NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  error           text,
  duration_millis integer,
  -- what the notification was about (for repeat_interval suppression) and where it went
  source_event    text,
  resource_id     uuid,
  recipient       text,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE job_histories (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name            text NOT NULL,
  agent_id        uuid DEFAULT '00000000-0000-0000-0000-000000000000'
                  REFERENCES agents (id) ON DELETE SET NULL,
  -- id of the resource the job ran for, as text (uuid of a canary, topology, scraper, ...;
  -- the name for properties)
  resource_id     text,
  -- canary, topology, config_scraper, catalog_scraper, config, playbook, team, incident_rule,
  -- notification, ...
  resource_type   text,
  resource_name   text,
  status          text NOT NULL DEFAULT 'RUNNING'
                  CHECK (status IN ('RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED')),
  hostname        text,
  time_start      timestamptz NOT NULL DEFAULT now(),
  time_end        timestamptz,
  duration_millis integer,
  success_count   integer NOT NULL DEFAULT 0,
  error_count     integer NOT NULL DEFAULT 0,
  -- {errors: [...], scrape_summary: {...}, summary: {...}}
  details         jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Domain events waiting to be consumed. A consumer claims rows with FOR UPDATE SKIP LOCKED,
-- deletes them on success, and on failure sets error, increments attempts and sets last_attempt.
CREATE TABLE event_queue (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name         text NOT NULL,
  properties   jsonb NOT NULL DEFAULT '{}'::jsonb,
  error        text,
  attempts     integer NOT NULL DEFAULT 0,
  last_attempt timestamptz,
  priority     integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now()
);
