import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** The NOTIFY channel migration 0067 announces an agent's waiting action on, with the agent's id. */
export const AGENT_ACTIONS_CHANNEL = 'pharos_agent_actions';

/**
 * Wakes the long polls of agents when an action starts waiting for them, in this process or any
 * other sharing the database: one LISTEN connection, opened at the first poll, fanned out by agent.
 */
export class AgentActionSignals {
  private readonly emitter = new EventEmitter();
  private listener: Promise<pg.PoolClient> | undefined;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: FastifyBaseLogger,
  ) {
    // Every held poll listens; there is no leak to warn of.
    this.emitter.setMaxListeners(0);
  }

  /**
   * A promise settled when an action may be waiting for the agent, after `ms` or when `signal`
   * aborts. Subscribed at once, so a NOTIFY between this call and the wait is not missed.
   */
  waiter(agentId: string): { until(ms: number, signal: AbortSignal): Promise<void>; cancel(): void } {
    let wake: () => void = () => undefined;
    let woken = false;
    const onSignal = () => {
      woken = true;
      wake();
    };
    this.emitter.once(agentId, onSignal);
    const cancel = (): void => {
      this.emitter.off(agentId, onSignal);
    };
    return {
      cancel,
      until: async (ms, signal) => {
        await this.listen().catch((error: unknown) => this.logger.warn({ err: error }, 'could not listen for agent actions'));
        if (woken || signal.aborted) return cancel();
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, ms);
          function done() {
            clearTimeout(timer);
            signal.removeEventListener('abort', done);
            resolve();
          }
          wake = done;
          signal.addEventListener('abort', done, { once: true });
        });
        cancel();
      },
    };
  }

  private listen(): Promise<pg.PoolClient> {
    if (this.closed) return Promise.reject(new Error('closed'));
    this.listener ??= this.connect().catch((error: unknown) => {
      this.listener = undefined;
      throw error;
    });
    return this.listener;
  }

  private async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    client.on('notification', (message) => {
      if (message.channel === AGENT_ACTIONS_CHANNEL && message.payload) this.emitter.emit(message.payload);
    });
    client.on('error', (error) => {
      // Released already (closing): the pool closes it, and releasing it twice would throw.
      if (this.closed) return;
      // Polls still look again every few seconds; the next one listens on a fresh connection.
      this.logger.warn({ err: error }, 'agent action listener connection lost');
      this.listener = undefined;
      client.release(error);
    });
    try {
      await client.query(`LISTEN ${AGENT_ACTIONS_CHANNEL}`);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    return client;
  }

  async close(): Promise<void> {
    this.closed = true;
    const listener = await this.listener?.catch(() => undefined);
    this.listener = undefined;
    if (!listener) return;
    await listener.query(`UNLISTEN ${AGENT_ACTIONS_CHANNEL}`).catch(() => undefined);
    listener.release();
  }
}
