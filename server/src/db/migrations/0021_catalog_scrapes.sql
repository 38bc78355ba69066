-- 0021_catalog_scrapes.sql
-- What real scrapes need: one catalog item per scraper, type and external id; the time each item was
-- last seen, kept apart so that a scrape that finds an item unchanged writes nothing to configs; a
-- fingerprint that folds a repeated change into count; and a scraper.changed event whenever a
-- ScrapeConfig is created, changed or deleted, from which the catalog syncs the scraper's schedule.
--
-- Changes
--   configs        : delete_reason (STALE, FROM_DELETE_FIELD, SCRAPER_DELETED …, as config-db names them);
--                    unique (scraper_id, type, external_id)
--   config_changes : fingerprint (what a change is, without its volatile values) and its lookup index
-- Creates
--   tables    : config_items_last_scraped_time (config_id -> when a scrape last saw it)
--   functions : config_scrapers_emit_changed()   scraper.changed on insert, update and delete

ALTER TABLE configs ADD COLUMN delete_reason text;

CREATE UNIQUE INDEX configs_scraper_type_external_id_key ON configs (scraper_id, type, external_id);

ALTER TABLE config_changes ADD COLUMN fingerprint text;

CREATE INDEX config_changes_fingerprint_idx ON config_changes (config_id, fingerprint, created_at DESC)
  WHERE fingerprint IS NOT NULL;

CREATE TABLE config_items_last_scraped_time (
  config_id         uuid PRIMARY KEY REFERENCES configs (id) ON DELETE CASCADE,
  last_scraped_time timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION config_scrapers_emit_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event('scraper.changed', coalesce(NEW.id, OLD.id)::text, jsonb_build_object('scraper_id', coalesce(NEW.id, OLD.id)));
  RETURN NULL;
END
$$;

CREATE TRIGGER config_scrapers_emit_changed_insert AFTER INSERT ON config_scrapers
  FOR EACH ROW EXECUTE FUNCTION config_scrapers_emit_changed();
CREATE TRIGGER config_scrapers_emit_changed_update AFTER UPDATE OF spec, name, namespace, deleted_at ON config_scrapers
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION config_scrapers_emit_changed();
CREATE TRIGGER config_scrapers_emit_changed_delete AFTER DELETE ON config_scrapers
  FOR EACH ROW EXECUTE FUNCTION config_scrapers_emit_changed();

-- Scrapers saved before this migration are synced once.
SELECT enqueue_event('scraper.changed', id::text, jsonb_build_object('scraper_id', id)) FROM config_scrapers;
