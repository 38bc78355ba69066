/** Thrown when the gate is full: answered 503 with Retry-After, and the agent sends the page again later. */
export class PushGateFull extends Error {}

/**
 * Bounds the push transactions upstream runs at once, so agents pushing together never hold more
 * than `running` pool connections: the rest of the pool stays for readers and the scheduler. Up to
 * `waiting` more pushes wait their turn; beyond that a push is refused at once rather than queued
 * without end.
 */
export class PushGate {
  private active = 0;
  /** Pushes answered 503 so far. */
  refused = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  /** Whether a push coming now would be refused. */
  get full(): boolean {
    return this.active >= this.running && this.queue.length >= this.waiting;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) {
        this.refused += 1;
        throw new PushGateFull(`Upstream is storing ${this.active} pushes and ${this.queue.length} more wait: send this page again shortly`);
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      // The slot passes straight to the next waiter, so `active` never drops below the work running.
      if (next) next();
      else this.active -= 1;
    }
  }
}
