-- 0086_notification_topology_groups.sql
-- A notification may group the failures of a component's dependents under their root: while a parent
-- component is unhealthy, sends about its descendants (child components and the checks linked to
-- them) are held and sent as one message naming the root when the group's window closes; a root that
-- recovers inside the window lets what it held go out as it would have.
--
-- Changes
--   notifications             : group_by_topology (off by default), group_window (a Go duration, 5m when empty)
--   notification_send_history : status held | grouped too; group_id
--   notifications_summary     : the new columns (n.* is read when a view is made); held sends count as pending
-- Creates
--   tables : notification_groups (one open group per notification and root)

ALTER TABLE notifications
  ADD COLUMN group_by_topology boolean NOT NULL DEFAULT false,
  ADD COLUMN group_window      text;

-- as delivery reads it (grouping/group-window.ts): a whole number of seconds, minutes or hours
CREATE FUNCTION notifications_check_group_window() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(btrim(NEW.group_window, E' \t\r\n'), '') <> '' AND NEW.group_window !~ '^\s*0*[1-9]\d*\s*[smh]\s*$' THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation',
      MESSAGE = format('group window ''%s'' is not a whole number of seconds, minutes or hours such as 30s, 5m or 1h', btrim(NEW.group_window, E' \t\r\n'));
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER notifications_check_group_window BEFORE INSERT OR UPDATE OF group_window ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_check_group_window();

CREATE TABLE notification_groups (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  notification_id uuid NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  root_id         uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  -- open: holding sends; sent: the grouped message was written; released: the root recovered in time
  status          text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'sent', 'released')),
  closes_at       timestamptz NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  closed_at       timestamptz
);

CREATE UNIQUE INDEX notification_groups_open_root ON notification_groups (notification_id, root_id) WHERE status = 'open';
CREATE INDEX notification_groups_open_closes_at ON notification_groups (closes_at) WHERE status = 'open';

ALTER TABLE notification_send_history DROP CONSTRAINT notification_send_history_status_check;
ALTER TABLE notification_send_history
  ADD CONSTRAINT notification_send_history_status_check
    CHECK (status IN ('pending', 'sent', 'failed', 'silenced', 'repeat-interval', 'held', 'grouped')),
  ADD COLUMN group_id uuid REFERENCES notification_groups (id) ON DELETE SET NULL;

CREATE INDEX notification_send_history_group_idx ON notification_send_history (group_id) WHERE group_id IS NOT NULL;

-- Summary, made again so that its n.* holds the new columns ----------------------------------------
DROP VIEW notifications_summary;
CREATE VIEW notifications_summary AS
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
  SELECT count(*) FILTER (WHERE s.status IN ('pending', 'held')) AS pending,
         count(*) FILTER (WHERE s.status = 'failed') AS failed,
         count(*) FILTER (WHERE s.status = 'sent') AS sent,
         round(avg(s.duration_millis) FILTER (WHERE s.status IN ('sent', 'failed')))::bigint AS avg_duration_ms,
         mode() WITHIN GROUP (ORDER BY s.error) FILTER (WHERE s.status = 'failed') AS most_common_error
  FROM notification_send_history s
  WHERE s.notification_id = n.id
) h ON true
WHERE n.deleted_at IS NULL;
