import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SerialWorker } from '../workers/serial-worker.js';
import type { ScriptRequest } from './javascript-worker.js';

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

/** One worker for the process's scripts, run one at a time in order; a stuck or dead worker is replaced. */
const scripts = new SerialWorker<ScriptRequest, string>({
  file: workerFile,
  heapMb: 256,
  // The script's own deadline is kept inside the worker; this only ends a worker that stopped answering.
  timeoutMs: SCRIPT_TIMEOUT_MS + WORKER_GRACE_MS,
  failure: (error) => new ScriptError(error),
  stopped: (reason) => new ScriptError(reason),
  reasons: { timeout: `the script ran longer than ${SCRIPT_TIMEOUT_MS} ms`, error: (message) => `the script stopped: ${message}`, exit: 'the script stopped' },
});
let nextId = 1;

/**
 * Runs a `transform.javascript` script (config-db's) over one document, given as `config`; its last
 * value, usually `JSON.stringify(config)`, is the answer (JSON text is read). It runs in QuickJS
 * compiled to WebAssembly, in a worker thread: no files, network, environment or Node.js of the
 * server's, stopped after SCRIPT_TIMEOUT_MS or past its memory, and the server's event loop is free
 * meanwhile.
 */
export async function runJavascript(script: string, config: unknown): Promise<unknown> {
  const value = await scripts.submit({ id: nextId++, script, config: JSON.stringify(config ?? null), timeoutMs: SCRIPT_TIMEOUT_MS, memoryBytes: SCRIPT_MEMORY_BYTES });
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}
