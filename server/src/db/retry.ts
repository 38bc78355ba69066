import { setTimeout as sleep } from 'node:timers/promises';
import { isDatabaseUnavailable } from './unavailable.js';

export interface RetryOptions {
  /** Stops the waiting: the last error is thrown. */
  signal?: AbortSignal;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** After this long the last error is thrown. */
  giveUpAfterMs?: number;
  /** Told of each failure that is retried, with the wait before the next try. */
  onRetry?: (error: unknown, delayMs: number) => void;
}

/**
 * Runs `work` until it succeeds, again after a wait that doubles each time (from `firstDelayMs` up to
 * `maxDelayMs`) while it fails because the database is away (restart, failover); any other failure
 * is thrown at once.
 */
export async function retryWhileUnavailable<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { signal, firstDelayMs = 200, maxDelayMs = 5_000, giveUpAfterMs = 120_000, onRetry } = options;
  const deadline = Date.now() + giveUpAfterMs;
  let delay = firstDelayMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || signal?.aborted || Date.now() + delay > deadline) throw error;
      onRetry?.(error, delay);
      try {
        await sleep(delay, undefined, signal ? { signal } : {});
      } catch {
        throw error;
      }
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
}
