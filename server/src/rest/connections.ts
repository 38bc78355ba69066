import type { FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import type { CallerSlots } from './caller-slots.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { RestError } from './errors.js';
import type { SharedSlots } from './shared-slots.js';
import { ClientWatch } from './client-watch.js';

/** What the data service needs to run one request's statements. */
export interface ConnectionsOptions {
  /** The data service's own pool, whose connections carry the statement timeout. */
  pool: pg.Pool;
  /** The server's other pool: cancelling a statement must not wait for a data service connection. */
  cancelPool: pg.Pool;
  slots: CallerSlots;
  /** The part of the pool that callers with only the viewer role share among them all. */
  viewerSlots: SharedSlots;
  statementTimeoutMs: number;
}

/** Who a request is for: its person (for their own turn) and whether they only view (for the viewers' share). */
export interface DataCaller {
  id: string;
  viewerOnly: boolean;
}

function tooMany(error: unknown, reply: FastifyReply): never {
  if (error instanceof RestError && error.status === 429) reply.header('retry-after', '1');
  throw error;
}

/** The backend's process id, known to node-postgres from the start-up handshake. */
function backendPid(client: pg.PoolClient): number | undefined {
  const pid = (client as unknown as { processID?: unknown }).processID;
  return typeof pid === 'number' ? pid : undefined;
}

/**
 * Runs one request's statements on one connection of the data service: after the caller's turn
 * (CallerSlots) and, for a caller with only the viewer role, the viewers' turn (SharedSlots), under
 * the statement timeout, and cancelled in PostgreSQL (pg_cancel_backend) as
 * soon as the client goes away.
 */
export class DataConnections {
  constructor(private readonly options: ConnectionsOptions) {}

  async run<T>(request: FastifyRequest, reply: FastifyReply, caller: DataCaller, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const watch = new ClientWatch(request, reply);
    const { slots, viewerSlots } = this.options;
    const release = slots.tryAcquire(caller.id) ?? (await slots.acquire(caller.id, watch.signal).catch((error: unknown) => tooMany(error, reply)));
    try {
      const releaseShare = caller.viewerOnly
        ? (viewerSlots.tryAcquire() ?? (await viewerSlots.acquire(watch.signal).catch((error: unknown) => tooMany(error, reply))))
        : undefined;
      try {
        return await this.withConnection(watch, work);
      } finally {
        releaseShare?.();
      }
    } finally {
      release();
    }
  }

  private async withConnection<T>(watch: ClientWatch, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    if (watch.reason) throw watch.reason;
    const client = await this.options.pool.connect().catch((error: unknown) => {
      // The database away (restart, failover) is told as such: 503 with Retry-After.
      if (isDatabaseUnavailable(error)) throw error;
      throw new RestError(503, 'PGRST003', 'Timed out waiting for a database connection', (error as Error).message, 'The server is busy: retry in a moment.');
    });
    let cancelling: Promise<unknown> | undefined;
    const cancel = (): void => {
      const pid = backendPid(client);
      if (pid !== undefined) cancelling = this.options.cancelPool.query('select pg_cancel_backend($1)', [pid]).catch(() => undefined);
    };
    const stopWatching = watch.onGone(cancel);
    try {
      if (watch.reason) throw watch.reason;
      return await work(client);
    } catch (error) {
      throw this.explain(error, watch);
    } finally {
      stopWatching();
      // The connection is still ours while the cancel is in flight: it cannot hit another request's statement.
      await cancelling;
      client.release();
    }
  }

  private explain(error: unknown, watch: ClientWatch): unknown {
    if (watch.reason) return watch.reason;
    if (error instanceof pg.DatabaseError && error.code === '57014') {
      const seconds = this.options.statementTimeoutMs / 1000;
      return new RestError(
        504,
        '57014',
        `The query ran longer than the statement timeout (${seconds} s) and was cancelled`,
        error.message,
        'Narrow it with filters, a smaller limit or fewer embedded resources. The timeout is PHAROS_STATEMENT_TIMEOUT.',
      );
    }
    return error;
  }
}
