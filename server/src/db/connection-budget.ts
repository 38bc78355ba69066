import type pg from 'pg';
import type { Logger } from '../logger.js';

/** Pools of one connection each: the readiness probe, the `/api/health` probe and the health summary's builder thread. */
const SINGLE_CONNECTION_POOLS = 3;

export interface PoolSizes {
  /** The server's pool (PG_POOL_SIZE). */
  serverPool: number;
  /** The data service's pool. */
  dataPool: number;
  /** The job engine's pool: its workers and listeners. */
  enginePool: number;
}

/** The most connections one `pharos serve` process opens at once. */
export function connectionBudget(sizes: PoolSizes): number {
  return sizes.serverPool + sizes.dataPool + sizes.enginePool + SINGLE_CONNECTION_POOLS;
}

export interface DatabaseRoom {
  /** Connections the database accepts from roles that are not superusers. */
  usable: number;
  /** Connections open now, from every process. */
  open: number;
}

export async function databaseRoom(pool: pg.Pool): Promise<DatabaseRoom> {
  const { rows } = await pool.query<DatabaseRoom>(
    `SELECT current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int AS usable,
            (SELECT count(*)::int FROM pg_stat_activity WHERE backend_type = 'client backend') AS open`,
  );
  const room = rows[0];
  if (!room) throw new Error('PostgreSQL did not say how many connections it accepts');
  return room;
}

/**
 * Warns when this process, at its busiest, would take the database past max_connections: then requests
 * fail with 'too many clients' under load, typically once several replicas share one database.
 */
export async function warnWhenOverBudget(pool: pg.Pool, budget: number, logger: Logger): Promise<void> {
  const room = await databaseRoom(pool).catch(() => undefined);
  if (!room) return;
  // This process's own connections (the migrations') are among those open now.
  const free = room.usable - room.open + pool.totalCount;
  if (budget <= free) return;
  logger.warn(
    { budget, usable: room.usable, open: room.open },
    `This server may open ${budget} database connections, but PostgreSQL has room for ${free} more: under load requests would fail with 'too many clients'. Raise max_connections or lower PG_POOL_SIZE (each replica opens at most 2 × PG_POOL_SIZE + PHAROS_JOB_CONCURRENCY + 9).`,
  );
}
