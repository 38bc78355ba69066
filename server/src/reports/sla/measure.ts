import type { DowntimeWindow, SlaReport, SlaRow } from '@pharos/core';
import type pg from 'pg';
import { planBuckets, type BucketPart } from './buckets.js';
import type { SlaGroupBy, SlaRequest } from './request.js';

/** The windows listed per row: the longest stretches are what a reader acts on. */
export const MAX_WINDOWS_PER_ROW = 20;

/** Which rows a check counts in: `key` and `name` of its group (a check may be in several components). */
function membership(groupBy: SlaGroupBy, labelParam: string): string {
  switch (groupBy.kind) {
    case 'check':
      return `SELECT c.id AS check_id, c.id::text AS key, c.name FROM checks c WHERE c.deleted_at IS NULL`;
    case 'component':
      return `SELECT r.check_id, co.id::text AS key, co.name FROM check_component_relationships r
                JOIN components co ON co.id = r.component_id AND co.deleted_at IS NULL
               WHERE r.deleted_at IS NULL`;
    case 'label':
      return `SELECT c.id AS check_id, coalesce(c.labels ->> ${labelParam}, '') AS key,
                     coalesce(c.labels ->> ${labelParam}, '(no ' || ${labelParam} || ')') AS name
                FROM checks c WHERE c.deleted_at IS NULL`;
  }
}

/** The label key as a statement parameter (only grouping by label has one). */
function labelParam(groupBy: SlaGroupBy, params: unknown[]): string {
  if (groupBy.kind !== 'label') return '';
  params.push(groupBy.key);
  return `$${params.length}::text`;
}

function groupByText(groupBy: SlaGroupBy): string {
  return groupBy.kind === 'label' ? `label:${groupBy.key}` : groupBy.kind;
}

/** The roll-up rows of the plan, as one statement part; `failedOnly` keeps the buckets with failures. */
function bucketRows(parts: readonly BucketPart[], params: unknown[], failedOnly: boolean): string {
  return parts
    .map((part) => {
      params.push(part.from, part.to);
      const from = params.length - 1;
      return `SELECT check_id, time, time + interval '${part.bucket}' AS bucket_end, passed, failed, total, duration_sum, duration_max
                FROM ${part.table} WHERE time >= $${from} AND time < $${from + 1}${failedOnly ? ' AND failed > 0' : ''}`;
    })
    .join(' UNION ALL ');
}

interface TotalsRow {
  key: string;
  name: string;
  checks: number;
  passed: string;
  failed: string;
  total: string;
  duration_sum: string;
  duration_max: number | null;
  groups: number;
}

interface WindowRow {
  key: string;
  start: Date;
  end: Date;
  failed: string;
  passed: string;
}

const round = (value: number, places: number) => Number(value.toFixed(places));

function rowOf(totals: TotalsRow, periodSeconds: number, target: number, windows: DowntimeWindow[]): SlaRow {
  const passed = Number(totals.passed);
  const failed = Number(totals.failed);
  const counted = passed + failed;
  const total = Number(totals.total);
  const downtime = counted === 0 ? 0 : (periodSeconds * failed) / counted;
  const budget = (periodSeconds * (100 - target)) / 100;
  const uptime = counted === 0 ? null : (100 * passed) / counted;
  return {
    key: totals.key,
    name: totals.name,
    checks: totals.checks,
    passed,
    failed,
    uptime: uptime === null ? null : round(uptime, 4),
    latency_avg_ms: total === 0 ? null : Math.round(Number(totals.duration_sum) / total),
    latency_max_ms: totals.duration_max,
    downtime_seconds: Math.round(downtime),
    budget_seconds: Math.round(budget),
    budget_burned: round((100 * downtime) / budget, 2),
    budget_remaining_seconds: Math.round(budget - downtime),
    breached: uptime !== null && uptime < target,
    windows,
  };
}

/**
 * Uptime, latency, error budget and downtime windows per check, component or label value over the
 * period, from the roll-ups: worst uptime first, `limit` rows.
 */
