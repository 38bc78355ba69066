import type pg from 'pg';
import type { Seeds } from './anchor.js';

export const MAX_DEPTH = 3;
/** The most nodes one walk keeps: a hub (a cluster, a namespace) must not make one request read the whole catalog. */
export const MAX_NODES = 5_000;

type NodeKind = 'config' | 'component' | 'check';

/** The configs met on the walk, each at the fewest hops from the anchor. */
export interface Neighbourhood {
  configs: Map<string, number>;
  /** The walk stopped at MAX_NODES before it had met every node within MAX_DEPTH. */
  truncated: boolean;
}

// One hop from the frontier, along every relationship the catalog and topology keep, both ways.
const NEIGHBOURS = `
  SELECT 'config' AS kind, related_id AS id FROM config_relationships WHERE config_id = ANY($1::uuid[]) AND deleted_at IS NULL
  UNION SELECT 'config', config_id FROM config_relationships WHERE related_id = ANY($1::uuid[]) AND deleted_at IS NULL
  UNION SELECT 'component', component_id FROM config_component_relationships WHERE config_id = ANY($1::uuid[]) AND deleted_at IS NULL
  UNION SELECT 'check', check_id FROM check_config_relationships WHERE config_id = ANY($1::uuid[]) AND deleted_at IS NULL
  UNION SELECT 'config', config_id FROM config_component_relationships WHERE component_id = ANY($2::uuid[]) AND deleted_at IS NULL
  UNION SELECT 'component', relationship_id FROM component_relationships WHERE component_id = ANY($2::uuid[]) AND deleted_at IS NULL
  UNION SELECT 'component', component_id FROM component_relationships WHERE relationship_id = ANY($2::uuid[]) AND deleted_at IS NULL
  UNION SELECT 'component', parent_id FROM components WHERE id = ANY($2::uuid[]) AND parent_id IS NOT NULL
  UNION SELECT 'component', id FROM components WHERE parent_id = ANY($2::uuid[]) AND deleted_at IS NULL
  UNION SELECT 'check', check_id FROM check_component_relationships WHERE component_id = ANY($2::uuid[]) AND deleted_at IS NULL
  UNION SELECT 'config', config_id FROM check_config_relationships WHERE check_id = ANY($3::uuid[]) AND deleted_at IS NULL
  UNION SELECT 'component', component_id FROM check_component_relationships WHERE check_id = ANY($3::uuid[]) AND deleted_at IS NULL
  LIMIT $4`;

const key = (kind: NodeKind, id: string) => `${kind}:${id}`;

/** The configs within MAX_DEPTH hops of the seeds (breadth first, one query a hop), with their distance. */
export async function walkNeighbourhood(pool: pg.Pool, seeds: Seeds, maxDepth = MAX_DEPTH): Promise<Neighbourhood> {
  const seen = new Map<string, number>();
  let frontier: Record<NodeKind, string[]> = { config: [...seeds.configs], component: [...seeds.components], check: [...seeds.checks] };
  for (const kind of ['config', 'component', 'check'] as const) for (const id of frontier[kind]) seen.set(key(kind, id), 0);
  let truncated = false;
  for (let depth = 1; depth <= maxDepth; depth += 1) {
    const room = MAX_NODES - seen.size;
    if (room <= 0) {
      truncated = true;
      break;
    }
    if (frontier.config.length + frontier.component.length + frontier.check.length === 0) break;
    const { rows } = await pool.query<{ kind: NodeKind; id: string }>(NEIGHBOURS, [frontier.config, frontier.component, frontier.check, room + 1]);
    if (rows.length > room) truncated = true;
    const next: Record<NodeKind, string[]> = { config: [], component: [], check: [] };
    for (const row of rows.slice(0, room)) {
      if (seen.has(key(row.kind, row.id))) continue;
      seen.set(key(row.kind, row.id), depth);
      next[row.kind].push(row.id);
    }
    frontier = next;
  }
  const configs = new Map<string, number>();
  for (const [node, distance] of seen) if (node.startsWith('config:')) configs.set(node.slice('config:'.length), distance);
  return { configs, truncated };
}
