import type pg from 'pg';
import { transaction } from '../db/transaction.js';
import { queueRun } from './run-engine.js';

/**
 * Cancels a run that has not ended, for the person `personId`: the run and its waiting actions at
 * once, each with the error 'cancelled by {name}'; a running action is stopped by its process within a
 * second (or, if that process is gone, by the advance queued here) with the same error. Answers
 * whether it did (false: the run had ended), or undefined for an unknown run.
 */
export function cancelRun(pool: pg.Pool, runId: string, personId: string): Promise<{ cancelled: boolean; status: string } | undefined> {
  return transaction(pool, async (db) => {
    const { rows } = await db.query<{ status: string }>('SELECT status FROM playbook_runs WHERE id = $1 FOR UPDATE', [runId]);
    const run = rows[0];
    if (!run) return undefined;
    if (['completed', 'failed', 'cancelled', 'skipped'].includes(run.status)) return { cancelled: false, status: run.status };
    const { rows: people } = await db.query<{ name: string }>(`SELECT coalesce(nullif(name, ''), email, 'someone') AS name FROM people WHERE id = $1`, [personId]);
    const error = `cancelled by ${people[0]?.name ?? 'someone'}`;
    await db.query(`UPDATE playbook_runs SET status = 'cancelled', error = $2, end_time = now() WHERE id = $1`, [runId, error]);
    await db.query(
      `UPDATE playbook_run_actions SET status = 'cancelled', error = $2, end_time = now()
        WHERE playbook_run_id = $1 AND status IN ('pending', 'scheduled', 'sleeping', 'waiting')`,
      [runId, error],
    );
    await queueRun(db, runId);
    return { cancelled: true, status: 'cancelled' };
  });
}
