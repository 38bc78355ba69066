import type pg from 'pg';

/** Outcomes kept for jobs whose completion may not have reached the database. */
const KEPT_OUTCOMES = 1_000;

/**
 * The jobs this process is running, and how the last ones it ran ended. graphile-worker completes
 * a job after its task returns, in a statement of its own: when the database goes away in between
 * (restart, failover), the job stays locked by this process although nothing runs it, and a
 * scheduled one would be skipped as still running for hours. `takeUpLost` finds such jobs once the
 * database is back: one that finished is completed, any other is unlocked and so taken up again.
 */
export class LostJobs {
  private readonly running = new Set<string>();
  private readonly finished = new Map<string, boolean>();

  started(jobId: string): void {
    this.running.add(jobId);
  }

  ended(jobId: string, succeeded: boolean): void {
    this.running.delete(jobId);
    this.finished.set(jobId, succeeded);
    if (this.finished.size > KEPT_OUTCOMES) this.finished.delete(this.finished.keys().next().value!);
  }

  /** Completes or unlocks the jobs locked by these workers that nothing in this process runs; answers how many. */
  async takeUpLost(pool: pg.Pool, workerIds: readonly string[]): Promise<{ completed: number; unlocked: number }> {
    if (workerIds.length === 0) return { completed: 0, unlocked: 0 };
    const { rows } = await pool.query<{ id: string }>('select id::text from graphile_worker._private_jobs where locked_by = any($1)', [workerIds]);
    const lost = rows.map((row) => row.id).filter((id) => !this.running.has(id));
    const done = lost.filter((id) => this.finished.get(id) === true);
    const again = lost.filter((id) => this.finished.get(id) !== true);
    if (done.length > 0) await pool.query('delete from graphile_worker._private_jobs where id = any($1::bigint[]) and locked_by = any($2)', [done, workerIds]);
    if (again.length > 0) {
      await pool.query('update graphile_worker._private_jobs set locked_at = null, locked_by = null where id = any($1::bigint[]) and locked_by = any($2)', [again, workerIds]);
    }
    for (const id of done) this.finished.delete(id);
    return { completed: done.length, unlocked: again.length };
  }
}
