-- 0027_catalog_scale_indexes.sql
-- Access paths of the catalog's screens at a million items and ten million changes: the search
-- box's ilike '%term%' over name, type, description and namespace (trigram indexes), the changes
-- page newest first (ORDER BY created_at DESC NULLS LAST, id DESC) with its count read from the
-- index alone, the live changes counted without joining every config (deleted ones are few), and a
-- summary group's first and last times.
--
-- Creates: the pg_trgm extension (trusted: a database owner may create it) and indexes only.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX configs_name_trgm_idx ON configs USING gin (name gin_trgm_ops);
CREATE INDEX configs_type_trgm_idx ON configs USING gin (type gin_trgm_ops);
CREATE INDEX configs_description_trgm_idx ON configs USING gin (description gin_trgm_ops);
CREATE INDEX configs_namespace_trgm_idx ON configs USING gin (namespace gin_trgm_ops);

CREATE INDEX config_changes_created_at_id_idx ON config_changes (created_at DESC NULLS LAST, id DESC) INCLUDE (config_id);
CREATE INDEX configs_deleted_id_idx ON configs (id) WHERE deleted_at IS NOT NULL;
-- The ids of a type's live configs, and a live config's class and type, without reading the rows.
CREATE INDEX configs_live_type_id_idx ON configs (type, id) WHERE deleted_at IS NULL;
CREATE INDEX configs_live_id_class_type_idx ON configs (id) INCLUDE (config_class, type) WHERE deleted_at IS NULL;

CREATE INDEX configs_class_type_created_at_idx ON configs (config_class, type, created_at) WHERE deleted_at IS NULL;
CREATE INDEX configs_class_type_updated_at_idx ON configs (config_class, type, updated_at) WHERE deleted_at IS NULL;
