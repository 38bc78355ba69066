import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SerialWorker } from '../workers/serial-worker.js';
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

type Failure = Extract<SandboxAnswer, { ok: false }>['error'];

/**
 * CEL and templates run in a worker thread with a time limit: what runs past it ends the worker
 * (a new one takes the next request), so a hostile `test` cannot stall checks or sign-in.
 * Requests run one at a time, in order.
 */
export class ExpressionSandbox {
  private readonly worker: SerialWorker<SandboxRequest, Failure>;
  private nextId = 1;

  constructor(timeoutMs = EXPRESSION_TIMEOUT_MS) {
    this.worker = new SerialWorker({
      file: workerFile,
      heapMb: WORKER_HEAP_MB,
      timeoutMs,
      failure: (error) => new ExpressionError(error.message, error.line, error.col),
      stopped: (reason) => new ExpressionError(reason),
      reasons: {
        timeout: `the expression took longer than ${timeoutMs} ms and was stopped`,
        error: (message) => `the expression stopped: ${message}`,
        exit: 'the expression stopped: it used more memory than allowed',
      },
    });
  }

  /** `durations` names variables holding milliseconds that CEL sees as durations (`sslAge > Duration('7d')`). */
  evaluateCel(expression: string, variables: Record<string, unknown> = {}, durations: readonly string[] = []): Promise<unknown> {
    return this.worker.submit({ id: this.nextId++, kind: 'cel', expression, variables, ...(durations.length > 0 ? { durations } : {}) });
  }

  renderTemplate(text: string, data: unknown, name?: string): Promise<string> {
    return this.worker.submit({ id: this.nextId++, kind: 'template', text, data, ...(name ? { name } : {}) }) as Promise<string>;
  }

  /** A jq program over a JSON value, giving its one output. */
  runJq(filter: string, input: unknown): Promise<unknown> {
    return this.worker.submit({ id: this.nextId++, kind: 'jq', filter, input });
  }

  close(): Promise<void> {
    return this.worker.close('the expression sandbox was closed');
  }
}
