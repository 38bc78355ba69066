import { ChildPool, type StopReason } from '../workers/child-pool.js';
import { compiledSibling } from '../workers/compiled-file.js';
import { sourceDocument, type ParsedDocuments, type PlainDocuments } from './documents.js';
import type { ParseRequest } from './parse-protocol.js';

/** Longest one body may take to parse (a 2 MiB file takes about 2 s on a busy core). */
export const PARSE_TIMEOUT_MS = 30_000;
/** Memory of the parse process: a body that needs more is refused, the server is not touched. */
const WORKER_HEAP_MB = 512;
/** Bodies in line for the parse process (each up to 2 MiB held in memory); more are turned away until it catches up. */
export const MAX_BODIES_WAITING = 8;

const workerFile = (): string => compiledSibling(import.meta.url, 'parse-worker');

/** A body the worker gave up on: the client's input is at fault (400), with the reason. */
export class BodyNotParsed extends Error {}

/** The worker has MAX_BODIES_WAITING bodies in line already: the client should retry shortly (503). */
export class ParserBusy extends Error {
  constructor() {
    super(`${MAX_BODIES_WAITING} files are already waiting to be read: retry in a moment`);
  }
}

/** Why a body was not parsed, said to the person who sent it. */
function notParsed(reason: StopReason): Error {
  switch (reason.kind) {
    case 'timeout':
      return new BodyNotParsed(`the input took longer than ${PARSE_TIMEOUT_MS / 1000} s to parse`);
    case 'memory':
      return new BodyNotParsed('the input needs more memory to parse than a request may use');
    case 'crash':
      return new BodyNotParsed(`the input could not be parsed: ${reason.detail || 'the parser stopped'}`);
    case 'busy':
      return new ParserBusy();
    case 'cancelled':
    case 'closed':
      return new BodyNotParsed('the server is stopping');
  }
}

/**
 * Parses request bodies of YAML or JSON documents in a child process, one at a time: what the
 * parser costs (seconds for a large file) never holds the event loop, and a body that takes longer
 * than PARSE_TIMEOUT_MS or more memory than the process has is refused while the server goes on.
 */
export class OffThreadParser {
  private readonly pool = new ChildPool<string>({
    file: workerFile,
    size: 1,
    heapMb: WORKER_HEAP_MB,
    wasmMb: 16,
    niceness: 10,
    maxQueued: MAX_BODIES_WAITING,
    recycleAfter: { requests: 1_000, ms: 30 * 60_000 },
    failure: (error) => new Error(`parsing the body failed: ${error}`),
    stopped: notParsed,
  });
  private nextId = 1;
  /** Bodies parsing or waiting: the one the process has counts too, as it holds its memory as well. */
  private pending = 0;

  async parse(text: string): Promise<ParsedDocuments> {
    if (this.pending >= MAX_BODIES_WAITING) throw new ParserBusy();
    this.pending += 1;
    try {
      const parsed = (await this.pool.submit({ id: this.nextId++, text } satisfies ParseRequest, { timeoutMs: PARSE_TIMEOUT_MS })) as PlainDocuments;
      return 'problems' in parsed ? parsed : { documents: parsed.documents.map(sourceDocument) };
    } finally {
      this.pending -= 1;
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
