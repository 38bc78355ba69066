import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { retryWhileUnavailable } from '../db/retry.js';
import { CoalescedRun } from '../workers/coalesced-run.js';
import { claimDueEvents, completeEvents, failEvent, type ClaimedEvent } from './claim.js';
import { registerConsumedEvents } from './consumed-names.js';
import { DEFAULT_DISPATCHER_OPTIONS, EVENTS_CHANNEL, type BatchEventHandler, type DispatcherOptions, type DomainEvent, type EventHandler } from './types.js';

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the handler took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

interface Consumer {
  /** Kept in event_queue.done_consumers once it handled an event: the same in every process. */
  key: string;
  names: ReadonlySet<string>;
  handler?: EventHandler;
  batch?: BatchEventHandler;
}

interface Failure {
  key: string;
  error: unknown;
}

const withoutDone = ({ doneConsumers: _done, ...event }: ClaimedEvent): DomainEvent => event;

/**
 * Hands domain events to the consumers registered for their names; several consumers may take the
 * same name, each gets each event once (a retry runs only those that failed). Woken by NOTIFY when an event is
 * committed, and by a timer as a fallback; claims events in batches with SKIP LOCKED, so several
 * processes share the queue and each event is handled by one of them at a time; the events of a
 * batch are handled side by side, those of one subject in order. A failed event is
 * retried with exponential backoff up to `maxAttempts`, then kept with its error. Every process
 * sharing the queue registers the same consumers.
 */
