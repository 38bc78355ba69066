-- 0011_functions.sql
-- RPC functions called through /api/db/rpc/{fn}.
--
-- Creates
--   functions : related_configs_recursive(config_id, include_deleted_configs, max_depth,
--                                         type_filter, relation, incoming_relation,
--                                         outgoing_relation)
--               lookup_analysis_by_component(id)

-- Configs related to a config through config_relationships, walked recursively.
--   type_filter        'all' (both directions), 'downstream' (outgoing edges: config_id ->
--                      related_id) or 'upstream' (incoming edges); a path never turns around.
--   incoming_relation / outgoing_relation
--                      'both' follows every relation, 'hard' only relation = 'hard'
--                      (parent/child) edges.
--   relation           'hard' restricts both directions to hard edges; 'both' leaves them to
--                      incoming_relation / outgoing_relation.
-- Returns one row per related config (the starting config itself excluded), at the smallest
-- depth it is reached; related_ids are the configs it is connected to in the walk (the edge
-- sources towards the starting config); direction is 'outgoing' (downstream) or 'incoming'
-- (upstream). PostgREST filters on the result columns (type, status, health ...) apply after.
CREATE FUNCTION related_configs_recursive(
  config_id               uuid,
  include_deleted_configs boolean DEFAULT false,
  max_depth               integer DEFAULT 10,
  type_filter             text DEFAULT 'all',
  relation                text DEFAULT 'both',
  incoming_relation       text DEFAULT 'both',
  outgoing_relation       text DEFAULT 'both'
)
RETURNS TABLE (
  id          uuid,
  name        text,
  type        text,
  related_ids uuid[],
  depth       integer,
  direction   text,
  tags        jsonb,
  health      text,
  status      text,
  deleted_at  timestamptz
)
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE
  opts AS (
    SELECT coalesce(lower(related_configs_recursive.type_filter), 'all') IN ('all', 'both', 'downstream', 'outgoing')
             AS walk_out,
           coalesce(lower(related_configs_recursive.type_filter), 'all') IN ('all', 'both', 'upstream', 'incoming')
             AS walk_in,
           (lower(related_configs_recursive.relation) = 'hard'
             OR lower(related_configs_recursive.outgoing_relation) = 'hard') AS out_hard_only,
           (lower(related_configs_recursive.relation) = 'hard'
             OR lower(related_configs_recursive.incoming_relation) = 'hard') AS in_hard_only,
           coalesce(related_configs_recursive.include_deleted_configs, false) AS with_deleted,
           least(greatest(coalesce(related_configs_recursive.max_depth, 10), 0), 100) AS max_d
  ),
  -- UNION (not UNION ALL) with no path column: a config is expanded at most once per
  -- (edge, depth, direction), so the walk stays bounded by edges x max_depth even on cycles.
  walk (id, from_id, depth, direction) AS (
    -- first step out of the starting config
    SELECT r.related_id, r.config_id, 1, 'outgoing'::text
    FROM opts o
    JOIN config_relationships r ON r.config_id = related_configs_recursive.config_id
    WHERE o.walk_out AND o.max_d >= 1
      AND (o.with_deleted OR r.deleted_at IS NULL)
      AND (NOT o.out_hard_only OR r.relation = 'hard')
    UNION
    SELECT r.config_id, r.related_id, 1, 'incoming'::text
    FROM opts o
    JOIN config_relationships r ON r.related_id = related_configs_recursive.config_id
    WHERE o.walk_in AND o.max_d >= 1
      AND (o.with_deleted OR r.deleted_at IS NULL)
      AND (NOT o.in_hard_only OR r.relation = 'hard')
    UNION
    -- further steps keep the direction of the path
    SELECT nxt.id, w.id, w.depth + 1, w.direction
    FROM walk w
    CROSS JOIN opts o
    CROSS JOIN LATERAL (
      SELECT r.related_id AS id
      FROM config_relationships r
      WHERE w.direction = 'outgoing' AND r.config_id = w.id
        AND (o.with_deleted OR r.deleted_at IS NULL)
        AND (NOT o.out_hard_only OR r.relation = 'hard')
      UNION
      SELECT r.config_id
      FROM config_relationships r
      WHERE w.direction = 'incoming' AND r.related_id = w.id
        AND (o.with_deleted OR r.deleted_at IS NULL)
        AND (NOT o.in_hard_only OR r.relation = 'hard')
    ) AS nxt
    WHERE w.depth < o.max_d
      AND nxt.id <> related_configs_recursive.config_id
      -- do not walk through deleted configs unless asked to
      AND (o.with_deleted OR EXISTS (SELECT 1 FROM configs c
                                      WHERE c.id = w.id AND c.deleted_at IS NULL))
  ),
  reached AS (
    SELECT w.id,
           min(w.depth) AS depth,
           (array_agg(w.direction ORDER BY w.depth, w.direction DESC))[1] AS direction,
           array_agg(DISTINCT w.from_id) AS related_ids
    FROM walk w
    WHERE w.id <> related_configs_recursive.config_id
    GROUP BY w.id
  )
  SELECT c.id, c.name, c.type, r.related_ids, r.depth, r.direction, c.tags, c.health, c.status,
         c.deleted_at
  FROM reached r
  JOIN configs c ON c.id = r.id
  CROSS JOIN opts o
  WHERE o.with_deleted OR c.deleted_at IS NULL
  ORDER BY r.depth, c.type, c.name
$$;

COMMENT ON FUNCTION related_configs_recursive(uuid, boolean, integer, text, text, text, text) IS
  'Configs related to config_id through config_relationships, recursively, by direction and depth.';

-- Insights of the configs linked to a component or to any of its descendants.
CREATE FUNCTION lookup_analysis_by_component(id uuid)
RETURNS SETOF config_analysis
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE tree (id, depth) AS (
    SELECT c.id, 0 FROM components c WHERE c.id = lookup_analysis_by_component.id
    UNION ALL
    SELECT c.id, t.depth + 1
    FROM components c
    JOIN tree t ON c.parent_id = t.id
    WHERE t.depth < 50 AND c.deleted_at IS NULL
  )
  SELECT ca.*
  FROM config_analysis ca
  WHERE ca.config_id IN (
    SELECT ccr.config_id
    FROM config_component_relationships ccr
    JOIN tree t ON t.id = ccr.component_id
    JOIN configs c ON c.id = ccr.config_id
    WHERE ccr.deleted_at IS NULL AND c.deleted_at IS NULL
  )
  ORDER BY ca.first_observed DESC
$$;

COMMENT ON FUNCTION lookup_analysis_by_component(uuid) IS
  'config_analysis rows of the configs linked to a component and to its descendants.';
