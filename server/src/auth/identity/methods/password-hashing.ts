import os from 'node:os';
import { ChildPool, type StopReason } from '../../../workers/child-pool.js';
import { compiledSibling } from '../../../workers/compiled-file.js';
import type { HashingRequest } from './password-hashing-child.js';

/** Hashings at once: all cores but one, so that the event loop, which starts the checks on time, always has a core. */
export const HASHING_CONCURRENCY = Math.max(1, os.availableParallelism() - 1);
/** Sign-ins waiting their turn (each a fraction of a second of one core); past it, one is asked to retry. */
export const MAX_HASHINGS_WAITING = 100;
/** Longest one hashing may take on a busy machine before its process is ended. */
const HASHING_TIMEOUT_MS = 30_000;
/** Below the server's priority (0) and the scheduled expressions' (5): a sign-in waits a little, checks never do. */
const HASHING_NICENESS = 10;

/** The password could not be hashed or checked now (too many at once, or the hashing process failed): answered 503. */
export class PasswordHashingUnavailable extends Error {
  readonly statusCode = 503;
}

function unavailable(reason: StopReason): PasswordHashingUnavailable {
  switch (reason.kind) {
    case 'busy':
      return new PasswordHashingUnavailable('Too many people are signing in at once. Please try again in a moment.');
    case 'timeout':
      return new PasswordHashingUnavailable(`Checking the password took longer than ${reason.ms / 1000} s. Please try again in a moment.`);
    case 'memory':
    case 'crash':
    case 'cancelled':
    case 'closed':
      return new PasswordHashingUnavailable('The password could not be checked now. Please try again in a moment.');
  }
}

let pool: ChildPool<string> | undefined;

/** argon2 runs in child processes of lower priority, started at the first sign-in. */
function hashingPool(): ChildPool<string> {
  pool ??= new ChildPool<string>({
    file: () => compiledSibling(import.meta.url, 'password-hashing-child'),
    size: HASHING_CONCURRENCY,
    heapMb: 64,
    wasmMb: 16,
    niceness: HASHING_NICENESS,
    maxQueued: MAX_HASHINGS_WAITING,
    recycleAfter: { requests: 10_000, ms: 60 * 60_000 },
    failure: (error) => new Error(error),
    stopped: unavailable,
  });
  return pool;
}

function hashing(request: HashingRequest): Promise<unknown> {
  return hashingPool().submit(request, { timeoutMs: HASHING_TIMEOUT_MS });
}

/** argon2id (the library's default algorithm) with its recommended cost parameters, on its turn. */
export async function argon2Hash(password: string): Promise<string> {
  return (await hashing({ hash: password })) as string;
}

/** Whether `password` matches the argon2 hash, on its turn; throws on a hash it cannot read. */
export async function argon2Verify(hashed: string, password: string): Promise<boolean> {
  return (await hashing({ verify: password, against: hashed })) as boolean;
}

/** Process ids of the hashings running now, and how many wait their turn. */
export function hashingsUnderWay(): { running: number[]; waiting: number } {
  return { running: pool?.busyPids ?? [], waiting: pool?.queued ?? 0 };
}
