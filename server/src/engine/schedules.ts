import { parseSchedule } from '@pharos/core';
import type pg from 'pg';
import type { JobHistoryTarget } from './job.js';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** A resource or system job that runs on a schedule. */
export interface ScheduleEntry {
  /** Unique per resource, e.g. 'canary:<id>'. */
  key: string;
  /** The job definition each tick runs. */
  task: string;
  /** `@every 30s`, `@hourly`, five-field cron …; `jobs.<history.name>.schedule` overrides it at runtime. */
  schedule: string;
  payload?: Record<string, unknown>;
  /** Where each run is recorded in job history. */
  history: JobHistoryTarget;
}

/**
 * Creates or updates a schedule, on the given connection (inside the transaction of the resource's
 * change, so both are saved or neither). A new schedule runs at once; a changed one from its next tick.
 * Throws ScheduleError for a schedule that cannot be parsed.
 */
export async function saveSchedule(db: Queryable, entry: ScheduleEntry): Promise<void> {
  parseSchedule(entry.schedule);
  const { history } = entry;
  await db.query(
    `insert into job_schedules (key, task, payload, schedule, job_name, resource_id, resource_type, resource_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (key) do update set task = excluded.task, payload = excluded.payload, schedule = excluded.schedule,
       job_name = excluded.job_name, resource_id = excluded.resource_id, resource_type = excluded.resource_type,
       resource_name = excluded.resource_name, updated_at = now(),
       reschedule = job_schedules.reschedule or job_schedules.schedule <> excluded.schedule`,
    [entry.key, entry.task, entry.payload ?? {}, entry.schedule, history.name, history.resourceId ?? null, history.resourceType ?? null, history.resourceName ?? null],
  );
}

export async function removeSchedule(db: Queryable, key: string): Promise<void> {
  await db.query('delete from job_schedules where key = $1', [key]);
}
