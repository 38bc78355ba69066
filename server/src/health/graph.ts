import type { GraphPoint } from '@pharos/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { authorize, RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, REFUSALS, validated } from '../http/route-schema.js';
import { rangeStart } from './summary.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Bucket widths to choose from, as canary-checker's graph does. */
const WINDOWS_MS = [MINUTE_MS, 5 * MINUTE_MS, 15 * MINUTE_MS, 30 * MINUTE_MS, HOUR_MS, 3 * HOUR_MS, 6 * HOUR_MS, 12 * HOUR_MS, DAY_MS, 7 * DAY_MS, 30 * DAY_MS];
/** Ranges up to this read raw statuses; longer ones the hourly roll-up, and past 90 days the daily one (as the summary does). */
const RAW_RANGE_MS = DAY_MS;
const HOURLY_RANGE_MS = 90 * DAY_MS;
export const DEFAULT_GRAPH_COUNT = 300;
const MAX_GRAPH_COUNT = 1000;

export interface CheckGraph {
  /** Milliseconds the query took. */
  duration: number;
  runnerName: string;
  /** Width of each bucket, in seconds. */
  window: number;
  /** Where the buckets were read from: `check_statuses`, `check_statuses_1h` or `check_statuses_1d`. */
  source: string;
  status: GraphPoint[];
  uptime: { passed: number; failed: number };
  latency: { p95: number | null; p97: number | null; p99: number | null; rolling1h: number | null };
}

/** `1h`, `30d`, `3mo` (months of 30 days), `1y` (365 days), `now-7d` or a time: when the range starts. */
export function graphStart(start: string | undefined, now = Date.now()): Date {
  const text = (start ?? '1h').trim().replace(/^now-/, '');
  const months = /^(\d+)(mo|M)$/.exec(text);
  if (months) return new Date(now - Number(months[1]) * 30 * DAY_MS);
  const years = /^(\d+)y$/.exec(text);
  if (years) return new Date(now - Number(years[1]) * 365 * DAY_MS);
  return rangeStart(start, now);
}

/** The narrowest bucket that keeps the range within `count` buckets, no narrower than the source keeps. */
export function graphWindow(rangeMs: number, count: number): { windowMs: number; table: string } {
  const table = rangeMs <= RAW_RANGE_MS ? 'check_statuses' : rangeMs <= HOURLY_RANGE_MS ? 'check_statuses_1h' : 'check_statuses_1d';
  const floor = table === 'check_statuses' ? 0 : table === 'check_statuses_1h' ? HOUR_MS : DAY_MS;
  const windowMs = WINDOWS_MS.find((window) => window >= floor && rangeMs / window <= count) ?? WINDOWS_MS[WINDOWS_MS.length - 1]!;
  return { windowMs, table };
}

/** The rows of each bucket: raw statuses (invalid ones left out) or roll-up rows. */
function bucketsSql(table: string): string {
  const bucket = 'to_timestamp(floor(extract(epoch FROM time) / $4) * $4)';
  if (table === 'check_statuses') {
    return `SELECT ${bucket} AS time, bool_and(status) AS status, round(avg(duration))::int AS duration,
                   count(*) FILTER (WHERE status)::int AS passed, count(*) FILTER (WHERE NOT status)::int AS failed
              FROM check_statuses WHERE check_id = $1 AND time >= $2 AND time <= $3 AND NOT invalid
             GROUP BY 1 ORDER BY 1`;
  }
  return `SELECT ${bucket} AS time, sum(failed) = 0 AS status, round(sum(duration_sum)::numeric / nullif(sum(total), 0))::int AS duration,
                 sum(passed)::int AS passed, sum(failed)::int AS failed
            FROM ${table} WHERE check_id = $1 AND time >= date_trunc('${table === 'check_statuses_1h' ? 'hour' : 'day'}', $2::timestamptz, 'UTC') AND time <= $3
           GROUP BY 1 HAVING sum(passed) + sum(failed) > 0 ORDER BY 1`;
}

/**
 * A check's history over a range in at most `count` buckets (canary-checker's `/api/graph`): each
 * bucket's time, whether all its runs passed, their mean duration and counts, with the uptime and the
 * latency percentiles of the range (over raw runs up to a day, over the buckets beyond).
 */
