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

/**
 * Uptime and latency of every check with statuses in the range, in one statement, as a JSON array
 * of {check_id, passed, failed, p95, p97, p99, rolling1h}: what checks_summary joins to each check.
 */
export async function uptimeAndLatency(pool: pg.Pool, start: Date, now: Date): Promise<string> {
  const latencyStart = new Date(Math.max(start.getTime(), now.getTime() - LATENCY_WINDOW_MS));
  const uptime = uptimeParts(start.getTime(), now.getTime(), 3);
  const rawCounted = uptime.raw ? `(${uptime.raw})` : 'false';
  const { rows } = await transaction(pool, async (client) => {
    // Sorting an hour of statuses by check needs more than the default 4 MB, else it spills to disk.
    await client.query("SET LOCAL work_mem = '64MB'");
    return client.query<{ measured: string }>(
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
       SELECT coalesce(json_agg(json_build_object(
                'check_id', coalesce(r.check_id, u.check_id),
                'passed', (coalesce(r.passed, 0) + coalesce(u.passed, 0))::int,
                'failed', (coalesce(r.failed, 0) + coalesce(u.failed, 0))::int,
                'p95', round(r.p[1]::numeric)::int, 'p97', round(r.p[2]::numeric)::int, 'p99', round(r.p[3]::numeric)::int,
                'rolling1h', round(r.rolling1h::numeric)::int)), '[]')::text AS measured
         FROM raw r FULL JOIN rolled u ON u.check_id = r.check_id`,
      [latencyStart, now, ...uptime.params],
    );
  });
  return rows[0]!.measured;
}
