import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SerialWorker } from '../workers/serial-worker.js';
import { sourceDocument, type ParsedDocuments, type PlainDocuments } from './documents.js';
import type { ParseRequest } from './parse-protocol.js';

/** Longest one body may take to parse (a 2 MiB file takes about 2 s on a busy core). */
export const PARSE_TIMEOUT_MS = 30_000;
/** Memory of the parse worker: a body that needs more is refused, the server is not touched. */
const WORKER_HEAP_MB = 512;
/** Bodies in line for the worker (each up to 2 MiB held in memory); more are turned away until it catches up. */
export const MAX_BODIES_WAITING = 8;

/** The compiled worker: next to this file in dist, or built from src by `tsc -b` when tests run the sources. */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  const file = here.endsWith('.ts') ? here.replace(/\/src\/apply\/off-thread\.ts$/, '/dist/apply/parse-worker.js') : here.replace(/off-thread\.js$/, 'parse-worker.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npx tsc -b\``);
  return file;
}

/** A body the worker gave up on: the client's input is at fault (400), with the reason. */
export class BodyNotParsed extends Error {}

/** The worker has MAX_BODIES_WAITING bodies in line already: the client should retry shortly (503). */
export class ParserBusy extends Error {
  constructor() {
    super(`${MAX_BODIES_WAITING} files are already waiting to be read: retry in a moment`);
  }
}

/**
 * Parses request bodies of YAML or JSON documents in a worker thread, one at a time: what the
 * parser costs (seconds for a large file) never holds the event loop, and a body that takes longer
 * than PARSE_TIMEOUT_MS or more memory than the worker has is refused while the server goes on.
 */
export class OffThreadParser {
  private readonly worker = new SerialWorker<ParseRequest, string>({
    file: workerFile,
    heapMb: WORKER_HEAP_MB,
    timeoutMs: PARSE_TIMEOUT_MS,
    failure: (error) => new Error(`parsing the body failed: ${error}`),
    stopped: (reason) => new BodyNotParsed(reason),
    reasons: {
      timeout: `the input took longer than ${PARSE_TIMEOUT_MS / 1000} s to parse`,
      error: (message) => `the input could not be parsed: ${message}`,
      exit: 'the input needs more memory to parse than a request may use',
    },
  });
  private nextId = 1;
  private pending = 0;

  async parse(text: string): Promise<ParsedDocuments> {
    if (this.pending >= MAX_BODIES_WAITING) throw new ParserBusy();
    this.pending += 1;
    try {
      const parsed = (await this.worker.submit({ id: this.nextId++, text })) as PlainDocuments;
      return 'problems' in parsed ? parsed : { documents: parsed.documents.map(sourceDocument) };
    } finally {
      this.pending -= 1;
    }
  }

  close(): Promise<void> {
    return this.worker.close('the server is stopping');
  }
}
