-- 0057_event_consumers.sql
-- The event names some consumer takes, as `pharos serve` registers them when it starts (the list of
-- the processes sharing the database; replaced whole by each start). Once the list is known,
-- enqueue_event() leaves out events of other names: nobody would take them, and they would wait as
-- pending for ever. Before any server has registered, every event is queued.
--
-- Creates
--   tables    : event_consumers (name)
-- Changes
--   functions : enqueue_event(name, subject_id, properties)   skips names no consumer takes

CREATE TABLE event_consumers (
  name          text PRIMARY KEY,
  registered_at timestamptz NOT NULL DEFAULT now()
);

COMMENT ON TABLE event_consumers IS 'Event names a consumer takes (registered by pharos serve); enqueue_event queues no others once there are any.';

CREATE OR REPLACE FUNCTION enqueue_event(event_name text, subject text, event_properties jsonb DEFAULT '{}'::jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM event_consumers) AND NOT EXISTS (SELECT 1 FROM event_consumers WHERE name = event_name) THEN
    RETURN;
  END IF;
  INSERT INTO event_queue (name, subject_id, properties)
  VALUES (event_name, coalesce(subject, ''), coalesce(event_properties, '{}'::jsonb))
  ON CONFLICT (name, subject_id) WHERE attempts = 0 AND subject_id <> ''
  DO UPDATE SET properties = event_queue.properties || EXCLUDED.properties;
  -- Delivered at commit only, and once per name however many events the transaction wrote.
  PERFORM pg_notify('pharos_events', event_name);
END
$$;

COMMENT ON FUNCTION enqueue_event(text, text, jsonb) IS
  'Adds a domain event that some consumer takes (merged with a pending one of the same name and subject) and wakes the consumers at commit.';
