-- 0015_event_stream.sql
-- Domain events, written by triggers in the transaction of the change that causes them (a change
-- that rolls back leaves no event), merged while pending, and announced with NOTIFY on commit.
--
-- Changes
--   event_queue: subject_id (what the event is about; '' when nothing in particular) and
--                next_attempt_at (when a consumer may claim it: now, or later after a failure)
-- Creates
--   functions : enqueue_event(name, subject_id, properties)   the one way to add an event
--   triggers  : check.passed / check.failed            checks.status changes
--               component.{healthy,unhealthy,unknown,warning}   components.health changes
--               config.created / config.updated / config.deleted, config.{health}   configs
--               the incident history types               each incident_histories row
--               playbook.run.{status}                     playbook_runs.status changes
--               playbook.spec.approval.updated            playbooks.spec -> approval changes

ALTER TABLE event_queue
  ADD COLUMN subject_id text NOT NULL DEFAULT '',
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();

-- Two pending events of one name about one subject are one event.
CREATE UNIQUE INDEX event_queue_pending_subject ON event_queue (name, subject_id) WHERE attempts = 0 AND subject_id <> '';
CREATE INDEX event_queue_due ON event_queue (next_attempt_at);

CREATE FUNCTION enqueue_event(event_name text, subject text, event_properties jsonb DEFAULT '{}'::jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_queue (name, subject_id, properties)
  VALUES (event_name, coalesce(subject, ''), coalesce(event_properties, '{}'::jsonb))
  ON CONFLICT (name, subject_id) WHERE attempts = 0 AND subject_id <> ''
  DO UPDATE SET properties = event_queue.properties || EXCLUDED.properties;
  -- Delivered at commit only, and once per name however many events the transaction wrote.
  PERFORM pg_notify('pharos_events', event_name);
END
$$;

COMMENT ON FUNCTION enqueue_event(text, text, jsonb) IS
  'Adds a domain event (merged with a pending one of the same name and subject) and wakes the consumers at commit.';

-- Checks ------------------------------------------------------------------------------------------
CREATE FUNCTION checks_emit_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'healthy' THEN
    PERFORM enqueue_event('check.passed', NEW.id::text, jsonb_build_object('check_id', NEW.id, 'canary_id', NEW.canary_id));
  ELSIF NEW.status = 'unhealthy' THEN
    PERFORM enqueue_event('check.failed', NEW.id::text, jsonb_build_object('check_id', NEW.id, 'canary_id', NEW.canary_id));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER checks_emit_events AFTER UPDATE OF status ON checks
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status) EXECUTE FUNCTION checks_emit_events();

-- Components --------------------------------------------------------------------------------------
CREATE FUNCTION components_emit_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.health IS NOT NULL THEN
    PERFORM enqueue_event('component.' || NEW.health, NEW.id::text, jsonb_build_object('component_id', NEW.id));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER components_emit_events AFTER UPDATE OF health ON components
  FOR EACH ROW WHEN (NEW.health IS DISTINCT FROM OLD.health) EXECUTE FUNCTION components_emit_events();

-- Configs -----------------------------------------------------------------------------------------
CREATE FUNCTION configs_emit_events() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  subject jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM enqueue_event('config.deleted', OLD.id::text, jsonb_build_object('config_id', OLD.id));
    RETURN NULL;
  END IF;
  subject := jsonb_build_object('config_id', NEW.id);
  IF TG_OP = 'INSERT' THEN
    PERFORM enqueue_event('config.created', NEW.id::text, subject);
  ELSIF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    PERFORM enqueue_event('config.deleted', NEW.id::text, subject);
    RETURN NULL;
  ELSE
    PERFORM enqueue_event('config.updated', NEW.id::text, subject);
  END IF;
  IF NEW.health IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.health IS DISTINCT FROM OLD.health) THEN
    PERFORM enqueue_event('config.' || NEW.health, NEW.id::text, subject);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER configs_emit_events AFTER INSERT OR UPDATE OR DELETE ON configs
  FOR EACH ROW EXECUTE FUNCTION configs_emit_events();

-- Incidents: every history entry is an event of its type ------------------------------------------
CREATE FUNCTION incident_histories_emit_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event(
    NEW.type,
    NEW.id::text,
    jsonb_build_object('incident_id', NEW.incident_id, 'history_id', NEW.id) || NEW.properties
  );
  RETURN NULL;
END
$$;

CREATE TRIGGER incident_histories_emit_events AFTER INSERT ON incident_histories
  FOR EACH ROW EXECUTE FUNCTION incident_histories_emit_events();

-- Playbooks ---------------------------------------------------------------------------------------
CREATE FUNCTION playbook_runs_emit_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event('playbook.run.' || NEW.status, NEW.id::text, jsonb_build_object('run_id', NEW.id, 'playbook_id', NEW.playbook_id));
  RETURN NULL;
END
$$;

CREATE TRIGGER playbook_runs_emit_events_insert AFTER INSERT ON playbook_runs
  FOR EACH ROW EXECUTE FUNCTION playbook_runs_emit_events();
CREATE TRIGGER playbook_runs_emit_events_update AFTER UPDATE OF status ON playbook_runs
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status) EXECUTE FUNCTION playbook_runs_emit_events();

CREATE FUNCTION playbooks_emit_approval_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event('playbook.spec.approval.updated', NEW.id::text, jsonb_build_object('playbook_id', NEW.id));
  RETURN NULL;
END
$$;

CREATE TRIGGER playbooks_emit_approval_events AFTER UPDATE OF spec ON playbooks
  FOR EACH ROW WHEN (NEW.spec -> 'approval' IS DISTINCT FROM OLD.spec -> 'approval')
  EXECUTE FUNCTION playbooks_emit_approval_events();
