import type { MatchFilter, TopologyRequest } from './topology-request.js';

/** Incidents in these statuses no longer count in a component's summary. */
export const CLOSED_INCIDENT_STATUSES = ['resolved', 'closed'] as const;

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
 * the cards and each card's children), with its summary over its whole subtree and its team names.
 *
 * The cards are, without id, the root components; with id, that component's children; with flatten,
 * the components of the chosen type at every depth (below id when given).
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
    level = id ? `c.parent_id = ${id}::uuid` : 'c.parent_id IS NULL';
  }
  const where = ['c.deleted_at IS NULL', ...(visible ? ['NOT c.hidden'] : []), level, ...cardFilters(request, params)].join('\n       AND ');
  const below = request.flatten && id
    ? `below (id) AS (
  SELECT ${id}::uuid
  UNION
  SELECT c.id FROM below b JOIN components c ON c.parent_id = b.id WHERE c.deleted_at IS NULL ${visible}
),`
    : '';
  const closed = params.add(CLOSED_INCIDENT_STATUSES);
  const text = `
WITH RECURSIVE ${below}
cards AS (
  SELECT c.id FROM components c
   WHERE ${where}
),
shown AS (
  SELECT id, 'card' AS role FROM cards
  UNION
  SELECT c.id, 'child' FROM components c JOIN cards ON c.parent_id = cards.id
   WHERE c.deleted_at IS NULL ${visible} AND c.id NOT IN (SELECT id FROM cards)
  ${id ? `UNION SELECT c.id, 'asked' FROM components c WHERE c.id = ${id}::uuid AND c.deleted_at IS NULL` : ''}
),
subtree (anchor, id) AS (
  SELECT id, id FROM shown
  UNION
  SELECT s.anchor, c.id FROM subtree s JOIN components c ON c.parent_id = s.id
   WHERE c.deleted_at IS NULL ${visible}
),
check_counts AS (
  SELECT s.anchor,
         jsonb_build_object(
           'healthy', count(DISTINCT ck.id) FILTER (WHERE ck.status = 'healthy'),
           'unhealthy', count(DISTINCT ck.id) FILTER (WHERE ck.status = 'unhealthy'),
           'warning', 0,
           'unknown', count(DISTINCT ck.id) FILTER (WHERE ck.status IS NULL)) AS checks
    FROM subtree s
    JOIN check_component_relationships r ON r.component_id = s.id AND r.deleted_at IS NULL
    JOIN checks ck ON ck.id = r.check_id AND ck.deleted_at IS NULL
   GROUP BY s.anchor
),
incident_counts AS (
  SELECT anchor, jsonb_object_agg(type, severities) AS incidents
    FROM (SELECT anchor, type, jsonb_object_agg(severity, n) AS severities
            FROM (SELECT s.anchor, i.type, i.severity, count(DISTINCT i.id) AS n
                    FROM subtree s
                    JOIN evidences e ON e.component_id = s.id
                    JOIN hypotheses h ON h.id = e.hypothesis_id
                    JOIN incidents i ON i.id = h.incident_id AND i.status <> ALL(${closed}::text[])
                   GROUP BY 1, 2, 3) x
           GROUP BY 1, 2) y
   GROUP BY anchor
),
insight_counts AS (
  SELECT anchor, jsonb_object_agg(analysis_type, severities) AS insights
    FROM (SELECT anchor, analysis_type, jsonb_object_agg(severity, n) AS severities
            FROM (SELECT s.anchor, ca.analysis_type, coalesce(ca.severity, 'info') AS severity, count(DISTINCT ca.id) AS n
                    FROM subtree s
                    JOIN config_component_relationships ccr ON ccr.component_id = s.id AND ccr.deleted_at IS NULL
                    JOIN configs cf ON cf.id = ccr.config_id AND cf.deleted_at IS NULL
                    JOIN config_analysis ca ON ca.config_id = cf.id AND ca.status = 'open'
                   GROUP BY 1, 2, 3) x
           GROUP BY 1, 2) y
   GROUP BY anchor
),
team_names AS (
  SELECT tr.component_id, array_agg(DISTINCT t.name ORDER BY t.name) AS names
    FROM team_component_relationships tr JOIN teams t ON t.id = tr.team_id
   WHERE t.deleted_at IS NULL AND tr.component_id IN (SELECT id FROM shown)
   GROUP BY tr.component_id
)
SELECT sh.role,
       coalesce(tn.names, '{}') AS teams,
       (to_jsonb(c) - 'selectors' - 'check_selectors' - 'config_selectors' - 'created_by' - 'summary'
         || jsonb_build_object('summary', jsonb_strip_nulls(jsonb_build_object(
              'checks', coalesce(cc.checks, '{"healthy": 0, "unhealthy": 0, "warning": 0, "unknown": 0}'::jsonb),
              'incidents', coalesce(ic.incidents, '{}'::jsonb),
              'insights', coalesce(ins.insights, '{}'::jsonb)))))::text AS component
  FROM shown sh
  JOIN components c ON c.id = sh.id
  LEFT JOIN check_counts cc ON cc.anchor = sh.id
  LEFT JOIN incident_counts ic ON ic.anchor = sh.id
  LEFT JOIN insight_counts ins ON ins.anchor = sh.id
  LEFT JOIN team_names tn ON tn.component_id = sh.id`;
  return { text, values: params.values };
}
