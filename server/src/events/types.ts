/** A domain event as consumers receive it (a row of event_queue). */
export interface DomainEvent {
  id: string;
  name: string;
  /** What the event is about (e.g. a check's id); '' when nothing in particular. */
  subjectId: string;
  properties: Record<string, unknown>;
  /** Failed attempts so far. */
  attempts: number;
  createdAt: Date;
}

export type EventHandler = (event: DomainEvent) => Promise<void>;

/**
 * Takes the claimed events of its names at once (one query for many events); answers the events it
 * could not handle, by id, with why (an exception fails them all).
 */
export type BatchEventHandler = (events: DomainEvent[]) => Promise<ReadonlyMap<string, Error> | void>;

export interface DispatcherOptions {
  /** Events claimed at once. */
  batchSize: number;
  /** How often to look for events when no NOTIFY came (a lost connection, another database client). */
  pollIntervalMs: number;
  /** Attempts before an event stays failed for good (kept with its error, visible in event_queue_summary). */
  maxAttempts: number;
  /** Wait after the first failure; doubled after each next one. */
  retryBaseMs: number;
  /** Longest a handler may take for one event; it then counts as failed. */
  handlerTimeoutMs: number;
  /** Events of a batch handled at once; the events of one subject always one after the other, in order. */
  concurrency: number;
  /**
   * Registers the names consumed here as the database's (event_consumers) when starting, so events of
   * other names are not queued, and removes those already waiting: for a process that registers
   * every consumer of the database (as `pharos serve` does).
   */
  discardUnconsumed: boolean;
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  batchSize: 100,
  pollIntervalMs: 5_000,
  maxAttempts: 5,
  retryBaseMs: 1_000,
  handlerTimeoutMs: 60_000,
  concurrency: 8,
  discardUnconsumed: false,
};

/** The NOTIFY channel enqueue_event() announces new events on (migration 0015). */
export const EVENTS_CHANNEL = 'pharos_events';
