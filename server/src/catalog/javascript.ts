import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ScriptAnswer, ScriptRequest } from './javascript-worker.js';

/** Longest one transform script may run. */
export const SCRIPT_TIMEOUT_MS = 2_000;
/** Memory one transform script may take. */
const SCRIPT_MEMORY_BYTES = 128 * 1024 * 1024;
/** A worker that does not answer this long after a script's deadline is ended. */
const WORKER_GRACE_MS = 3_000;

export class ScriptError extends Error {}

/** The compiled worker: next to this file in dist, or built from src by `tsc -b` when tests run the sources. */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  const file = here.endsWith('.ts') ? here.replace(/\/src\/catalog\/javascript\.ts$/, '/dist/catalog/javascript-worker.js') : here.replace(/javascript\.js$/, 'javascript-worker.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npx tsc -b\``);
  return file;
}

type Pending = { request: ScriptRequest; resolve: (value: unknown) => void; reject: (error: Error) => void };

/** One worker for the process's scripts, run one at a time in order; a stuck or dead worker is replaced. */
class ScriptWorker {
  private worker: Worker | undefined;
  private readonly queue: Pending[] = [];
  private current: (Pending & { timer: NodeJS.Timeout }) | undefined;
  private nextId = 1;

  run(script: string, config: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const request: ScriptRequest = { id: this.nextId++, script, config: JSON.stringify(config ?? null), timeoutMs: SCRIPT_TIMEOUT_MS, memoryBytes: SCRIPT_MEMORY_BYTES };
      this.queue.push({ request, resolve, reject });
      this.next();
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerFile(), { env: {}, resourceLimits: { maxOldGenerationSizeMb: 256 }, stdout: true, stderr: true });
    worker.unref();
    worker.on('message', (answer: ScriptAnswer) => this.settle(answer));
    worker.on('error', (error) => this.fail(worker, `the script stopped: ${error.message}`));
    worker.on('exit', () => this.fail(worker, 'the script stopped'));
    this.worker = worker;
    return worker;
  }

  private next(): void {
    if (this.current) return;
    const pending = this.queue.shift();
    if (!pending) return;
    const worker = this.ensureWorker();
    const timer = setTimeout(() => this.fail(worker, `the script ran longer than ${SCRIPT_TIMEOUT_MS} ms`), SCRIPT_TIMEOUT_MS + WORKER_GRACE_MS);
    this.current = { ...pending, timer };
    worker.postMessage(pending.request);
  }

  private settle(answer: ScriptAnswer): void {
    const current = this.current;
    if (!current || current.request.id !== answer.id) return;
    clearTimeout(current.timer);
    this.current = undefined;
    if (answer.ok) current.resolve(answer.value);
    else current.reject(new ScriptError(answer.error));
    this.next();
  }

  private fail(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    void worker.terminate();
    const current = this.current;
    this.current = undefined;
    if (current) {
      clearTimeout(current.timer);
      current.reject(new ScriptError(reason));
    }
    this.next();
  }
}

const scripts = new ScriptWorker();

/**
 * Runs a `transform.javascript` script (config-db's) over one document, given as `config`; its last
 * value, usually `JSON.stringify(config)`, is the answer (JSON text is read). It runs in QuickJS
 * compiled to WebAssembly, in a worker thread: no files, network, environment or Node.js of the
 * server's, stopped after SCRIPT_TIMEOUT_MS or past its memory, and the server's event loop is free
 * meanwhile.
 */
export async function runJavascript(script: string, config: unknown): Promise<unknown> {
  const value = await scripts.run(script, config);
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}
