import { parseGoDuration } from '@pharos/core';
import type pg from 'pg';
import { forgetAnswers, sharedAnswer, type SummaryAnswer } from './summary-answers.js';
import { forgetMeasured, measuredSince } from './summary-cache.js';
import { checksSummaryBody } from './summary-json.js';

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

/**
 * `{"checks_summary": [...]}` (spec 1 section 7), as JSON text written from the columns' texts: every live check
 * with its state and its uptime and latency over the range, measured from the roll-ups
 * (uptime-latency.ts) and reused for a while (summary-cache.ts). Ten thousand checks are some
 * megabytes of JSON, which the server passes on without parsing or serialising them, shared by the
 * callers of a few seconds (summary-answers.ts).
 */
export function checksSummary(pool: pg.Pool, start: Date, now = new Date()): Promise<SummaryAnswer> {
  return sharedAnswer(pool, Math.round((now.getTime() - start.getTime()) / 1000), () => buildSummary(pool, start, now), now.getTime());
}

/** Forgets what was measured and answered (after Run Now, so the dashboard shows its run at once). */
export function forgetSummaries(pool: pg.Pool): void {
  forgetMeasured(pool);
  forgetAnswers(pool);
}

/** Every column as text, unparsed: the answer is written from them (summary-json.ts). */
const asText = { getTypeParser: () => (value: string) => value };

async function buildSummary(pool: pg.Pool, start: Date, now: Date): Promise<string> {
  const { uptime, latency } = await measuredSince(pool, start, now);
  const { rows } = await pool.query<(string | null)[]>({
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
