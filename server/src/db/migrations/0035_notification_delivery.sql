-- 0035_notification_delivery.sql
-- Several consumers of one event, each taking it once; notification sends with their own retries,
-- repeat-interval and silences.
--
-- Changes
--   event_queue               : done_consumers (the consumers that handled the event already: a
--                               retry runs only the others)
--   notification_send_history : status pending | sent | failed | silenced | repeat-interval; event_id,
--                               resource_type, resource_name, title, body (rendered markdown), attempts,
--                               silenced_by, next_attempt_at; one row per (notification, event, recipient)
--   notifications_summary     : most_common_error among failed sends
-- Creates
--   tables   : notification_silences (a window and selectors or a CEL filter that mute matching sends)

ALTER TABLE event_queue ADD COLUMN done_consumers text[] NOT NULL DEFAULT '{}';

-- Silences ----------------------------------------------------------------------------------------
CREATE TABLE notification_silences (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name            text NOT NULL,
  description     text,
  "from"          timestamptz NOT NULL DEFAULT now(),
  "until"         timestamptz NOT NULL,
  -- CEL over the variables of a notification filter
  filter          text,
  -- [{type?: check|config|component|canary, id?: uuid, name?: glob, labels?: label selector}]
  selectors       jsonb,
  -- only this notification when set
  notification_id uuid REFERENCES notifications (id) ON DELETE CASCADE,
  source          text DEFAULT 'UI',
  created_by      uuid DEFAULT current_person_id() REFERENCES people (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  deleted_at      timestamptz,
  CONSTRAINT notification_silences_window CHECK ("until" > "from"),
  CONSTRAINT notification_silences_matcher CHECK (
    nullif(btrim(filter), '') IS NOT NULL
    OR (jsonb_typeof(selectors) = 'array' AND jsonb_array_length(selectors) > 0)
  ),
  CONSTRAINT notification_silences_selectors CHECK (selectors IS NULL OR jsonb_typeof(selectors) = 'array')
);

CREATE TRIGGER notification_silences_set_updated_at BEFORE UPDATE ON notification_silences
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER notification_silences_keep_created_by BEFORE INSERT OR UPDATE OF created_by ON notification_silences
  FOR EACH ROW EXECUTE FUNCTION incident_keep_created_by();

CREATE INDEX notification_silences_active_idx ON notification_silences ("until") WHERE deleted_at IS NULL;

-- Send history ------------------------------------------------------------------------------------
ALTER TABLE notification_send_history DROP CONSTRAINT notification_send_history_status_check;
ALTER TABLE notification_send_history
  ADD CONSTRAINT notification_send_history_status_check
    CHECK (status IN ('pending', 'sent', 'failed', 'silenced', 'repeat-interval')),
  ADD COLUMN event_id        uuid,
  -- check | config | component | playbook_run | playbook | …
  ADD COLUMN resource_type   text,
  ADD COLUMN resource_name   text,
  ADD COLUMN title           text,
  -- the rendered markdown
  ADD COLUMN body            text,
  ADD COLUMN attempts        integer NOT NULL DEFAULT 0,
  ADD COLUMN silenced_by     uuid REFERENCES notification_silences (id) ON DELETE SET NULL,
  ADD COLUMN next_attempt_at timestamptz;

CREATE UNIQUE INDEX notification_send_history_event_recipient
  ON notification_send_history (notification_id, event_id, recipient);
-- what the sender picks up
CREATE INDEX notification_send_history_due_idx
  ON notification_send_history (next_attempt_at) WHERE status = 'pending';
-- repeat_interval: the last send to a recipient about a resource
CREATE INDEX notification_send_history_repeat_idx
  ON notification_send_history (notification_id, resource_id, recipient, created_at DESC)
  WHERE status IN ('pending', 'sent');
-- the silence preview looks back over the last days
CREATE INDEX notification_send_history_created_at_idx ON notification_send_history (created_at DESC);

-- Summary -----------------------------------------------------------------------------------------
CREATE OR REPLACE VIEW notifications_summary AS
SELECT n.*,
       CASE WHEN p.id IS NOT NULL
            THEN jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar, 'email', p.email)
       END AS person,
       CASE WHEN t.id IS NOT NULL
            THEN jsonb_build_object('id', t.id, 'name', t.name, 'icon', t.icon)
       END AS team,
       coalesce(h.pending, 0) AS pending,
       coalesce(h.failed, 0) AS failed,
       coalesce(h.sent, 0) AS sent,
       h.avg_duration_ms,
       h.most_common_error
FROM notifications n
LEFT JOIN people p ON p.id = n.person_id
LEFT JOIN teams t ON t.id = n.team_id
LEFT JOIN LATERAL (
  SELECT count(*) FILTER (WHERE s.status = 'pending') AS pending,
         count(*) FILTER (WHERE s.status = 'failed') AS failed,
         count(*) FILTER (WHERE s.status = 'sent') AS sent,
         round(avg(s.duration_millis) FILTER (WHERE s.status IN ('sent', 'failed')))::bigint AS avg_duration_ms,
         mode() WITHIN GROUP (ORDER BY s.error) FILTER (WHERE s.status = 'failed') AS most_common_error
  FROM notification_send_history s
  WHERE s.notification_id = n.id
) h ON true
WHERE n.deleted_at IS NULL;
