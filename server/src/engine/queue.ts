import type pg from 'pg';
import type { JobEnvelope } from './envelope.js';
import { DEFAULT_MAX_ATTEMPTS } from './job.js';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export interface EnqueueOptions {
  /** Not before this time (default now). */
  runAt?: Date;
  /** A pending job with the same key is replaced instead of queuing a second one. */
  key?: string;
  maxAttempts?: number;
}

/**
 * Queues a job, on the given connection: inside a transaction, the job exists only if the
 * transaction commits. Workers are woken at commit.
 */
export async function enqueueJob(db: Queryable, task: string, data: Record<string, unknown>, options: EnqueueOptions = {}): Promise<void> {
  const envelope: JobEnvelope = { data };
  await db.query('select graphile_worker.add_job($1, $2::json, run_at => $3, max_attempts => $4, job_key => $5)', [
    task,
    JSON.stringify(envelope),
    options.runAt ?? null,
    options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    options.key ?? null,
  ]);
}
