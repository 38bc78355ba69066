import type pg from 'pg';
import { transaction } from '../db/transaction.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Ranges up to this long count raw statuses for their first partial hour and the hourly roll-up after it. */
const HOURLY_EXACT_RANGE_MS = DAY_MS;
/** Ranges up to this long (the hourly roll-up's retention) count hourly buckets, then whole days. */
const HOURLY_RANGE_MS = 90 * DAY_MS;
/** Latency percentiles are measured over at most the last hour of raw statuses. */
export const LATENCY_WINDOW_MS = HOUR_MS;

const floorTo = (time: number, unit: number): number => Math.floor(time / unit) * unit;
const ceilTo = (time: number, unit: number): number => Math.ceil(time / unit) * unit;

/**
 * The uptime counts of [start, now]: a short range counts raw statuses up to its first whole hour and
 * the hourly roll-up from there (exact, and never more than an hour of raw rows); a longer one the
 * hourly roll-up from its hour up to its first whole day, then the daily roll-up (rows per check: at
 * most 24 + days). Past the hourly roll-up's retention only the daily one, from the day of start.
 * Statement parts and their parameters, numbered from `first`.
 */
function uptimeParts(start: number, now: number, first: number): { raw: string | null; rolled: string[]; params: Date[] } {
  const range = now - start;
  if (range <= HOURLY_EXACT_RANGE_MS) {
    const hour = ceilTo(start, HOUR_MS);
    return {
      raw: `time >= $${first} AND time < $${first + 1}`,
      rolled: [`SELECT check_id, passed, failed FROM check_statuses_1h WHERE time >= $${first + 1}`],
      params: [new Date(start), new Date(hour)],
    };
  }
  if (range <= HOURLY_RANGE_MS) {
    const day = ceilTo(start, DAY_MS);
    return {
      raw: null,
      rolled: [
        `SELECT check_id, passed, failed FROM check_statuses_1h WHERE time >= $${first} AND time < $${first + 1}`,
        `SELECT check_id, passed, failed FROM check_statuses_1d WHERE time >= $${first + 1}`,
      ],
      params: [new Date(floorTo(start, HOUR_MS)), new Date(day)],
    };
  }
  return { raw: null, rolled: [`SELECT check_id, passed, failed FROM check_statuses_1d WHERE time >= $${first}`], params: [new Date(floorTo(start, DAY_MS))] };
}

/** Uptime counts per check, as PostgreSQL array literals of the same order (ids a uuid[], the others int[]). */
export interface Uptime {
  ids: string;
  passed: string;
  failed: string;
}

/** Latency per check, as PostgreSQL array literals of the same order (ids a uuid[], the others int[]). */
export interface Latency {
  ids: string;
  p95: string;
  p97: string;
  p99: string;
  rolling1h: string;
}

/** When the latency percentiles of a range starting at `start` start: every range of an hour or more shares the last hour. */
export function latencyStart(start: Date, now: Date): Date {
  return new Date(Math.max(start.getTime(), now.getTime() - LATENCY_WINDOW_MS));
}

/** Uptime of every check with statuses in [start, now], in one statement. */
export async function measureUptime(pool: pg.Pool, start: Date, now: Date): Promise<Uptime> {
  const uptime = uptimeParts(start.getTime(), now.getTime(), 1);
  const raw = uptime.raw
    ? `SELECT check_id, count(*) FILTER (WHERE status) AS passed, count(*) FILTER (WHERE NOT status) AS failed
         FROM check_statuses WHERE ${uptime.raw} AND NOT invalid GROUP BY check_id UNION ALL `
    : '';
  const { rows } = await pool.query<Uptime>(
    `WITH counted AS (
       SELECT check_id, sum(passed)::int AS passed, sum(failed)::int AS failed FROM (${raw}${uptime.rolled.join(' UNION ALL ')}) parts GROUP BY check_id)
     SELECT array_agg(check_id)::text AS ids, array_agg(passed)::text AS passed, array_agg(failed)::text AS failed FROM counted`,
    uptime.params,
  );
  const measured = rows[0]!;
  // No statuses at all: array_agg of nothing is null.
  return measured.ids === null ? { ids: '{}', passed: '{}', failed: '{}' } : measured;
}

/**
 * Latency of every check with statuses in the last hour: p95/p97/p99 from `since` (at most an hour
 * back) and the average of the last hour, in one statement.
 */
export async function measureLatency(pool: pg.Pool, since: Date, now: Date): Promise<Latency> {
  const { rows } = await transaction(pool, async (client) => {
    // Sorting an hour of statuses by check needs more than the default 4 MB, else it spills to disk.
    await client.query("SET LOCAL work_mem = '64MB'");
    return client.query<Latency>(
      `WITH raw AS (
         SELECT check_id,
                percentile_cont(ARRAY[0.95, 0.97, 0.99]) WITHIN GROUP (ORDER BY duration) FILTER (WHERE time >= $1) AS p,
                avg(duration) AS rolling1h
           FROM check_statuses
          WHERE time >= $2::timestamptz - interval '1 hour' AND NOT invalid
          GROUP BY check_id)
       SELECT array_agg(check_id)::text AS ids,
              array_agg(round(p[1]::numeric)::int)::text AS p95,
              array_agg(round(p[2]::numeric)::int)::text AS p97,
              array_agg(round(p[3]::numeric)::int)::text AS p99,
              array_agg(round(rolling1h::numeric)::int)::text AS rolling1h
         FROM raw`,
      [since, now],
    );
  });
  const measured = rows[0]!;
  return measured.ids === null ? { ids: '{}', p95: '{}', p97: '{}', p99: '{}', rolling1h: '{}' } : measured;
}
