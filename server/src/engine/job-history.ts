import { hostname } from 'node:os';
import type pg from 'pg';
import type { JobHistoryTarget, JobOutcome, JobStatus } from './job.js';

/**
 * Opens the job_histories row of a run (RUNNING). One run per job and resource goes at a time, so a
 * RUNNING row left by a process that died is closed as STOPPED here.
 */
export async function startRun(pool: pg.Pool, target: JobHistoryTarget): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `update job_histories set status = 'STOPPED', time_end = now(),
         duration_millis = (extract(epoch from now() - time_start) * 1000)::integer,
         details = details || '{"errors": ["the process running it stopped"]}'::jsonb
       where name = $1 and resource_id is not distinct from $2 and status = 'RUNNING'`,
      [target.name, target.resourceId ?? null],
    );
    const { rows } = await client.query<{ id: string }>(
      `insert into job_histories (name, resource_id, resource_type, resource_name, hostname, status)
       values ($1, $2, $3, $4, $5, 'RUNNING') returning id`,
      [target.name, target.resourceId ?? null, target.resourceType ?? null, target.resourceName ?? null, hostname()],
    );
    await client.query('commit');
    return rows[0]!.id;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

function finalStatus(outcome: JobOutcome): Exclude<JobStatus, 'RUNNING'> {
  if (outcome.status) return outcome.status;
  return (outcome.errorCount ?? 0) > 0 ? 'WARNING' : 'SUCCESS';
}

/** Closes the row of a run with how it ended. */
export async function finishRun(pool: pg.Pool, id: string, outcome: JobOutcome): Promise<void> {
  await pool.query(
    `update job_histories set status = $2, success_count = $3, error_count = $4, details = $5, time_end = now(),
       duration_millis = (extract(epoch from now() - time_start) * 1000)::integer
     where id = $1`,
    [id, finalStatus(outcome), outcome.successCount ?? 0, outcome.errorCount ?? 0, outcome.details ?? {}],
  );
}

/** The outcome of a run that threw. */
export function failedOutcome(error: unknown): JobOutcome {
  const message = error instanceof Error ? error.message : String(error);
  return { status: 'FAILED', errorCount: 1, details: { errors: [message] } };
}
