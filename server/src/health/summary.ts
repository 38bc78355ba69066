import { parseGoDuration } from '@pharos/core';
import type pg from 'pg';
import { measuredSince } from './summary-cache.js';

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
 * `{"checks_summary": [...]}` (spec 1 section 7), as JSON text built by PostgreSQL: every live check
 * with its state, read at each call, and its uptime and latency over the range, measured from the
 * roll-ups (uptime-latency.ts) and reused for a while (summary-cache.ts). Ten thousand checks are
 * some megabytes of JSON, which the server passes on without parsing or serialising them.
 */
export function checksSummaryJson(pool: pg.Pool, start: Date, now = new Date()): Promise<string> {
  // People opening the dashboard at the same moment share the one answer being built.
  let building = buildingByPool.get(pool);
  if (!building) buildingByPool.set(pool, (building = new Map()));
  const key = Math.round((now.getTime() - start.getTime()) / 1000);
  const shared = building.get(key);
  if (shared) return shared;
  const answer = buildSummary(pool, start, now).finally(() => building.delete(key));
  building.set(key, answer);
  return answer;
}

/** Answers being built, by range in seconds. */
const buildingByPool = new WeakMap<pg.Pool, Map<number, Promise<string>>>();

async function buildSummary(pool: pg.Pool, start: Date, now: Date): Promise<string> {
  const measured = await measuredSince(pool, start, now);
  const { rows } = await pool.query<{ body: string }>(
    `WITH m AS (
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[]) AS m(check_id, passed, failed, p95, p97, p99, rolling1h)),
     canary AS MATERIALIZED (
       SELECT ca.id, ca.name, ca.namespace, js.next_run_at
         FROM canaries ca LEFT JOIN job_schedules js ON js.key = 'canary:' || ca.id
        WHERE ca.deleted_at IS NULL),
     live AS (
       SELECT c.id, c.canary_id, ca.name AS canary_name, ca.namespace AS canary_namespace, c.agent_id, c.name, c.namespace, c.type, c.icon,
              c.description, c.endpoint, c.labels, c.status, c.severity,
              json_build_object('passed', coalesce(m.passed, 0), 'failed', coalesce(m.failed, 0)) AS uptime,
              json_build_object('p95', m.p95, 'p97', m.p97, 'p99', m.p99, 'rolling1h', m.rolling1h) AS latency,
              c.last_runtime, c.last_transition_time, coalesce(c.next_runtime, ca.next_run_at) AS next_runtime, c.created_at
         FROM checks c
         JOIN canary ca ON ca.id = c.canary_id
         LEFT JOIN m ON m.check_id = c.id
        WHERE c.deleted_at IS NULL
        ORDER BY ca.name, c.name
        LIMIT ${MAX_SUMMARY_CHECKS})
     SELECT json_build_object('checks_summary', coalesce(json_agg(live ORDER BY live.canary_name, live.name), '[]'::json))::text AS body FROM live`,
    [measured.ids, measured.passed, measured.failed, measured.p95, measured.p97, measured.p99, measured.rolling1h],
  );
  return rows[0]!.body;
}
