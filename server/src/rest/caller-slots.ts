import { RestError } from './errors.js';

interface CallerQueue {
  running: number;
  waiting: (() => void)[];
}

/**
 * At most `concurrent` requests of one caller run at once; up to `queued` more wait their turn in
 * arrival order, and past that the caller is answered 429. One person can then hold only a few of
 * the data service's connections, however many requests they send.
 */
export class CallerSlots {
  private readonly callers = new Map<string, CallerQueue>();

  constructor(
    readonly concurrent: number,
    readonly queued: number,
  ) {}

  /** The function that gives the slot back when one is free now, without waiting; else undefined. */
  tryAcquire(caller: string): (() => void) | undefined {
    const queue = this.callers.get(caller);
    if (queue && queue.running >= this.concurrent) return undefined;
    const mine = queue ?? { running: 0, waiting: [] };
    if (!queue) this.callers.set(caller, mine);
    mine.running += 1;
    return () => this.release(caller, mine);
  }

  /** Resolves with the function that gives the slot back; rejects with 429 when the queue is full, or when `signal` aborts while waiting. */
  async acquire(caller: string, signal: AbortSignal): Promise<() => void> {
    const now = this.tryAcquire(caller);
    if (now) return now;
    const mine = this.callers.get(caller);
    if (!mine) throw new Error('A caller without a free slot has a queue');
    const release = (): void => this.release(caller, mine);
    if (mine.waiting.length >= this.queued) throw this.tooMany();
    await new Promise<void>((resolve, reject) => {
      const turn = (): void => {
        signal.removeEventListener('abort', leave);
        resolve();
      };
      const leave = (): void => {
        mine.waiting.splice(mine.waiting.indexOf(turn), 1);
        this.forget(caller, mine);
        reject(signal.reason instanceof Error ? signal.reason : new Error('The client went away'));
      };
      mine.waiting.push(turn);
      signal.addEventListener('abort', leave, { once: true });
    });
    return release;
  }

  private release(caller: string, queue: CallerQueue): void {
    const next = queue.waiting.shift();
    // The slot passes straight to the next request in line, so `running` stays the same.
    if (next) next();
    else {
      queue.running -= 1;
      this.forget(caller, queue);
    }
  }

  private forget(caller: string, queue: CallerQueue): void {
    if (queue.running === 0 && queue.waiting.length === 0) this.callers.delete(caller);
  }

  private tooMany(): RestError {
    return new RestError(
      429,
      '53300',
      `Too many of your requests are on the data service at once (at most ${this.concurrent} running and ${this.queued} waiting)`,
      null,
      'Wait for the earlier requests to finish, then retry.',
    );
  }
}
