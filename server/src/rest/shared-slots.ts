import { RestError } from './errors.js';

/**
 * At most `limit` requests of a whole group of callers (those with only the viewer role) run on
 * the data service at once; up to `queued` more wait in arrival order, then 429. However many
 * accounts such callers open, the rest of the data service's connections stay free for everyone
 * else (editors, administrators, responders).
 */
export class SharedSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly queued: number,
  ) {}

  private readonly release = (): void => {
    const next = this.waiting.shift();
    // The slot passes straight to the next request in line, so `running` stays the same.
    if (next) next();
    else this.running -= 1;
  };

  /** The function that gives the slot back when one is free now, without waiting; else undefined. */
  tryAcquire(): (() => void) | undefined {
    if (this.running >= this.limit) return undefined;
    this.running += 1;
    return this.release;
  }

  /** Resolves with the function that gives the slot back; rejects with 429 when the line is full, or when `signal` aborts while waiting. */
  async acquire(signal: AbortSignal): Promise<() => void> {
    const now = this.tryAcquire();
    if (now) return now;
    if (this.waiting.length >= this.queued) throw this.tooMany();
    await new Promise<void>((resolve, reject) => {
      const turn = (): void => {
        signal.removeEventListener('abort', leave);
        resolve();
      };
      const leave = (): void => {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        reject(signal.reason instanceof Error ? signal.reason : new Error('The client went away'));
      };
      this.waiting.push(turn);
      signal.addEventListener('abort', leave, { once: true });
    });
    return this.release;
  }

  private tooMany(): RestError {
    return new RestError(
      429,
      '53300',
      `Too many requests of viewers are on the data service at once (at most ${this.limit} running and ${this.queued} waiting, for all viewers together)`,
      null,
      'Retry in a moment. The share of viewers is PHAROS_DB_VIEWER_SHARE.',
    );
  }
}
