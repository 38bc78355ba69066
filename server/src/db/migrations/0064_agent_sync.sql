-- 0064_agent_sync.sql
-- Pharos running as an agent pushes its rows upstream table by table, in pages ordered by when a row
-- last changed. It keeps one cursor per table, advanced only once upstream has acknowledged the page,
-- so a restart of either side resumes where it stopped and nothing is skipped.
--
-- Changes
--   tables    : agent_sync_cursors   (table_name, position jsonb, updated_at) — the agent's cursors
--   columns   : job_histories.updated_at   so a run that finishes after it was pushed is pushed again
--   indexes   : (change time, key) of each pushed table, so reading the next page never sorts a table;
--               checks and configs are unique per agent (one canary or scraper may run on several)

CREATE TABLE agent_sync_cursors (
  table_name text PRIMARY KEY,
  position   jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE job_histories ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE TRIGGER job_histories_set_updated_at BEFORE UPDATE ON job_histories
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE INDEX canaries_sync_order ON canaries (updated_at, id);
CREATE INDEX config_scrapers_sync_order ON config_scrapers (updated_at, id);
CREATE INDEX topologies_sync_order ON topologies (updated_at, id);
CREATE INDEX checks_sync_order ON checks (updated_at, id);
CREATE INDEX check_statuses_sync_order ON check_statuses (created_at, check_id, time);
CREATE INDEX configs_sync_order ON configs (updated_at, id);
CREATE INDEX config_changes_sync_order ON config_changes (created_at, id);
CREATE INDEX config_analysis_sync_order ON config_analysis (updated_at, id);
CREATE INDEX config_relationships_sync_order ON config_relationships (updated_at, config_id, related_id, relation);
CREATE INDEX components_sync_order ON components (updated_at, id);
CREATE INDEX job_histories_sync_order ON job_histories (updated_at, id);

-- One canary (or scraper) assigned to several agents gives each of them checks (or items) of the
-- same names: they are told apart by the agent that pushed them.
DROP INDEX checks_canary_type_name_key;
CREATE UNIQUE INDEX checks_canary_type_name_key ON checks (canary_id, agent_id, type, name) WHERE deleted_at IS NULL;
DROP INDEX configs_scraper_type_external_id_key;
CREATE UNIQUE INDEX configs_scraper_type_external_id_key ON configs (scraper_id, agent_id, type, external_id);