export async function measureSla(pool: pg.Pool, request: SlaRequest, now = new Date()): Promise<SlaReport> {
  const plan = planBuckets(request.from, request.to, now);
  const params: unknown[] = [];
  const members = membership(request.groupBy, labelParam(request.groupBy, params));
  const rows = bucketRows(plan.parts, params, false);
  params.push(request.limit);
  const { rows: totals } = await pool.query<TotalsRow>(
    `WITH counted AS (
       SELECT check_id, sum(passed) AS passed, sum(failed) AS failed, sum(total) AS total,
              sum(duration_sum) AS duration_sum, max(duration_max) AS duration_max
         FROM (${rows}) b GROUP BY check_id),
     grouped AS (
       SELECT m.key, min(m.name) AS name, count(*)::int AS checks, sum(c.passed) AS passed, sum(c.failed) AS failed,
              sum(c.total) AS total, sum(c.duration_sum) AS duration_sum, max(c.duration_max) AS duration_max
         FROM counted c JOIN (${members}) m ON m.check_id = c.check_id
        GROUP BY m.key)
     SELECT *, count(*) OVER ()::int AS groups FROM grouped
      ORDER BY CASE WHEN passed + failed = 0 THEN 1 ELSE 0 END, passed::float8 / nullif(passed + failed, 0), name
      LIMIT $${params.length}`,
    params,
  );
  const windows = await downtimeWindows(pool, request, plan.parts, totals.map((row) => row.key));
  const periodSeconds = (plan.to.getTime() - plan.from.getTime()) / 1000;
  return {
    from: plan.from.toISOString(),
    to: plan.to.toISOString(),
    resolution: plan.resolution,
    group_by: groupByText(request.groupBy),
    target: request.target,
    total: totals[0]?.groups ?? 0,
    rows: totals.map((row) => rowOf(row, periodSeconds, request.target, windows.get(row.key) ?? [])),
  };
}

/** Stretches of back-to-back buckets with failures of the rows' checks, the longest first, per row. */
async function downtimeWindows(pool: pg.Pool, request: SlaRequest, parts: readonly BucketPart[], keys: string[]): Promise<Map<string, DowntimeWindow[]>> {
  const found = new Map<string, DowntimeWindow[]>();
  if (keys.length === 0) return found;
  const params: unknown[] = [];
  const members = membership(request.groupBy, labelParam(request.groupBy, params));
  const failing = bucketRows(parts, params, true);
  params.push(keys, MAX_WINDOWS_PER_ROW);
  const { rows } = await pool.query<WindowRow>(
    `WITH buckets AS (
       SELECT m.key, b.time AS start, max(b.bucket_end) AS "end", sum(b.failed) AS failed, sum(b.passed) AS passed
         FROM (${failing}) b JOIN (${members}) m ON m.check_id = b.check_id
        WHERE m.key = ANY($${params.length - 1}::text[])
        GROUP BY m.key, b.time),
     marked AS (
       SELECT *, CASE WHEN start <= lag("end") OVER (PARTITION BY key ORDER BY start) THEN 0 ELSE 1 END AS opens FROM buckets),
     numbered AS (
       SELECT *, sum(opens) OVER (PARTITION BY key ORDER BY start) AS n FROM marked),
     windows AS (
       SELECT key, min(start) AS start, max("end") AS "end", sum(failed) AS failed, sum(passed) AS passed FROM numbered GROUP BY key, n),
     ranked AS (
       SELECT *, row_number() OVER (PARTITION BY key ORDER BY "end" - start DESC, failed DESC, start) AS rank FROM windows)
     SELECT key, start, "end", failed, passed FROM ranked WHERE rank <= $${params.length} ORDER BY key, start`,
    params,
  );
  for (const row of rows) {
    const list = found.get(row.key) ?? [];
    list.push({ start: row.start.toISOString(), end: row.end.toISOString(), failed: Number(row.failed), passed: Number(row.passed) });
    found.set(row.key, list);
  }
  return found;
}
