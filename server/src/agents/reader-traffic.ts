/** A request counts this long at most: a slow one (Run Now, a large search) does not hold pushes back all along. */
const HOLD_MS = 2_000;
/** People are taken to be reading this long after their last request was answered: a page view is a burst of requests. */
const LINGER_MS = 250;

/**
 * The requests of people (and of anything but agents syncing) being answered right now. Agent
 * pushes give way to them: a push sends its next statement only once none is in flight, or after
 * `maxWaitMs`, so a page view never shares the CPUs with more than the one statement of a push that
 * was already running when it came.
 */
export class ReaderTraffic {
  private inFlight = 0;
  private lastEnded = Number.NEGATIVE_INFINITY;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly holdMs = HOLD_MS,
    private readonly lingerMs = LINGER_MS,
  ) {}

  /** A request came in; the function answered ends it (once it is answered or its connection closed; called again, nothing). */
  begin(): () => void {
    this.inFlight += 1;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      this.release();
    };
    const timer = setTimeout(end, this.holdMs);
    timer.unref();
    return end;
  }

  private release(): void {
    this.inFlight -= 1;
    this.lastEnded = performance.now();
    if (this.inFlight > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  get busy(): boolean {
    return this.inFlight > 0;
  }

  /** Whether people are reading: a request in flight, or one answered less than `lingerMs` ago. */
  get recent(): boolean {
    return this.busy || performance.now() - this.lastEnded < this.lingerMs;
  }

  /** Settles when no request is in flight, or after `maxWaitMs` at most, so pushes always move on. */
  quiet(maxWaitMs: number): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== done);
        resolve();
      }, maxWaitMs);
      this.waiters.push(done);
    });
  }
}
