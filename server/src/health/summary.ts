import { parseGoDuration, type CheckSummary } from '@pharos/core';
import type pg from 'pg';

/** Ranges up to this read raw statuses; longer ones the hourly roll-up (and past 90 days the daily one). */
const RAW_RANGE_MS = 24 * 3_600_000;
const HOURLY_RANGE_MS = 90 * 86_400_000;
/** Latency percentiles are measured over at most the last day of raw statuses. */
const LATENCY_WINDOW_MS = RAW_RANGE_MS;
/** The most checks one summary answers. */
export const MAX_SUMMARY_CHECKS = 50_000;

/** `1h`, `30d`, `now-7d` or a time: when the range starts. */
export function rangeStart(start: string | undefined, now = Date.now()): Date {
  const text = (start ?? '1h').trim().replace(/^now-/, '');
  if (/^\d+(\.\d+)?[a-zµ]+/i.test(text)) return new Date(now - parseGoDuration(text));
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw new Error(`start must be a duration such as 1h or 30d, or a time, not '${start ?? ''}'`);
  return new Date(time);
}

/** The uptime counts of the range, from raw statuses or a roll-up depending on its length. */
function uptimeSql(rangeMs: number): string {
  if (rangeMs <= RAW_RANGE_MS) {
    return `SELECT check_id, count(*) FILTER (WHERE status AND NOT invalid) AS passed, count(*) FILTER (WHERE NOT status AND NOT invalid) AS failed
              FROM check_statuses WHERE time >= $1 GROUP BY check_id`;
  }
  const table = rangeMs <= HOURLY_RANGE_MS ? 'check_statuses_1h' : 'check_statuses_1d';
  const unit = rangeMs <= HOURLY_RANGE_MS ? 'hour' : 'day';
  return `SELECT check_id, sum(passed) AS passed, sum(failed) AS failed FROM ${table} WHERE time >= date_trunc('${unit}', $1::timestamptz, 'UTC') GROUP BY check_id`;
}

/** Every live check with its state, uptime and latency over the range (spec 1 section 7: checks_summary). */
export async function checksSummary(pool: pg.Pool | pg.PoolClient, start: Date, now = new Date()): Promise<CheckSummary[]> {
  const rangeMs = now.getTime() - start.getTime();
  const latencyStart = new Date(Math.max(start.getTime(), now.getTime() - LATENCY_WINDOW_MS));
  const { rows } = await pool.query<CheckSummary>(
    `WITH uptime AS (${uptimeSql(rangeMs)}),
     latency AS (
       SELECT check_id,
              percentile_cont(0.95) WITHIN GROUP (ORDER BY duration) AS p95,
              percentile_cont(0.97) WITHIN GROUP (ORDER BY duration) AS p97,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY duration) AS p99,
              avg(duration) FILTER (WHERE time >= $3::timestamptz - interval '1 hour') AS rolling1h
         FROM check_statuses WHERE time >= $2 AND NOT invalid GROUP BY check_id)
     SELECT c.id, c.canary_id, ca.name AS canary_name, ca.namespace AS canary_namespace, c.agent_id, c.name, c.namespace, c.type, c.icon,
            c.description, c.endpoint, c.labels, c.status, c.severity,
            json_build_object('passed', coalesce(u.passed, 0)::int, 'failed', coalesce(u.failed, 0)::int) AS uptime,
            json_build_object('p95', round(l.p95::numeric), 'p97', round(l.p97::numeric), 'p99', round(l.p99::numeric), 'rolling1h', round(l.rolling1h::numeric)) AS latency,
            c.last_runtime, c.last_transition_time, coalesce(c.next_runtime, js.next_run_at) AS next_runtime, c.created_at
       FROM checks c
       JOIN canaries ca ON ca.id = c.canary_id AND ca.deleted_at IS NULL
       LEFT JOIN uptime u ON u.check_id = c.id
       LEFT JOIN latency l ON l.check_id = c.id
       LEFT JOIN job_schedules js ON js.key = 'canary:' || c.canary_id
      WHERE c.deleted_at IS NULL
      ORDER BY ca.name, c.name
      LIMIT ${MAX_SUMMARY_CHECKS}`,
    [start, latencyStart, now],
  );
  return rows;
}
