import type pg from 'pg';
import { checksSummaryBody } from './summary-json.js';
import type { Measured } from './summary-cache.js';

/** The most checks one summary answers. */
export const MAX_SUMMARY_CHECKS = 50_000;

/** Every column as text, unparsed: the answer is written from them (summary-json.ts). */
const asText = { getTypeParser: () => (value: string) => value };

/** `{"checks_summary": [...]}`: every live check with its state read now and the measured uptime and latency. */
export async function summaryJson(db: pg.Pool, { uptime, latency }: Measured): Promise<string> {
  const { rows } = await db.query<(string | null)[]>({
    text: `WITH u AS (
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[]) AS u(check_id, passed, failed)),
     l AS (
       SELECT * FROM unnest($4::uuid[], $5::int[], $6::int[], $7::int[], $8::int[]) AS l(check_id, p95, p97, p99, rolling1h)),
     canary AS MATERIALIZED (
       SELECT ca.id, ca.name, ca.namespace, js.next_run_at
         FROM canaries ca LEFT JOIN job_schedules js ON js.key = 'canary:' || ca.id
        WHERE ca.deleted_at IS NULL)
     SELECT c.id, c.canary_id, ca.name AS canary_name, ca.namespace AS canary_namespace, c.agent_id, c.name, c.namespace, c.type, c.icon,
            c.description, c.endpoint, c.labels, c.status, c.severity, u.passed, u.failed, l.p95, l.p97, l.p99, l.rolling1h,
            c.last_runtime, c.last_transition_time, coalesce(c.next_runtime, ca.next_run_at) AS next_runtime, c.created_at
       FROM checks c
       JOIN canary ca ON ca.id = c.canary_id
       LEFT JOIN u ON u.check_id = c.id
       LEFT JOIN l ON l.check_id = c.id
      WHERE c.deleted_at IS NULL
      ORDER BY ca.name, c.name
      LIMIT ${MAX_SUMMARY_CHECKS}`,
    values: [uptime.ids, uptime.passed, uptime.failed, latency.ids, latency.p95, latency.p97, latency.p99, latency.rolling1h],
    rowMode: 'array',
    types: asText,
  });
  return checksSummaryBody(rows);
}