export async function checkGraph(pool: pg.Pool, checkId: string, start: Date, count: number, now = new Date()): Promise<CheckGraph> {
  const began = performance.now();
  const rangeMs = Math.max(0, now.getTime() - start.getTime());
  const { windowMs, table } = graphWindow(rangeMs, count);
  const { rows } = await pool.query<{ time: Date; status: boolean; duration: number | null; passed: number; failed: number }>(bucketsSql(table), [checkId, start, now, windowMs / 1000]);
  const status = rows.map((row) => ({ time: row.time.toISOString(), status: row.status, duration: row.duration ?? 0, passed: row.passed, failed: row.failed }));
  const latencySql =
    table === 'check_statuses'
      ? `SELECT percentile_cont(0.95) WITHIN GROUP (ORDER BY duration) AS p95, percentile_cont(0.97) WITHIN GROUP (ORDER BY duration) AS p97,
                percentile_cont(0.99) WITHIN GROUP (ORDER BY duration) AS p99, avg(duration) FILTER (WHERE time >= $3::timestamptz - interval '1 hour') AS rolling1h
           FROM check_statuses WHERE check_id = $1 AND time >= $2 AND time <= $3 AND NOT invalid`
      : `SELECT percentile_cont(0.95) WITHIN GROUP (ORDER BY d) AS p95, percentile_cont(0.97) WITHIN GROUP (ORDER BY d) AS p97,
                percentile_cont(0.99) WITHIN GROUP (ORDER BY d) AS p99,
                (SELECT avg(duration) FROM check_statuses WHERE check_id = $1 AND time >= $2::timestamptz - interval '1 hour' AND NOT invalid) AS rolling1h
           FROM unnest($3::int[]) AS d`;
  const { rows: latency } = await pool.query<Record<'p95' | 'p97' | 'p99' | 'rolling1h', number | null>>(
    latencySql,
    table === 'check_statuses' ? [checkId, start, now] : [checkId, now, status.map((point) => point.duration)],
  );
  const round = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(Number(value)));
  return {
    duration: Math.round(performance.now() - began),
    runnerName: 'local',
    window: windowMs / 1000,
    source: table,
    status,
    uptime: { passed: status.reduce((sum, point) => sum + point.passed, 0), failed: status.reduce((sum, point) => sum + point.failed, 0) },
    latency: { p95: round(latency[0]?.p95), p97: round(latency[0]?.p97), p99: round(latency[0]?.p99), rolling1h: round(latency[0]?.rolling1h) },
  };
}

interface GraphQuery {
  check: string;
  /** A number once the schema coerced it; '' (the default) as sent. */
  count?: number | '';
  start?: string;
}

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const CHECK_MESSAGE = 'check must be the id of a check';
const COUNT_MESSAGE = `count must be a whole number from 1 to ${MAX_GRAPH_COUNT}`;

const GRAPH_ROUTE = validated(
  {
    tags: ['health'],
    summary: "A check's history over a range in at most count buckets, with its uptime and latency",
    querystring: {
      type: 'object',
      required: ['check'],
      properties: {
        check: { type: 'string', pattern: UUID_PATTERN, description: 'The id of the check' },
        count: {
          anyOf: [{ type: 'string', maxLength: 0 }, { type: 'integer', minimum: 1, maximum: MAX_GRAPH_COUNT }],
          description: `Buckets at most, ${DEFAULT_GRAPH_COUNT} when absent`,
        },
        start: { type: 'string', default: '1h', description: '1h, 30d, 3mo, 1y, now-7d or a time: when the range starts' },
      },
    },
    response: answers({ 200: 'The buckets, uptime and latency percentiles', ...REFUSALS, 404: 'No such check' }),
  },
  { querystring: { check: CHECK_MESSAGE, count: COUNT_MESSAGE } },
);

/** `GET /api/canary/api/graph?check=ID&count=300&start=1h`: one check's bucketed history (spec 1 section 7, the canary graph query). */
export const graphRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);
  app.get<{ Querystring: GraphQuery }>('/api/canary/api/graph', GRAPH_ROUTE, async (request) => {
    authorize(request, 'canaries', 'read');
    const { check, count, start } = request.query;
    const buckets = count === undefined || count === '' ? DEFAULT_GRAPH_COUNT : count;
    let since: Date;
    try {
      since = graphStart(start);
    } catch (error) {
      throw new RouteError(400, 'VALIDATION_FAILED', (error as Error).message);
    }
    const { rowCount } = await options.pool.query('SELECT 1 FROM checks WHERE id = $1', [check]);
    if (!rowCount) throw new RouteError(404, 'NOT_FOUND', `No check ${check}`);
    return checkGraph(options.pool, check, since, buckets);
  });
};
