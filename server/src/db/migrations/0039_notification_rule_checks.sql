-- 0039_notification_rule_checks.sql
-- A notification written through the data service (the settings screen) names only events delivery
-- knows, a repeat interval delivery reads and a known script type, or is refused with a 400 that says
-- why. `pharos apply` checks the same (and that the CEL filter compiles, which SQL cannot) first.
--
-- Changes
--   notifications : notifications_check_rule, before an insert or an update of events,
--                   repeat_interval or properties

CREATE FUNCTION notifications_check_rule() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- spec 3 section 9, and the ends of playbook runs (server/src/notifications/events.ts)
  known CONSTANT text[] := ARRAY[
    'check.failed', 'check.passed',
    'component.healthy', 'component.unhealthy', 'component.unknown', 'component.warning',
    'config.created', 'config.deleted', 'config.healthy', 'config.unhealthy', 'config.unknown', 'config.updated', 'config.warning',
    'playbook.approval.inserted', 'playbook.spec.approval.updated',
    'playbook.run.completed', 'playbook.run.failed', 'playbook.run.cancelled', 'playbook.run.waiting'];
  unknown_event text;
  script_type jsonb;
BEGIN
  SELECT e INTO unknown_event FROM unnest(NEW.events) AS e WHERE e IS NULL OR NOT e = ANY (known) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation',
      MESSAGE = format('unknown event %s: one of %s', coalesce(unknown_event, 'null'), array_to_string(known, ', '));
  END IF;
  -- as delivery reads it (repeat-interval.ts): a whole number of s, h, d, w or m (months)
  IF coalesce(btrim(NEW.repeat_interval, E' \t\r\n'), '') <> '' AND NEW.repeat_interval !~* '^\s*\d+\s*[shdwm]\s*$' THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation',
      MESSAGE = format('repeat interval ''%s'' is not one of 1h, 2h, 3h, 6h, 1d, 1w, 1m', btrim(NEW.repeat_interval, E' \t\r\n'));
  END IF;
  script_type := CASE WHEN jsonb_typeof(NEW.properties) = 'object' THEN NEW.properties -> 'template_type' END;
  IF script_type IS NOT NULL AND script_type <> 'null'::jsonb AND script_type <> '""'::jsonb
     AND (jsonb_typeof(script_type) <> 'string' OR NOT (script_type #>> '{}') = ANY (ARRAY['javascript', 'expr', 'jsonpath'])) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation',
      MESSAGE = format('template_type %s is not one of javascript, expr, jsonpath', script_type::text);
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER notifications_check_rule BEFORE INSERT OR UPDATE OF events, repeat_interval, properties ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_check_rule();
