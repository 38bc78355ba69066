import { RETRYABLE_ERROR_CODES } from 'graphile-worker/dist/lib.js';

/**
 * graphile-worker retries its own statements (completing or failing a job) only on the error codes
 * of this table, and leaves the promise of a job's completion unhandled when they fail: a database
 * restart or failover under a finishing job would crash the process, or leave the job locked for
 * hours (its schedule skipped as still running). Those failures are retried the same way until the
 * database is back.
 */
const AWAY = { minDelay: 200, maxDelay: 10_000 };
for (const code of ['57P01', '57P02', '08000', '08001', '08003', '08004', '08006', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']) {
  RETRYABLE_ERROR_CODES[code] ??= AWAY;
}
