import type pg from 'pg';
import type { SummaryRequest, ValueFilter } from './summary-request.js';
import { answersFromRollups, rollupSummaryQuery } from './summary-rollup.js';
import { columnCondition, groupExpression, Params } from './summary-sql.js';

/** One group of the catalog summary: its groupBy values, then its counts and costs. */
export interface SummaryRow {
  [group: string]: unknown;
  count: number;
  deleted: number;
  health: Record<string, number>;
  status: Record<string, number>;
  changes: number;
  analysis: Record<string, number>;
  cost: number;
  cost_per_minute: number;
  cost_total_1d: number;
  cost_total_7d: number;
  cost_total_30d: number;
  created_at: string;
  updated_at: string;
  last_scraped_time: string | null;
}

function mapConditions(column: 'labels' | 'tags', filters: Record<string, ValueFilter>, params: Params): string[] {
  const conditions: string[] = [];
  for (const [key, filter] of Object.entries(filters)) {
    // Containment of {key: value} so that the GIN index on the column answers it.
    const one = (value: string) => `c.${column} @> ${params.add(JSON.stringify({ [key]: value }))}::jsonb`;
    if (filter.include.length > 0) conditions.push(`(${filter.include.map(one).join(' OR ')})`);
    for (const value of filter.exclude) conditions.push(`NOT ${one(value)}`);
  }
  return conditions;
}

/** The SQL and parameters of a summary; exported for EXPLAIN in the benchmark. */
export function summaryQuery(request: SummaryRequest, now: Date): { text: string; values: unknown[] } {
  const params = new Params();
  const key = `jsonb_build_array(${request.groupBy.map((g) => groupExpression(g, params)).join(', ')})`;
  const where = [
    ...(request.deleted ? [] : ['c.deleted_at IS NULL']),
    ...(request.type ? columnCondition('c.type', request.type, params) : []),
    ...(request.health ? columnCondition('c.health', request.health, params) : []),
    ...(request.status ? columnCondition('c.status', request.status, params) : []),
    ...mapConditions('labels', request.labels, params),
    ...mapConditions('tags', request.tags, params),
  ];
  const changesSince = params.add(new Date(now.getTime() - request.changesSinceMs));
  const analysisSince = params.add(new Date(now.getTime() - request.analysisSinceMs));
  const cost = `cost_total_${request.cost}`;
  const text = `
WITH f AS MATERIALIZED (
  SELECT c.id, ${key} AS k, c.health, c.status, c.created_at, c.updated_at, c.deleted_at,
         c.cost_per_minute, c.cost_total_1d, c.cost_total_7d, c.cost_total_30d
  FROM configs c
  ${where.length > 0 ? `WHERE ${where.join('\n    AND ')}` : ''}
),
totals AS (
  SELECT k, count(*) AS count, count(deleted_at) AS deleted, min(created_at) AS created_at, max(updated_at) AS updated_at,
         coalesce(sum(cost_per_minute), 0) AS cost_per_minute, coalesce(sum(cost_total_1d), 0) AS cost_total_1d,
         coalesce(sum(cost_total_7d), 0) AS cost_total_7d, coalesce(sum(cost_total_30d), 0) AS cost_total_30d,
         coalesce(sum(${cost}), 0) AS cost
  FROM f GROUP BY k
),
health AS (
  SELECT k, jsonb_object_agg(health, n) AS m FROM (SELECT k, health, count(*) AS n FROM f WHERE health IS NOT NULL GROUP BY k, health) x GROUP BY k
),
status AS (
  SELECT k, jsonb_object_agg(status, n) AS m FROM (SELECT k, status, count(*) AS n FROM f WHERE status IS NOT NULL GROUP BY k, status) x GROUP BY k
),
changes AS (
  SELECT f.k, count(*) AS n FROM f JOIN config_changes cc ON cc.config_id = f.id AND cc.created_at >= ${changesSince} GROUP BY f.k
),
analysis AS (
  SELECT k, jsonb_object_agg(analysis_type, n) AS m FROM (
    SELECT f.k, a.analysis_type, count(*) AS n FROM f JOIN config_analysis a ON a.config_id = f.id
    WHERE a.status = 'open' AND a.first_observed >= ${analysisSince} GROUP BY f.k, a.analysis_type
  ) x GROUP BY k
),
scraped AS (
  SELECT f.k, max(s.last_scraped_time) AS t FROM f JOIN config_items_last_scraped_time s ON s.config_id = f.id GROUP BY f.k
)
SELECT t.k, t.count::int, t.deleted::int, t.created_at, t.updated_at,
       t.cost::float8, t.cost_per_minute::float8, t.cost_total_1d::float8, t.cost_total_7d::float8, t.cost_total_30d::float8,
       coalesce(h.m, '{}') AS health, coalesce(s.m, '{}') AS status, coalesce(ch.n, 0)::int AS changes,
       coalesce(a.m, '{}') AS analysis, sc.t AS last_scraped_time
FROM totals t
LEFT JOIN health h ON h.k = t.k
LEFT JOIN status s ON s.k = t.k
LEFT JOIN changes ch ON ch.k = t.k
LEFT JOIN analysis a ON a.k = t.k
LEFT JOIN scraped sc ON sc.k = t.k
ORDER BY t.k`;
  return { text, values: params.values };
}

interface SummaryRecord {
  k: (string | null)[];
  count: number;
  deleted: number;
  created_at: Date;
  updated_at: Date;
  cost: number;
  cost_per_minute: number;
  cost_total_1d: number;
  cost_total_7d: number;
  cost_total_30d: number;
  health: Record<string, number>;
  status: Record<string, number>;
  changes: number;
  analysis: Record<string, number>;
  last_scraped_time: Date | null;
}

/**
 * The catalog summary (spec 2 section 7): configs counted per group of the groupBy columns and tag
 * keys, each group with its health and status counts, its changes and open insights by type within
 * their windows, and its costs. Deleted configs count only when `deleted` is true. The shape /catalog
 * opens with is read from roll-ups the database keeps (summary-rollup.ts), others from the configs.
 */
export async function catalogSummary(pool: pg.Pool, request: SummaryRequest, now = new Date()): Promise<SummaryRow[]> {
  const query = answersFromRollups(request) ? rollupSummaryQuery(request, now) : summaryQuery(request, now);
  const { rows } = await pool.query<SummaryRecord>(query);
  return rows.map(({ k, created_at, updated_at, last_scraped_time, ...rest }) => ({
    ...Object.fromEntries(request.groupBy.map((group, i) => [group.name, k[i] ?? null])),
    ...rest,
    created_at: created_at.toISOString(),
    updated_at: updated_at.toISOString(),
    last_scraped_time: last_scraped_time?.toISOString() ?? null,
  }));
}
