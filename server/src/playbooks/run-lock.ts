import type pg from 'pg';
import { retryWhileUnavailable } from '../db/retry.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';

/** The advisory lock class of runs: one process advances a run at a time. */
const RUN_LOCK_CLASS = 7_301;

export class RunLockLostError extends Error {}

/**
 * The advisory lock that lets one process advance a run, on a connection held for it. A lock dies
 * with its connection (database restart, failover to another node): `again` takes it anew on a new
 * connection once the database answers, so what the holder did meanwhile can still be recorded.
 */
export class RunLock {
  private constructor(
    private readonly pool: pg.Pool,
    private readonly runId: string,
    private client: pg.PoolClient | null,
  ) {}

  /** The lock on a connection of its own, or null when another process holds it. */
  static async take(pool: pg.Pool, runId: string): Promise<RunLock | null> {
    const client = await pool.connect();
    if (await tryLock(client, runId)) return new RunLock(pool, runId, client);
    client.release();
    return null;
  }

  /**
   * Runs `work` on the lock's connection. When the database goes away under it, waits for the
   * database with growing pauses, takes the lock again on a new connection and runs `work` again:
   * it must be a transaction, or safe to repeat.
   */
  retrying<T>(work: (db: pg.PoolClient) => Promise<T>, signal: AbortSignal): Promise<T> {
    return retryWhileUnavailable(
      async () => {
        const client = this.client ?? (await this.relock());
        try {
          return await work(client);
        } catch (error) {
          if (isDatabaseUnavailable(error)) {
            client.release(true);
            this.client = null;
          }
          throw error;
        }
      },
      { signal },
    );
  }

  private async relock(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    if (!(await tryLock(client, this.runId))) {
      client.release();
      throw new RunLockLostError(`another process took run ${this.runId} while the database was away`);
    }
    this.client = client;
    return client;
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [RUN_LOCK_CLASS, this.runId]).catch(() => undefined);
    client.release();
  }
}

async function tryLock(client: pg.PoolClient, runId: string): Promise<boolean> {
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [RUN_LOCK_CLASS, runId]);
    return rows[0]?.locked === true;
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
}
