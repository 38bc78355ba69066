import type pg from 'pg';
import { transaction } from '../db/transaction.js';
import { queueRun } from './run-engine.js';

/**
 * Cancels a run that has not ended: the run and its waiting actions at once; a running action is
 * stopped by its process within a second (or, if that process is gone, by the advance queued here).
 * Answers whether it did (false: the run had ended), or undefined for an unknown run.
 */
export function cancelRun(pool: pg.Pool, runId: string): Promise<{ cancelled: boolean; status: string } | undefined> {
  return transaction(pool, async (db) => {
    const { rows } = await db.query<{ status: string }>('SELECT status FROM playbook_runs WHERE id = $1 FOR UPDATE', [runId]);
    const run = rows[0];
    if (!run) return undefined;
    if (['completed', 'failed', 'cancelled', 'skipped'].includes(run.status)) return { cancelled: false, status: run.status };
    await db.query(`UPDATE playbook_runs SET status = 'cancelled', end_time = now() WHERE id = $1`, [runId]);
    await db.query(
      `UPDATE playbook_run_actions SET status = 'cancelled', end_time = now()
        WHERE playbook_run_id = $1 AND status IN ('pending', 'scheduled', 'sleeping', 'waiting')`,
      [runId],
    );
    await queueRun(db, runId);
    return { cancelled: true, status: 'cancelled' };
  });
}