export class EventDispatcher {
  private readonly handlers = new Map<string, Consumer[]>();
  private readonly options: DispatcherOptions;
  private listener: pg.PoolClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private readonly drains = new CoalescedRun(
    () => this.drain(),
    (error: unknown) => this.logger.error({ err: error }, 'event dispatch failed'),
    () => !this.stopped,
  );

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: FastifyBaseLogger,
    options: Partial<DispatcherOptions> = {},
  ) {
    this.options = { ...DEFAULT_DISPATCHER_OPTIONS, ...options };
  }

  /**
   * Adds a consumer of these event names, called with each event. `consumer` names it for the record
   * of who handled an event (default: the names it takes); two consumers of one event need different names.
   */
  on(names: readonly string[], handler: EventHandler, consumer: string = names.join(',')): void {
    this.add({ key: consumer, names: new Set(names), handler });
  }

  /** Adds a consumer that takes the claimed events of its names together (see BatchEventHandler). */
  onBatch(names: readonly string[], handler: BatchEventHandler, consumer: string = names.join(',')): void {
    this.add({ key: consumer, names: new Set(names), batch: handler });
  }

  private add(consumer: Consumer): void {
    for (const name of consumer.names) {
      if (this.handlers.get(name)?.some((existing) => existing.key === consumer.key)) {
        throw new Error(`A consumer '${consumer.key}' of '${name}' is registered already`);
      }
    }
    for (const name of consumer.names) this.handlers.set(name, [...(this.handlers.get(name) ?? []), consumer]);
  }

  async start(): Promise<void> {
    if (this.options.discardUnconsumed) await registerConsumedEvents(this.pool, [...this.handlers.keys()]);
    this.stopped = false;
    await this.listen();
    this.timer = setInterval(() => this.wake(), this.options.pollIntervalMs);
    this.wake();
  }

  /** Stops claiming; the batch in flight is finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      await listener.query(`unlisten ${EVENTS_CHANNEL}`).catch(() => undefined);
      listener.release();
    }
    await this.drains.settled();
  }

  /** Handles what is due now (also what the timer and NOTIFY call). */
  wake(): void {
    this.drains.wake();
  }

  private async listen(): Promise<void> {
    const client = await this.pool.connect();
    client.on('notification', () => this.wake());
    client.on('error', (error) => {
      // Released already (stopping): the pool closes it, and releasing it twice would throw.
      if (this.listener !== client) return;
      // The timer keeps events moving; listen again on a fresh connection.
      this.logger.warn({ err: error }, 'event listener connection lost');
      this.listener = undefined;
      client.release(error);
      if (!this.stopped) void this.listenAgain();
    });
    try {
      await client.query(`listen ${EVENTS_CHANNEL}`);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    this.listener = client;
  }

  /** Listens again once the database answers (after a restart or failover), waiting longer between tries. */
  private async listenAgain(): Promise<void> {
    try {
      await retryWhileUnavailable(() => (this.stopped ? Promise.resolve() : this.listen()), {
        giveUpAfterMs: Number.POSITIVE_INFINITY,
        onRetry: (error, delayMs) => this.logger.debug({ err: error, delayMs }, 'event listener: the database is away, trying again'),
      });
      if (!this.stopped) this.logger.info('event listener listening again');
    } catch (error) {
      this.logger.warn({ err: error }, 'could not listen for events');
    }
  }

  private async drain(): Promise<void> {
    while (!this.stopped && (await this.dispatchBatch()) === this.options.batchSize);
  }

  /** Claims and handles one batch; answers how many events it claimed. */
  private async dispatchBatch(): Promise<number> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return 0;
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const events = await claimDueEvents(client, names, this.options.batchSize, this.options.maxAttempts);
      const failures = await this.handleAll(events);
      const handled: string[] = [];
      for (const event of events) {
        const failed = failures.get(event.id);
        if (failed) await this.recordFailure(client, event, failed);
        else handled.push(event.id);
      }
      await completeEvents(client, handled);
      await client.query('commit');
      return events.length;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private pendingConsumers(event: ClaimedEvent): Consumer[] {
    return (this.handlers.get(event.name) ?? []).filter((consumer) => !event.doneConsumers.includes(consumer.key));
  }

  /**
   * Runs every consumer of the batch that has not handled its events yet: the batch consumers once
   * each, the others event by event — side by side, the events of one subject in order. Answers the
   * failures by event id.
   */
  private async handleAll(events: readonly ClaimedEvent[]): Promise<Map<string, Failure[]>> {
    const failures = new Map<string, Failure[]>();
    const fail = (id: string, key: string, error: unknown) => failures.set(id, [...(failures.get(id) ?? []), { key, error }]);
    const chains = new Map<string, ClaimedEvent[]>();
    for (const event of events) {
      const key = event.subjectId || event.id;
      chains.set(key, [...(chains.get(key) ?? []), event]);
    }
    const queue = [...chains.values()];
    const worker = async (): Promise<void> => {
      for (let chain = queue.shift(); chain; chain = queue.shift()) {
        for (const event of chain) {
          const consumers = this.pendingConsumers(event).filter((consumer) => consumer.handler);
          const outcomes = await Promise.allSettled(
            consumers.map((consumer) => withTimeout(Promise.resolve().then(() => consumer.handler!(withoutDone(event))), this.options.handlerTimeoutMs)),
          );
          outcomes.forEach((outcome, index) => outcome.status === 'rejected' && fail(event.id, consumers[index]!.key, outcome.reason));
        }
      }
    };
    const batchConsumers = new Set(events.flatMap((event) => this.pendingConsumers(event).filter((consumer) => consumer.batch)));
    const batches = [...batchConsumers].map(async (consumer) => {
      const mine = events.filter((event) => consumer.names.has(event.name) && !event.doneConsumers.includes(consumer.key));
      try {
        const failed = await withTimeout(Promise.resolve().then(() => consumer.batch!(mine.map(withoutDone))), this.options.handlerTimeoutMs);
        for (const [id, error] of failed ?? []) fail(id, consumer.key, error);
      } catch (error) {
        for (const event of mine) fail(event.id, consumer.key, error);
      }
    });
    await Promise.all([...Array.from({ length: Math.min(this.options.concurrency, queue.length) }, worker), ...batches]);
    return failures;
  }

  /** Keeps the failure for a later attempt of the consumers that failed (those that did are not asked again). */
  private async recordFailure(client: pg.PoolClient, event: ClaimedEvent, failures: readonly Failure[]): Promise<void> {
    const registered = this.handlers.get(event.name) ?? [];
    const message = failures.map(({ key, error }) => (registered.length > 1 ? `${key}: ` : '') + (error instanceof Error ? error.message : String(error))).join('; ');
    const done = [...event.doneConsumers, ...this.pendingConsumers(event).filter((consumer) => !failures.some((failure) => failure.key === consumer.key)).map((consumer) => consumer.key)];
    const retryAfterMs = this.options.retryBaseMs * 2 ** event.attempts;
    this.logger.warn({ event_id: event.id, event: event.name, attempts: event.attempts + 1, consumers: failures.map((failure) => failure.key) }, `event handler failed: ${message}`);
    await failEvent(client, event.id, message, retryAfterMs, done);
  }
}
