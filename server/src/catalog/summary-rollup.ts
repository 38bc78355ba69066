import type { SummaryRequest } from './summary-request.js';
import { columnCondition, groupExpression, Params } from './summary-sql.js';

const ROLLUP_GROUPS: ReadonlySet<string> = new Set(['config_class', 'type']);
const HOUR_MS = 3_600_000;

/**
 * Whether the summary can be read from the roll-ups of 0028_catalog_summary_rollups.sql and
 * 0033_catalog_summary_analysis.sql: live configs grouped by config class and/or type, filtered at
 * most by type (the shape /catalog opens with). Other shapes read the configs themselves.
 */
export function answersFromRollups(request: SummaryRequest): boolean {
  return (
    !request.deleted &&
    request.groupBy.every((group) => group.kind === 'column' && ROLLUP_GROUPS.has(group.name)) &&
    request.health === null &&
    request.status === null &&
    Object.keys(request.labels).length === 0 &&
    Object.keys(request.tags).length === 0
  );
}

/**
 * The summary's SQL over the roll-ups (alias `c` has config_class and type, as configs does): counts,
 * health, status and costs from config_summary_counts; changes and open insights from
 * config_summary_changes and config_summary_analysis for the whole UTC hours of their windows and
 * from config_changes and config_analysis for the part of an hour at the start; first and last
 * times per group from the configs' (config_class, type, created_at/updated_at) indexes. Answers
 * the same columns as summaryQuery.
 */
export function rollupSummaryQuery(request: SummaryRequest, now: Date): { text: string; values: unknown[] } {
  const params = new Params();
  const key = `jsonb_build_array(${request.groupBy.map((g) => groupExpression(g, params)).join(', ')})`;
  const typeWhere = request.type ? columnCondition('c.type', request.type, params) : [];
  const and = typeWhere.map((condition) => ` AND ${condition}`).join('');
  const changesSinceMs = now.getTime() - request.changesSinceMs;
  const changesSince = params.add(new Date(changesSinceMs));
  const changesHours = params.add(new Date(Math.ceil(changesSinceMs / HOUR_MS) * HOUR_MS));
  const analysisSinceMs = now.getTime() - request.analysisSinceMs;
  const analysisSince = params.add(new Date(analysisSinceMs));
  const analysisHours = params.add(new Date(Math.ceil(analysisSinceMs / HOUR_MS) * HOUR_MS));
  const cost = `cost_total_${request.cost}`;
  const edge = (column: 'created_at' | 'updated_at', fn: 'min' | 'max') =>
    `CASE WHEN c.config_class IS NULL
       THEN (SELECT ${fn}(x.${column}) FROM configs x WHERE x.config_class IS NULL AND x.type = c.type AND x.deleted_at IS NULL)
       ELSE (SELECT ${fn}(x.${column}) FROM configs x WHERE x.config_class = c.config_class AND x.type = c.type AND x.deleted_at IS NULL) END`;
  const text = `
WITH counts AS MATERIALIZED (
  SELECT c.config_class, c.type, c.health, c.status, c.count, c.cost_per_minute, c.cost_total_1d, c.cost_total_7d, c.cost_total_30d
  FROM config_summary_counts c WHERE NOT c.deleted AND c.count > 0${and}
),
totals AS (
  SELECT ${key} AS k, sum(count) AS count, sum(cost_per_minute) AS cost_per_minute, sum(cost_total_1d) AS cost_total_1d,
         sum(cost_total_7d) AS cost_total_7d, sum(cost_total_30d) AS cost_total_30d, sum(${cost}) AS cost
  FROM counts c GROUP BY k
),
edges AS (
  SELECT ${key} AS k, min(created_at) AS created_at, max(updated_at) AS updated_at FROM (
    SELECT c.config_class, c.type, ${edge('created_at', 'min')} AS created_at, ${edge('updated_at', 'max')} AS updated_at
    FROM (SELECT DISTINCT config_class, type FROM counts) c
  ) c GROUP BY k
),
health AS (
  SELECT k, jsonb_object_agg(health, n) AS m FROM (SELECT ${key} AS k, c.health, sum(c.count) AS n FROM counts c WHERE c.health IS NOT NULL GROUP BY k, c.health) x GROUP BY k
),
status AS (
  SELECT k, jsonb_object_agg(status, n) AS m FROM (SELECT ${key} AS k, c.status, sum(c.count) AS n FROM counts c WHERE c.status IS NOT NULL GROUP BY k, c.status) x GROUP BY k
),
changes AS (
  SELECT ${key} AS k, sum(c.n) AS n FROM (
    SELECT c.config_class, c.type, sum(c.count) AS n FROM config_summary_changes c WHERE NOT c.deleted AND c.hour >= ${changesHours}${and} GROUP BY 1, 2
    UNION ALL
    SELECT c.config_class, c.type, count(*) AS n FROM config_changes cc JOIN configs c ON c.id = cc.config_id
    WHERE cc.created_at >= ${changesSince} AND cc.created_at < ${changesHours} AND c.deleted_at IS NULL${and} GROUP BY 1, 2
  ) c GROUP BY k
),
analysis AS (
  SELECT k, jsonb_object_agg(analysis_type, n) AS m FROM (
    SELECT ${key} AS k, c.analysis_type, sum(c.n) AS n FROM (
      SELECT c.config_class, c.type, c.analysis_type, sum(c.count) AS n FROM config_summary_analysis c
      WHERE NOT c.deleted AND c.hour >= ${analysisHours}${and} GROUP BY 1, 2, 3
      UNION ALL
      SELECT c.config_class, c.type, a.analysis_type, count(*) AS n FROM config_analysis a JOIN configs c ON c.id = a.config_id
      WHERE a.status = 'open' AND a.first_observed >= ${analysisSince} AND a.first_observed < ${analysisHours} AND c.deleted_at IS NULL${and} GROUP BY 1, 2, 3
    ) c GROUP BY 1, 2 HAVING sum(c.n) > 0
  ) x GROUP BY k
),
scraped AS (
  SELECT ${key} AS k, max(c.last_scraped_time) AS t FROM config_summary_scraped c WHERE NOT c.deleted${and} GROUP BY k
)
SELECT t.k, t.count::int, 0 AS deleted, e.created_at, e.updated_at,
       t.cost::float8, t.cost_per_minute::float8, t.cost_total_1d::float8, t.cost_total_7d::float8, t.cost_total_30d::float8,
       coalesce(h.m, '{}') AS health, coalesce(s.m, '{}') AS status, coalesce(ch.n, 0)::int AS changes,
       coalesce(a.m, '{}') AS analysis, sc.t AS last_scraped_time
FROM totals t
JOIN edges e ON e.k = t.k
LEFT JOIN health h ON h.k = t.k
LEFT JOIN status s ON s.k = t.k
LEFT JOIN changes ch ON ch.k = t.k
LEFT JOIN analysis a ON a.k = t.k
LEFT JOIN scraped sc ON sc.k = t.k
ORDER BY t.k`;
  return { text, values: params.values };
}
