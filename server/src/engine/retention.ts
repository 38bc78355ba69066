import type pg from 'pg';
import type { JobDefinition } from './job.js';

/** Runs kept per job and resource, unless `jobs.<name>.retention.success` / `.failed` say otherwise. */
export const DEFAULT_RETENTION = { success: 3, failed: 6 } as const;
export const JOB_HISTORY_CLEANUP = 'JobHistoryCleanup';

/**
 * Deletes all but the latest runs of each job and resource: successes (SUCCESS, WARNING) and failures
 * (FAILED, STOPPED) are counted apart, so a run of failures never pushes the last success out.
 * RUNNING rows are never deleted.
 */
export function jobHistoryCleanup(pool: pg.Pool): JobDefinition {
  return {
    name: JOB_HISTORY_CLEANUP,
    timeoutMs: 10 * 60_000,
    async run() {
      const { rowCount } = await pool.query(
        `with limits as (
           select j.name,
                  coalesce((select value::integer from properties where name = 'jobs.' || j.name || '.retention.success' and value ~ '^\\d+$'), $1) as success,
                  coalesce((select value::integer from properties where name = 'jobs.' || j.name || '.retention.failed' and value ~ '^\\d+$'), $2) as failed
           from (select distinct name from job_histories) j
         ), ranked as (
           select h.id, h.name, h.status in ('SUCCESS', 'WARNING') as succeeded,
                  row_number() over (partition by h.name, h.resource_id, h.status in ('SUCCESS', 'WARNING') order by h.created_at desc) as position
           from job_histories h
           where h.status <> 'RUNNING'
         )
         delete from job_histories h using ranked r, limits l
         where h.id = r.id and l.name = r.name
           and r.position > case when r.succeeded then l.success else l.failed end`,
        [DEFAULT_RETENTION.success, DEFAULT_RETENTION.failed],
      );
      return { successCount: rowCount ?? 0, details: { summary: { deleted: rowCount ?? 0 } } };
    },
  };
}
