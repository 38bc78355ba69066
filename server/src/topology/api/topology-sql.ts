import type { MatchFilter, TopologyRequest } from './topology-request.js';

/** Incidents in these statuses no longer count in a component's summary (as component_summaries counts them). */
export const CLOSED_INCIDENT_STATUSES = ['resolved', 'closed'] as const;

/** The columns of a component GET /api/topology answers with (not its selectors, which are the engine's). */
export const COMPONENT_COLUMNS = [
  'id', 'name', 'title', 'text', 'icon', 'type', 'tooltip', 'owner', 'lifecycle', 'description', 'labels', 'properties',
  'status', 'status_reason', 'health', 'parent_id', 'path', 'topology_id', 'agent_id', 'external_id', 'is_leaf', 'hidden', 'logs',
  'cost_per_minute', 'cost_total_1d', 'cost_total_7d', 'cost_total_30d', 'created_at', 'updated_at', 'deleted_at',
] as const;
/** Of those, the numeric ones, which pg hands over as text. */
export const NUMERIC_COLUMNS = ['cost_per_minute', 'cost_total_1d', 'cost_total_7d', 'cost_total_30d'] as const;

const EMPTY_SUMMARY = { checks: { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 }, incidents: {}, insights: {} };

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function matchConditions(column: string, filter: MatchFilter | null, params: Params): string[] {
  if (!filter) return [];
  const conditions: string[] = [];
  if (filter.include.length > 0) conditions.push(`${column} = ANY(${params.add(filter.include)}::text[])`);
  if (filter.exclude.length > 0) conditions.push(`(${column} IS NULL OR ${column} <> ALL(${params.add(filter.exclude)}::text[]))`);
  return conditions;
}

/** What narrows the cards: status, type, team, labels and agent. */
function cardFilters(request: TopologyRequest, params: Params): string[] {
  const conditions = [...matchConditions("coalesce(c.status, 'unknown')", request.status, params), ...matchConditions('c.type', request.type, params)];
  if (request.teams.length > 0) {
    conditions.push(`EXISTS (SELECT 1 FROM team_component_relationships tr JOIN teams t ON t.id = tr.team_id
                              WHERE tr.component_id = c.id AND t.deleted_at IS NULL AND t.name = ANY(${params.add(request.teams)}::text[]))`);
  }
  for (const [key, values] of Object.entries(request.labels)) {
    // Containment so that the GIN index on labels answers it.
    conditions.push(`(${values.map((value) => `c.labels @> ${params.add(JSON.stringify({ [key]: value }))}::jsonb`).join(' OR ')})`);
  }
  if (request.agentId) conditions.push(`c.agent_id = ${params.add(request.agentId)}::uuid`);
  return conditions;
}

/**
 * One statement answering GET /api/topology: a row per component shown (the component asked for,
 * the cards and each card's children), with its kept summary (component_summaries: its own links
 * added to its children's summaries, the hidden ones too with hidden) and its team names.
 *
 * The cards are, without id, the root components; with id, that component's children (and the
 * components its selectors attach under it); with flatten, the components of the chosen type at
 * every depth (below id when given). A card's children are its own and those attached under it.
 */
export function topologyQuery(request: TopologyRequest): { text: string; values: unknown[] } {
  const params = new Params();
  const visible = request.hidden ? '' : 'AND NOT c.hidden';
  const id = request.id ? params.add(request.id) : null;
  let level: string;
  if (request.flatten) {
    level = id
      ? `c.id IN (SELECT d.id FROM below d WHERE d.id <> ${id}::uuid)`
      : 'true';
  } else {
    level = id
      ? `(c.parent_id = ${id}::uuid OR c.id IN (SELECT r.component_id FROM component_relationships r WHERE r.relationship_id = ${id}::uuid AND r.deleted_at IS NULL))`
      : 'c.parent_id IS NULL';
  }
  const where = ['c.deleted_at IS NULL', ...(visible ? ['NOT c.hidden'] : []), level, ...cardFilters(request, params)].join('\n       AND ');
  const below = request.flatten && id
    ? `below (id) AS (
  SELECT ${id}::uuid
  UNION
  SELECT c.id FROM below b JOIN components c ON c.parent_id = b.id WHERE c.deleted_at IS NULL ${visible}
),`
    : '';
  const text = `
WITH RECURSIVE ${below}
cards AS MATERIALIZED (
  SELECT c.id FROM components c
   WHERE ${where}
),
card_ids AS (SELECT coalesce(array_agg(id), '{}') AS ids FROM cards),
shown AS (
  SELECT id, 'card' AS role, NULL::uuid AS holder FROM cards
  UNION ALL
  SELECT c.id, 'child', c.parent_id FROM card_ids, components c
   WHERE c.parent_id = ANY(card_ids.ids) AND NOT (c.id = ANY(card_ids.ids)) AND c.deleted_at IS NULL ${visible}
  UNION ALL
  -- Components a card's selectors attach under it.
  SELECT c.id, 'child', r.relationship_id FROM card_ids, component_relationships r JOIN components c ON c.id = r.component_id
   WHERE r.relationship_id = ANY(card_ids.ids) AND r.deleted_at IS NULL AND c.parent_id IS DISTINCT FROM r.relationship_id
     AND NOT (c.id = ANY(card_ids.ids)) AND c.deleted_at IS NULL ${visible}
  ${id ? `UNION ALL SELECT c.id, 'asked', NULL FROM components c WHERE c.id = ${id}::uuid AND c.deleted_at IS NULL` : ''}
),
team_names AS (
  SELECT tr.component_id, array_agg(DISTINCT t.name ORDER BY t.name) AS names
    FROM team_component_relationships tr JOIN teams t ON t.id = tr.team_id
   WHERE t.deleted_at IS NULL AND tr.component_id IN (SELECT id FROM shown)
   GROUP BY tr.component_id
)
SELECT sh.role, sh.holder, coalesce(tn.names, '{}') AS teams, ${COMPONENT_COLUMNS.map((column) => `c.${column}`).join(', ')},
       coalesce(cs.${request.hidden ? 'every' : 'visible'}, ${params.add(JSON.stringify(EMPTY_SUMMARY))}::jsonb) AS summary
  FROM shown sh
  JOIN components c ON c.id = sh.id
  LEFT JOIN component_summaries cs ON cs.component_id = sh.id
  LEFT JOIN team_names tn ON tn.component_id = sh.id
 -- Lets the planner fetch the few rows by their keys instead of scanning every component.
 WHERE c.id = ANY(ARRAY(SELECT id FROM shown))`;
  return { text, values: params.values };
}
