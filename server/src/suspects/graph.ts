/** Hops walked from the anchor. */
export const MAX_DEPTH = 3;
/** The most nodes one hop keeps: a hub (a cluster, a namespace) must not make one request read the whole catalog. */
export const MAX_NODES_PER_HOP = 5_000;

// One hop from the nodes of `from`, along every relationship the catalog and topology keep, both ways.
const hop = (from: string) => `
    SELECT 'config'::text AS kind, r.related_id AS id FROM config_relationships r JOIN ${from} f ON f.kind = 'config' AND r.config_id = f.id WHERE r.deleted_at IS NULL
    UNION ALL SELECT 'config', r.config_id FROM config_relationships r JOIN ${from} f ON f.kind = 'config' AND r.related_id = f.id WHERE r.deleted_at IS NULL
    UNION ALL SELECT 'component', r.component_id FROM config_component_relationships r JOIN ${from} f ON f.kind = 'config' AND r.config_id = f.id WHERE r.deleted_at IS NULL
    UNION ALL SELECT 'check', r.check_id FROM check_config_relationships r JOIN ${from} f ON f.kind = 'config' AND r.config_id = f.id WHERE r.deleted_at IS NULL
    UNION ALL SELECT 'config', r.config_id FROM config_component_relationships r JOIN ${from} f ON f.kind = 'component' AND r.component_id = f.id WHERE r.deleted_at IS NULL
    UNION ALL SELECT 'component', r.relationship_id FROM component_relationships r JOIN ${from} f ON f.kind = 'component' AND r.component_id = f.id WHERE r.deleted_at IS NULL
    UNION ALL SELECT 'component', r.component_id FROM component_relationships r JOIN ${from} f ON f.kind = 'component' AND r.relationship_id = f.id WHERE r.deleted_at IS NULL
    UNION ALL SELECT 'component', c.parent_id FROM components c JOIN ${from} f ON f.kind = 'component' AND c.id = f.id WHERE c.parent_id IS NOT NULL
    UNION ALL SELECT 'component', c.id FROM components c JOIN ${from} f ON f.kind = 'component' AND c.parent_id = f.id WHERE c.deleted_at IS NULL
    UNION ALL SELECT 'check', r.check_id FROM check_component_relationships r JOIN ${from} f ON f.kind = 'component' AND r.component_id = f.id WHERE r.deleted_at IS NULL
    UNION ALL SELECT 'config', r.config_id FROM check_config_relationships r JOIN ${from} f ON f.kind = 'check' AND r.check_id = f.id WHERE r.deleted_at IS NULL
    UNION ALL SELECT 'component', r.component_id FROM check_component_relationships r JOIN ${from} f ON f.kind = 'check' AND r.check_id = f.id WHERE r.deleted_at IS NULL`;

const level = (depth: number) => {
  const earlier = Array.from({ length: depth }, (_, index) => `hop${index}`);
  const unseen = earlier.map((name) => `NOT EXISTS (SELECT 1 FROM ${name} s WHERE s.kind = n.kind AND s.id = n.id)`).join(' AND ');
  return `hop${depth} AS (SELECT DISTINCT n.kind, n.id FROM (${hop(`hop${depth - 1}`)}) n WHERE ${unseen} LIMIT ${MAX_NODES_PER_HOP})`;
};

/**
 * CTEs of the walk from the seeds ($1 configs, $2 components, $3 checks: uuid[]), breadth first to
 * MAX_DEPTH hops, each node at its fewest hops: `nodes(config_id, distance)` are the configs met and
 * `walk_truncated(truncated)` says whether a hop stopped at MAX_NODES_PER_HOP.
 */
export function neighbourhoodCtes(): string {
  const hops = Array.from({ length: MAX_DEPTH }, (_, index) => level(index + 1));
  const configs = Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => `SELECT id, ${depth} FROM hop${depth} WHERE kind = 'config'`).join(' UNION ALL ');
  const full = Array.from({ length: MAX_DEPTH }, (_, index) => `(SELECT count(*) FROM hop${index + 1}) >= ${MAX_NODES_PER_HOP}`).join(' OR ');
  return `hop0 AS (
      SELECT 'config'::text AS kind, id FROM unnest($1::uuid[]) id
      UNION SELECT 'component', id FROM unnest($2::uuid[]) id
      UNION SELECT 'check', id FROM unnest($3::uuid[]) id),
    ${hops.join(',\n    ')},
    nodes (config_id, distance) AS (${configs}),
    walk_truncated AS (SELECT ${full} AS truncated)`;
}
