-- 0042_incident_list_indexes.sql
-- Access paths of /incidents at 100,000 incidents. The search box's title=ilike.*word* read every
-- incident when the word is rare (a trigram index finds its few rows; for a common word the planner
-- still walks created_at and stops at the page). Go to page counts off rows in the list's order
-- (created_at DESC, id DESC) with the status filter: the indexes carry the id too, so that is an
-- index-only scan instead of fetching every incident of every status up to the page and sorting
-- each created_at's ties. Each replaces the index that was its prefix.
--
-- Creates
--   indexes   : incidents_title_trgm_idx              GIN trigrams over title
--               incidents_status_created_at_id_idx    (status, created_at DESC, id DESC)
--               incidents_created_at_id_idx           (created_at DESC, id DESC)
-- Drops
--   indexes   : incidents_status_created_at_idx, incidents_created_at_idx

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX incidents_title_trgm_idx ON incidents USING gin (title gin_trgm_ops);

CREATE INDEX incidents_status_created_at_id_idx ON incidents (status, created_at DESC, id DESC);
DROP INDEX incidents_status_created_at_idx;

CREATE INDEX incidents_created_at_id_idx ON incidents (created_at DESC, id DESC);
DROP INDEX incidents_created_at_idx;
