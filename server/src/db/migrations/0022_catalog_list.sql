-- 0022_catalog_list.sql
-- Access paths of the catalog list: the summary's open insights per config, the flat table's
-- order by name within a config class, and the stale mark's read of when each item was last seen.
--
-- Creates: indexes only.

CREATE INDEX config_analysis_open_config_id_idx ON config_analysis (config_id, first_observed)
  WHERE status = 'open';
CREATE INDEX configs_class_name_idx ON configs (config_class, name) WHERE deleted_at IS NULL;
CREATE INDEX configs_deleted_type_idx ON configs (type, name) WHERE deleted_at IS NOT NULL;
