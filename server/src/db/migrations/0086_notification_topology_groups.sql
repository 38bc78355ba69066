-- 0086_notification_topology_groups.sql
-- A notification may group the failures of a component's dependents under their root: while a parent
-- component is unhealthy, sends about its descendants (child components and the checks linked to
-- them) are held and sent as one message naming the root when the group's window closes; a root that
-- recovers inside the window lets what it held go out as it would have.
--
-- Changes
--   notifications             : group_by_topology (off by default), group_window (a Go duration, 5m when empty)
--   notification_send_history : status held | grouped too; group_id
-- Creates
--   tables : notification_groups (one open group per notification and root)

ALTER TABLE notifications
  ADD COLUMN group_by_topology boolean NOT NULL DEFAULT false,
  ADD COLUMN group_window      text CHECK (group_window IS NULL OR group_window ~ '^\s*$' OR group_window ~ '^\s*\d+\s*(s|m|h)\s*$');

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
