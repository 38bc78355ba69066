import pg from 'pg';
import { migrationNames } from '../db/migrate.js';
import type { Starting } from './starting.js';

/** How long readiness waits for the database before it says it is not ready. */
const PROBE_TIMEOUT_MS = 5_000;

const UNDEFINED_TABLE = '42P01';

export type Readiness = { ready: true } | { ready: false; reason: string };

function listed(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}

/**
 * Whether this process should receive traffic: it is not shutting down, it finished starting, its
 * database answers, and every migration this build ships is applied there. Asks on a connection of its own, like health.
 */
export class ReadinessProbe {
  private readonly pool: pg.Pool;
  private shipped: Promise<string[]> | undefined;

  constructor(
    serverPool: pg.Pool,
    private readonly stopping: AbortSignal | undefined,
    private readonly starting?: Starting,
  ) {
    this.pool = new pg.Pool({ ...serverPool.options, max: 1, connectionTimeoutMillis: PROBE_TIMEOUT_MS, statement_timeout: PROBE_TIMEOUT_MS });
    this.pool.on('error', () => undefined);
  }

  async check(): Promise<Readiness> {
    if (this.stopping?.aborted) return { ready: false, reason: 'The server is shutting down' };
    if (this.starting && !this.starting.done) return { ready: false, reason: this.starting.reason };
    this.shipped ??= migrationNames();
    const shipped = await this.shipped;
    let applied: Set<string>;
    try {
      const { rows } = await this.pool.query<{ name: string }>('select name from schema_migrations');
      applied = new Set(rows.map((row) => row.name));
    } catch (error) {
      if ((error as Partial<pg.DatabaseError>).code === UNDEFINED_TABLE) {
        return { ready: false, reason: 'The database has no migrations applied: run `pharos migrate` or start `pharos serve`' };
      }
      return { ready: false, reason: `The database is unreachable: ${(error as Error).message}` };
    }
    const pending = shipped.filter((name) => !applied.has(name));
    if (pending.length > 0) {
      return { ready: false, reason: `${pending.length} database migration(s) are not applied yet: ${listed(pending)}` };
    }
    return { ready: true };
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
