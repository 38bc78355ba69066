import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SandboxAnswer, SandboxRequest } from './protocol.js';

/** Longest one expression or template may run. */
export const EXPRESSION_TIMEOUT_MS = 2_000;
/** Memory of the worker: an expression that builds huge values stops there, not in the server. */
const WORKER_HEAP_MB = 128;

/** An expression that failed, stopped or could not run, with its position when it has one. */
export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly col?: number,
  ) {
    super(message);
    this.name = 'ExpressionError';
  }
}

/** The compiled worker: next to this file in dist, or built from src by `tsc -b` when tests run the sources. */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  const file = here.endsWith('.ts') ? here.replace(/\/src\/expressions\/sandbox\.ts$/, '/dist/expressions/worker.js') : here.replace(/sandbox\.js$/, 'worker.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npx tsc -b\``);
  return file;
}

type Pending = { request: SandboxRequest; resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * CEL and templates run in a worker thread with a time limit: what runs past it ends the worker
 * (a new one takes the next request), so a hostile `test` cannot stall checks or sign-in.
 * Requests run one at a time, in order.
 */
export class ExpressionSandbox {
  private worker: Worker | undefined;
  private readonly queue: Pending[] = [];
  private current: (Pending & { timer: NodeJS.Timeout }) | undefined;
  private nextId = 1;

  constructor(private readonly timeoutMs = EXPRESSION_TIMEOUT_MS) {}

  /** `durations` names variables holding milliseconds that CEL sees as durations (`sslAge > Duration('7d')`). */
  evaluateCel(expression: string, variables: Record<string, unknown> = {}, durations: readonly string[] = []): Promise<unknown> {
    return this.submit({ id: this.nextId++, kind: 'cel', expression, variables, ...(durations.length > 0 ? { durations } : {}) });
  }

  renderTemplate(text: string, data: unknown, name?: string): Promise<string> {
    return this.submit({ id: this.nextId++, kind: 'template', text, data, ...(name ? { name } : {}) }) as Promise<string>;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    for (const pending of this.queue.splice(0)) pending.reject(new ExpressionError('the expression sandbox was closed'));
    if (worker) await worker.terminate();
  }

  private submit(request: SandboxRequest): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.next();
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerFile(), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB }, env: {}, stdout: true, stderr: true });
    worker.unref();
    worker.on('message', (answer: SandboxAnswer) => this.settle(answer));
    worker.on('error', (error) => this.fail(worker, `the expression stopped: ${error.message}`));
    worker.on('exit', () => this.fail(worker, 'the expression stopped: it used more memory than allowed'));
    this.worker = worker;
    return worker;
  }

  private next(): void {
    if (this.current) return;
    const pending = this.queue.shift();
    if (!pending) return;
    const worker = this.ensureWorker();
    const timer = setTimeout(() => this.fail(worker, `the expression took longer than ${this.timeoutMs} ms and was stopped`), this.timeoutMs);
    this.current = { ...pending, timer };
    worker.postMessage(pending.request);
  }

  private settle(answer: SandboxAnswer): void {
    const current = this.current;
    if (!current || current.request.id !== answer.id) return;
    clearTimeout(current.timer);
    this.current = undefined;
    if (answer.ok) current.resolve(answer.value);
    else current.reject(new ExpressionError(answer.error.message, answer.error.line, answer.error.col));
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
      current.reject(new ExpressionError(reason));
    }
    this.next();
  }
}
