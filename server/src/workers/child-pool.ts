import { PoolChild, type ChildMessage } from './pool-child.js';

/** Longest close() waits for a killed child to be reported gone. */
const EXIT_WAIT_MS = 5_000;

export interface ChildPoolOptions<Failure> {
  /** The compiled entry each child runs (resolved when the first child starts). */
  file: () => string;
  /** Children working at once. */
  size: number;
  heapMb: number;
  wasmMb: number;
  niceness: number;
  /** Requests waiting for a child; past it `busy` is thrown. */
  maxQueued: number;
  /** A child serves this many requests, or lives this long, then a fresh one takes over. */
  recycleAfter: { requests: number; ms: number };
  /** The error a request fails with, from the child's answer. */
  failure: (error: Failure) => Error;
  /** The error a request fails with when its child was ended or the pool could not take it. */
  stopped: (reason: StopReason) => Error;
}

export type StopReason =
  | { kind: 'timeout'; ms: number }
  | { kind: 'memory' }
  | { kind: 'crash'; detail: string }
  | { kind: 'cancelled' }
  | { kind: 'busy' }
  | { kind: 'closed' };

export interface SubmitOptions {
  /** Longest the request may run once a child has it; the child is then killed. */
  timeoutMs: number;
  /** Aborting drops the request while it waits, or kills its child while it runs. */
  signal?: AbortSignal | undefined;
}

interface Pending {
  id: number;
  request: object;
  options: SubmitOptions;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  forget: () => void;
}

interface Running<Failure> {
  pending: Pending;
  child: PoolChild<Failure>;
  timer: NodeJS.Timeout;
}

/**
 * A few child processes taking requests from one queue: a request that runs past its time, or
 * whose caller gave up, has its child killed; a child that dies (out of heap, crashed) fails only
 * its own request and is replaced; children are recycled after a number of requests or an age.
 */
export class ChildPool<Failure> {
  private readonly children = new Set<PoolChild<Failure>>();
  private readonly queue: Pending[] = [];
  private readonly running = new Map<PoolChild<Failure>, Running<Failure>>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ChildPoolOptions<Failure>) {}

  /** Requests waiting for a child. */
  get queued(): number {
    return this.queue.length;
  }

  /** Process ids of the children running a request now. */
  get busyPids(): number[] {
    return [...this.running.keys()].flatMap((child) => (child.process.pid === undefined ? [] : [child.process.pid]));
  }

  submit(request: object, options: SubmitOptions): Promise<unknown> {
    if (this.closed) return Promise.reject(this.options.stopped({ kind: 'closed' }));
    if (options.signal?.aborted) return Promise.reject(this.options.stopped({ kind: 'cancelled' }));
    if (this.queue.length >= this.options.maxQueued) return Promise.reject(this.options.stopped({ kind: 'busy' }));
    return new Promise((resolve, reject) => {
      const pending: Pending = { id: this.nextId++, request, options, resolve, reject, forget: () => undefined };
      const signal = options.signal;
      if (signal) {
        const onAbort = (): void => this.cancel(pending);
        signal.addEventListener('abort', onAbort, { once: true });
        pending.forget = () => signal.removeEventListener('abort', onAbort);
      }
      this.queue.push(pending);
      this.dispatch();
    });
  }

  /** Fails what waits or runs and ends every child. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) this.settle(pending, this.options.stopped({ kind: 'closed' }));
    for (const run of this.running.values()) {
      clearTimeout(run.timer);
      this.settle(run.pending, this.options.stopped({ kind: 'closed' }));
    }
    this.running.clear();
    // A child that never started (fork failed) has nothing to wait for; a killed one exits at once, or is given up after a while.
    const exits = [...this.children].map(
      (child) => new Promise<void>((resolve) => (child.alive ? (child.process.once('exit', () => resolve()), setTimeout(resolve, EXIT_WAIT_MS).unref()) : resolve())),
    );
    for (const child of this.children) {
      // Held until it has exited, so that a command waiting for this close is not left with an empty event loop.
      child.hold(true);
      child.kill('cancelled');
    }
    await Promise.all(exits);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const idle = [...this.children].find((child) => child.ready && !this.running.has(child) && child.endedFor === undefined);
      if (!idle) break;
      this.start(this.queue.shift()!, idle);
    }
    const starting = [...this.children].filter((child) => !child.ready).length;
    const wanted = Math.min(this.options.size - this.children.size, this.queue.length - starting);
    for (let i = 0; i < wanted; i++) this.spawn();
  }

  private spawn(): void {
    const { file, heapMb, wasmMb, niceness } = this.options;
    const child: PoolChild<Failure> = new PoolChild<Failure>(
      { file: file(), heapMb, wasmMb, niceness },
      (message) => this.onMessage(child, message),
      () => this.onExit(child),
    );
    this.children.add(child);
  }

  private start(pending: Pending, child: PoolChild<Failure>): void {
    const timer = setTimeout(() => this.end(child, 'timeout'), pending.options.timeoutMs);
    this.running.set(child, { pending, child, timer });
    child.served += 1;
    child.hold(true);
    child.send({ ...pending.request, id: pending.id });
  }

  private onMessage(child: PoolChild<Failure>, message: ChildMessage<Failure>): void {
    if ('ready' in message) {
      this.dispatch();
      if (!this.running.has(child)) child.hold(false);
      return;
    }
    const run = this.running.get(child);
    if (!run || run.pending.id !== message.id) return;
    clearTimeout(run.timer);
    this.running.delete(child);
    child.hold(false);
    this.settle(run.pending, message.ok ? undefined : this.options.failure(message.error), message.ok ? message.value : undefined);
    const { requests, ms } = this.options.recycleAfter;
    if (child.served >= requests || Date.now() - child.startedAt >= ms) child.kill('exit');
    this.dispatch();
  }

  /** Kills the child running a request that took too long or whose caller went away; its request fails at once. */
  private end(child: PoolChild<Failure>, reason: 'timeout' | 'cancelled'): void {
    const run = this.running.get(child);
    if (!run) return;
    clearTimeout(run.timer);
    this.running.delete(child);
    child.kill(reason);
    this.settle(run.pending, this.options.stopped(reason === 'timeout' ? { kind: 'timeout', ms: run.pending.options.timeoutMs } : { kind: 'cancelled' }));
  }

  private cancel(pending: Pending): void {
    const index = this.queue.indexOf(pending);
    if (index >= 0) {
      this.queue.splice(index, 1);
      this.settle(pending, this.options.stopped({ kind: 'cancelled' }));
      return;
    }
    const run = [...this.running.values()].find((candidate) => candidate.pending === pending);
    if (run) this.end(run.child, 'cancelled');
  }

  private onExit(child: PoolChild<Failure>): void {
    this.children.delete(child);
    const run = this.running.get(child);
    if (run) {
      clearTimeout(run.timer);
      this.running.delete(child);
      this.settle(run.pending, this.options.stopped(child.outOfMemory ? { kind: 'memory' } : { kind: 'crash', detail: child.lastWords }));
    } else if (!child.ready && child.endedFor === undefined && this.queue.length > 0) {
      // A child that cannot even start would fail every request the same way: say why to the first.
      this.settle(this.queue.shift()!, this.options.stopped({ kind: 'crash', detail: child.lastWords }));
    }
    if (!this.closed) this.dispatch();
  }

  private settle(pending: Pending, error: Error | undefined, value?: unknown): void {
    pending.forget();
    if (error) pending.reject(error);
    else pending.resolve(value);
  }
}
