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

/** Uptime and latency per check, as PostgreSQL array literals of the same order (ids a uuid[], the others int[]). */
export interface Measured {
  ids: string;
  passed: string;
  failed: string;
  p95: string;
  p97: string;
  p99: string;
  rolling1h: string;
}

/**
 * Uptime and latency of every check with statuses in the range, in one statement, as arrays that
 * checks_summary's statement unnests and joins to each check.
 */
export async function uptimeAndLatency(pool: pg.Pool, start: Date, now: Date): Promise<Measured> {
  const latencyStart = new Date(Math.max(start.getTime(), now.getTime() - LATENCY_WINDOW_MS));
  const uptime = uptimeParts(start.getTime(), now.getTime(), 3);
  const rawCounted = uptime.raw ? `(${uptime.raw})` : 'false';
  const { rows } = await transaction(pool, async (client) => {
    // Sorting an hour of statuses by check needs more than the default 4 MB, else it spills to disk.
    await client.query("SET LOCAL work_mem = '64MB'");
    return client.query<Measured>(
      `WITH raw AS (
         SELECT check_id,
                count(*) FILTER (WHERE ${rawCounted} AND status AND NOT invalid) AS passed,
                count(*) FILTER (WHERE ${rawCounted} AND NOT status AND NOT invalid) AS failed,
                percentile_cont(ARRAY[0.95, 0.97, 0.99]) WITHIN GROUP (ORDER BY duration) FILTER (WHERE time >= $1 AND NOT invalid) AS p,
                avg(duration) FILTER (WHERE time >= $2::timestamptz - interval '1 hour' AND NOT invalid) AS rolling1h
           FROM check_statuses
          WHERE time >= $2::timestamptz - interval '1 hour'${uptime.raw ? ` OR ${rawCounted}` : ''}
          GROUP BY check_id),
       rolled AS (
         SELECT check_id, sum(passed) AS passed, sum(failed) AS failed FROM (${uptime.rolled.join(' UNION ALL ')}) parts GROUP BY check_id)
       SELECT array_agg(coalesce(r.check_id, u.check_id))::text AS ids,
              array_agg((coalesce(r.passed, 0) + coalesce(u.passed, 0))::int)::text AS passed,
              array_agg((coalesce(r.failed, 0) + coalesce(u.failed, 0))::int)::text AS failed,
              array_agg(round(r.p[1]::numeric)::int)::text AS p95,
              array_agg(round(r.p[2]::numeric)::int)::text AS p97,
              array_agg(round(r.p[3]::numeric)::int)::text AS p99,
              array_agg(round(r.rolling1h::numeric)::int)::text AS rolling1h
         FROM raw r FULL JOIN rolled u ON u.check_id = r.check_id`,
      [latencyStart, now, ...uptime.params],
    );
  });
  const measured = rows[0]!;
  // No statuses at all: array_agg of nothing is null.
  return measured.ids === null ? { ids: '{}', passed: '{}', failed: '{}', p95: '{}', p97: '{}', p99: '{}', rolling1h: '{}' } : measured;
}
