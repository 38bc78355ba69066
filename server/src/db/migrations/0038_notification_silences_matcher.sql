-- 0038_notification_silences_matcher.sql
-- A silence without a filter and without selectors is refused: 0035's CHECK let it through, as a
-- CHECK passes when it is NULL (jsonb_typeof(NULL) is NULL).
--
-- Changes
--   notification_silences : notification_silences_matcher is false, not NULL, when both are missing

ALTER TABLE notification_silences DROP CONSTRAINT notification_silences_matcher;
ALTER TABLE notification_silences ADD CONSTRAINT notification_silences_matcher CHECK (
  coalesce(nullif(btrim(filter), ''), '') <> ''
  OR coalesce(jsonb_typeof(selectors) = 'array' AND jsonb_array_length(selectors) > 0, false)
);
