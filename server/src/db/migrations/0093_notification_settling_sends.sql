-- 0093_notification_settling_sends.sql
-- A notification grouping by topology holds a failure whose root is not unhealthy yet for a short
-- settle period, as a held send with no group_id whose next_attempt_at is when it settles; delivery
-- looks for those due on every round, so they get an index of their own.
--
-- Creates
--   indexes : notification_send_history_settling_idx (held sends waiting to settle, by when they do)

CREATE INDEX notification_send_history_settling_idx ON notification_send_history (next_attempt_at)
  WHERE status = 'held' AND group_id IS NULL;
