/**
 * The thread that builds summary answers (summary-builder.ts): it reads every check with its own
 * connection and writes and gzips the megabytes of JSON, so that the event loop, which starts the
 * checks on time and answers everyone else, spends nothing on them but handing over the bytes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { constants, gzipSync } from 'node:zlib';
import pg from 'pg';
import { lowerThisThreadPriority } from '../workers/thread-priority.js';
import { SUMMARY_BUILDER_APPLICATION } from './summary-builder.js';
import type { Measured } from './summary-cache.js';
import { summaryJson } from './summary-rows.js';

export interface SummaryWorkerData {
  connectionString: string;
}

export interface SummaryBuildRequest {
  id: number;
  measured: Measured;
}

/** A failure keeps its code (a PostgreSQL or socket code), so that a database outage still answers 503. */
export type SummaryBuildReply = { id: number; json: Uint8Array; gzipped: Uint8Array } | { id: number; error: string; code?: string };

/** Idle this long, the thread's connection is closed (it opens again at the next build). */
const IDLE_CONNECTION_MS = 30_000;
/** Fast compression: it is made on every build, and on 10,000 checks level 6 takes nearly three times as long for 15 % fewer bytes. */
const GZIP_LEVEL = constants.Z_BEST_SPEED;

/** Below the event loop's priority (0), which starts the checks on time: a build under contention waits, a tick does not. */
const SUMMARY_BUILDER_NICENESS = 10;

lowerThisThreadPriority(SUMMARY_BUILDER_NICENESS);
const { connectionString } = workerData as SummaryWorkerData;
const pool = new pg.Pool({ connectionString, application_name: SUMMARY_BUILDER_APPLICATION, max: 1, idleTimeoutMillis: IDLE_CONNECTION_MS, allowExitOnIdle: true });
// The database closing the idle connection (a restart, a dropped database) is not the thread's end.
pool.on('error', () => undefined);

/** The bytes' own ArrayBuffer moves to the other thread without a copy; a slice of a shared one is copied. */
const movable = (bytes: Buffer): Uint8Array => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : Uint8Array.prototype.slice.call(bytes));

parentPort!.on('message', ({ id, measured }: SummaryBuildRequest) => {
  summaryJson(pool, measured).then(
    (text) => {
      const json = movable(Buffer.from(text));
      const gzipped = movable(gzipSync(json, { level: GZIP_LEVEL }));
      parentPort!.postMessage({ id, json, gzipped } satisfies SummaryBuildReply, [json.buffer as ArrayBuffer, gzipped.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const code = (error as { code?: unknown } | null)?.code;
      parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) } satisfies SummaryBuildReply);
    },
  );
});
