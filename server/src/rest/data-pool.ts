import pg from 'pg';
import type { DataServiceConfig } from './config.js';

/** How long a request waits for a free data service connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 10_000;

/** The data service's connections: its own setting, else as many as the server's pool. */
export function dataPoolSize(config: Pick<DataServiceConfig, 'poolSize'>, serverPoolSize: number): number {
  return config.poolSize ?? serverPoolSize;
}

/**
 * The data service's own pool, on the same database as the server's: its statements carry the
 * statement timeout from the connection's start, and however busy it gets, health checks and sign-in
 * keep the connections of the server's pool.
 */
export function createDataPool(serverPool: pg.Pool, config: DataServiceConfig): pg.Pool {
  const pool = new pg.Pool({
    ...serverPool.options,
    max: dataPoolSize(config, serverPool.options.max ?? 10),
    statement_timeout: config.statementTimeoutMs,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // Without listeners, a connection's error (database restart, failover) would crash the process:
  // the pool's for idle connections, each client's for one a request holds between statements.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
