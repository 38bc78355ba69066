import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { compiledSibling } from '../workers/compiled-file.js';
import type { Measured } from './summary-cache.js';
import type { SummaryBuildReply, SummaryBuildRequest, SummaryWorkerData } from './summary-worker.js';

/** How the builder thread's connection shows in pg_stat_activity. */
export const SUMMARY_BUILDER_APPLICATION = 'pharos summary builder';

/** A built summary: its JSON and the same gzip-encoded. */
export interface BuiltSummary {
  json: Buffer;
  gzipped: Buffer;
}

interface Builder {
  worker: Worker;
  waiting: Map<number, { resolve(built: BuiltSummary): void; reject(error: Error): void }>;
  nextId: number;
}

const builders = new WeakMap<pg.Pool, Builder>();

const workerFile = (): string => compiledSibling(import.meta.url, 'summary-worker');

/** The pool's builder thread, started at its first build; one that failed is replaced at the next. */
function builderOf(pool: pg.Pool): Builder {
  const found = builders.get(pool);
  if (found) return found;
  const connectionString = pool.options.connectionString;
  if (!connectionString) throw new Error('the summary is built from a pool opened with a connection string');
  const worker = new Worker(workerFile(), { workerData: { connectionString } satisfies SummaryWorkerData });
  // The thread never keeps the process alive: its work is for requests, which end with the server.
  worker.unref();
  const builder: Builder = { worker, waiting: new Map(), nextId: 1 };
  const fail = (error: Error): void => {
    if (builders.get(pool) === builder) builders.delete(pool);
    for (const { reject } of builder.waiting.values()) reject(error);
    builder.waiting.clear();
  };
  worker.on('message', (reply: SummaryBuildReply) => {
    const waiter = builder.waiting.get(reply.id);
    builder.waiting.delete(reply.id);
    if (!waiter) return;
    if ('error' in reply) waiter.reject(Object.assign(new Error(reply.error), reply.code ? { code: reply.code } : {}));
    else waiter.resolve({ json: Buffer.from(reply.json.buffer, reply.json.byteOffset, reply.json.byteLength), gzipped: Buffer.from(reply.gzipped.buffer, reply.gzipped.byteOffset, reply.gzipped.byteLength) });
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the summary builder thread exited with ${code}`)));
  builders.set(pool, builder);
  return builder;
}

/** Starts the pool's builder thread ahead of the first build, which then need not wait for it to load. */
export function prepareSummaryBuilder(pool: pg.Pool): void {
  builderOf(pool);
}

/** Builds the summary of every check with `measured` on the builder thread. */
export function buildSummary(pool: pg.Pool, measured: Measured): Promise<BuiltSummary> {
  const builder = builderOf(pool);
  const id = builder.nextId++;
  return new Promise((resolve, reject) => {
    builder.waiting.set(id, { resolve, reject });
    builder.worker.postMessage({ id, measured } satisfies SummaryBuildRequest);
  });
}

/** Stops the pool's builder thread, if it has one (when the server closes: the pool's connections end). */
export async function stopSummaryBuilder(pool: pg.Pool): Promise<void> {
  const builder = builders.get(pool);
  if (!builder) return;
  builders.delete(pool);
  await builder.worker.terminate();
}
