-- 0026_related_configs_targets.sql
-- related_configs_recursive answers related_ids as duty's function does.
--
-- Replaces
--   functions : related_configs_recursive(config_id, include_deleted_configs, max_depth,
--                                         type_filter, relation, incoming_relation,
--                                         outgoing_relation)

-- The walk, its arguments and its rows are those of 0011_functions.sql. related_ids of a config
-- are now, as in duty, the related_id of each relationship the walk followed whose config_id is
-- that config: the configs its edges point at (downstream, a config's children farther from the
-- starting config; upstream, the config it was reached from), null when the walk followed none.
-- Before, they named the config each one was reached from, which points back toward the start on
-- the downstream side.
CREATE OR REPLACE FUNCTION related_configs_recursive(
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
  -- each step of the walk is an edge as it points: config_id -> related_id
  edges AS (
    SELECT CASE WHEN w.direction = 'outgoing' THEN w.from_id ELSE w.id END AS source,
           CASE WHEN w.direction = 'outgoing' THEN w.id ELSE w.from_id END AS target
    FROM walk w
    UNION
    -- a downstream step back into the starting config ends that path, but is an edge it followed
    SELECT w.id, r.related_id
    FROM walk w
    CROSS JOIN opts o
    JOIN config_relationships r ON r.config_id = w.id AND r.related_id = related_configs_recursive.config_id
    WHERE w.direction = 'outgoing' AND w.depth < o.max_d
      AND (o.with_deleted OR r.deleted_at IS NULL)
      AND (NOT o.out_hard_only OR r.relation = 'hard')
  ),
  targets AS (
    SELECT e.source AS id, array_agg(DISTINCT e.target) AS related_ids
    FROM edges e
    GROUP BY e.source
  ),
  reached AS (
    SELECT w.id,
           min(w.depth) AS depth,
           (array_agg(w.direction ORDER BY w.depth, w.direction DESC))[1] AS direction
    FROM walk w
    WHERE w.id <> related_configs_recursive.config_id
    GROUP BY w.id
  )
  SELECT c.id, c.name, c.type, t.related_ids, r.depth, r.direction, c.tags, c.health, c.status,
         c.deleted_at
  FROM reached r
  JOIN configs c ON c.id = r.id
  LEFT JOIN targets t ON t.id = r.id
  CROSS JOIN opts o
  WHERE o.with_deleted OR c.deleted_at IS NULL
  ORDER BY r.depth, c.type, c.name
$$;

COMMENT ON FUNCTION related_configs_recursive(uuid, boolean, integer, text, text, text, text) IS
  'Configs related to config_id through config_relationships, recursively, by direction and depth; related_ids are the configs each one points at in the walk.';
