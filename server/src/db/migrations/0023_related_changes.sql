-- 0023_related_changes.sql
-- The changes of a config and of the configs related to it, for /rpc/related_changes_recursive.
--
-- Creates
--   functions : related_changes_recursive(lookup_id, type_filter, include_deleted_configs, max_depth)

-- type_filter 'downstream' (default), 'upstream', 'all' or 'none' (the config's own changes only),
-- walked by related_configs_recursive to max_depth (5 unless given). The config's own changes always
-- count; those of deleted related configs only with include_deleted_configs.
CREATE FUNCTION related_changes_recursive(
  lookup_id               uuid,
  type_filter             text DEFAULT 'downstream',
  include_deleted_configs boolean DEFAULT false,
  max_depth               integer DEFAULT 5
)
RETURNS SETOF config_changes
LANGUAGE sql STABLE AS $$
  SELECT cc.* FROM config_changes cc WHERE cc.config_id = related_changes_recursive.lookup_id
  UNION ALL
  SELECT cc.*
  FROM related_configs_recursive(related_changes_recursive.lookup_id,
                                 related_changes_recursive.include_deleted_configs,
                                 coalesce(related_changes_recursive.max_depth, 5),
                                 coalesce(related_changes_recursive.type_filter, 'downstream')) r
  JOIN config_changes cc ON cc.config_id = r.id
  WHERE lower(coalesce(related_changes_recursive.type_filter, 'downstream')) <> 'none'
$$;

COMMENT ON FUNCTION related_changes_recursive(uuid, text, boolean, integer) IS
  'Changes of lookup_id and of its related configs (downstream, upstream, all or none) to max_depth.';
