import pg from 'pg';

/** How long health waits for the database before it says it is unavailable. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Asks the database whether it answers (`select 1`) on a connection of its own: never in line
 * behind the server's pool, which a burst of requests (their sign-in lookups, the data service's
 * cancels) can keep busy while the database is loaded. Health requests arriving while a probe runs
 * share its answer, so a flood of them costs one statement at a time.
 */
export class DatabaseProbe {
  private readonly pool: pg.Pool;
  private inFlight: Promise<void> | undefined;

  constructor(serverPool: pg.Pool) {
    this.pool = new pg.Pool({ ...serverPool.options, max: 1, connectionTimeoutMillis: PROBE_TIMEOUT_MS, statement_timeout: PROBE_TIMEOUT_MS });
    // Without a listener, an idle connection's error (database restart) would crash the process.
    this.pool.on('error', () => undefined);
  }

  /** Resolves when the database answered; rejects with why it did not. */
  check(): Promise<void> {
    this.inFlight ??= this.pool
      .query('select 1')
      .then(() => undefined)
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
