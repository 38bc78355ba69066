-- 0025_playbook_triggers.sql
-- What started a playbook run besides a person (the event or the webhook request its templates see),
-- and playbook.changed, which keeps a playbook's schedules (on.schedule) in step with its spec.

ALTER TABLE playbook_runs ADD COLUMN trigger jsonb;

COMMENT ON COLUMN playbook_runs.trigger IS
  '{event: {name, properties}} for a run an event started, {request: {method, url, headers, json|content}} for a webhook''s';

CREATE FUNCTION playbooks_emit_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event('playbook.changed', coalesce(NEW.id, OLD.id)::text, jsonb_build_object('playbook_id', coalesce(NEW.id, OLD.id)));
  RETURN NULL;
END
$$;

CREATE TRIGGER playbooks_emit_changed AFTER INSERT OR DELETE OR UPDATE OF spec, deleted_at ON playbooks
  FOR EACH ROW EXECUTE FUNCTION playbooks_emit_changed();

-- Webhook triggers are found by their path.
CREATE INDEX playbooks_webhook_path ON playbooks ((spec -> 'on' -> 'webhook' ->> 'path')) WHERE deleted_at IS NULL;
