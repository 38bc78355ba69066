import { Worker } from 'node:worker_threads';

/** What a worker thread answers for a request: its value, or its own description of the error. */
export type WorkerAnswer<Failure> = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Failure };

export interface SerialWorkerOptions<Failure> {
  /** The compiled worker script (resolved when the first worker starts). */
  file: () => string;
  heapMb: number;
  /** A request not answered within this is given up and its worker ended. */
  timeoutMs: number;
  /** The error a request fails with, from the worker's answer or from what stopped the worker. */
  failure: (error: Failure) => Error;
  stopped: (reason: string) => Error;
  /** Why a request failed when its worker ran out of time, raised an error, or exited. */
  reasons: { timeout: string; error: (message: string) => string; exit: string };
}

type Pending = { request: { id: number }; resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * One worker thread with no environment of the server's, taking requests one at a time in order:
 * a request that runs too long, or a worker that dies, fails that request and the next ones go to
 * a new worker, so hostile input cannot stall the server.
 */
export class SerialWorker<Request extends { id: number }, Failure> {
  private worker: Worker | undefined;
  private readonly queue: Pending[] = [];
  private current: (Pending & { timer: NodeJS.Timeout }) | undefined;

  constructor(private readonly options: SerialWorkerOptions<Failure>) {}

  submit(request: Request): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.next();
    });
  }

  /** Fails what waits with `reason` and ends the worker. */
  async close(reason: string): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    for (const pending of this.queue.splice(0)) pending.reject(this.options.stopped(reason));
    if (worker) await worker.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const { file, heapMb, reasons } = this.options;
    const worker = new Worker(file(), { resourceLimits: { maxOldGenerationSizeMb: heapMb }, env: {}, stdout: true, stderr: true });
    worker.unref();
    worker.on('message', (answer: WorkerAnswer<Failure>) => this.settle(answer));
    worker.on('error', (error) => this.fail(worker, reasons.error(error.message)));
    worker.on('exit', () => this.fail(worker, reasons.exit));
    this.worker = worker;
    return worker;
  }

  private next(): void {
    if (this.current) return;
    const pending = this.queue.shift();
    if (!pending) return;
    const worker = this.ensureWorker();
    const timer = setTimeout(() => this.fail(worker, this.options.reasons.timeout), this.options.timeoutMs);
    this.current = { ...pending, timer };
    worker.postMessage(pending.request);
  }

  private settle(answer: WorkerAnswer<Failure>): void {
    const current = this.current;
    if (!current || current.request.id !== answer.id) return;
    clearTimeout(current.timer);
    this.current = undefined;
    if (answer.ok) current.resolve(answer.value);
    else current.reject(this.options.failure(answer.error));
    this.next();
  }

  /** Ends a worker that ran too long or died: its request fails, the next ones go to a new worker. */
  private fail(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    void worker.terminate();
    const current = this.current;
    this.current = undefined;
    if (current) {
      clearTimeout(current.timer);
      current.reject(this.options.stopped(reason));
    }
    this.next();
  }
}
