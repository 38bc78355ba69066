-- 0020_canary_events.sql
-- A canary.changed event whenever a canary is created, its spec, name or namespace changes, or it is
-- deleted (soft or hard): the health area syncs the canary's checks and its schedule from it, however
-- the canary was written (settings screen, data service, pharos apply).

CREATE FUNCTION canaries_emit_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event('canary.changed', coalesce(NEW.id, OLD.id)::text, jsonb_build_object('canary_id', coalesce(NEW.id, OLD.id)));
  RETURN NULL;
END
$$;

CREATE TRIGGER canaries_emit_changed_insert AFTER INSERT ON canaries
  FOR EACH ROW EXECUTE FUNCTION canaries_emit_changed();
CREATE TRIGGER canaries_emit_changed_update AFTER UPDATE OF spec, name, namespace, labels, deleted_at ON canaries
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION canaries_emit_changed();
CREATE TRIGGER canaries_emit_changed_delete AFTER DELETE ON canaries
  FOR EACH ROW EXECUTE FUNCTION canaries_emit_changed();

-- Canaries saved before this migration are synced once.
SELECT enqueue_event('canary.changed', id::text, jsonb_build_object('canary_id', id)) FROM canaries;
