-- 0041_applied_notifications_read_only.sql
-- A notification applied from a file (source other than 'UI' or empty) is changed where it is kept and
-- applied again: the data service refuses to update or delete it, as the screen shows it read-only.
--
-- Creates
--   functions : refuse_edit_of_applied()
--   triggers  : notifications_refuse_edit_of_applied

CREATE FUNCTION refuse_edit_of_applied() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('pharos.write_path', true) = 'data-service' AND coalesce(OLD.source, '') NOT IN ('', 'UI') THEN
    RAISE EXCEPTION 'This % comes from %: change it there and apply it again', TG_ARGV[0], OLD.source
      USING ERRCODE = 'insufficient_privilege',
            HINT = 'Only what was made on the screen (source UI) is edited here.';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$$;

CREATE TRIGGER notifications_refuse_edit_of_applied BEFORE UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION refuse_edit_of_applied('notification');
