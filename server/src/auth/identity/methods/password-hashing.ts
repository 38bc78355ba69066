import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * Hashings at once: all cores but one. argon2 runs on libuv's threadpool (four threads), so ten people
 * signing in at once would take every core from the event loop, which starts the checks on time,
 * and every threadpool slot from file and DNS work; past this many, a sign-in waits its turn.
 */
export const HASHING_CONCURRENCY = Math.max(1, os.availableParallelism() - 1);

const limit = pLimit(HASHING_CONCURRENCY);

/** argon2id (the library's default algorithm) with its recommended cost parameters, on its turn. */
export function argon2Hash(password: string): Promise<string> {
  return limit(() => hash(password));
}

/** Whether `password` matches the argon2 hash, on its turn; throws on a hash it cannot read. */
export function argon2Verify(hashed: string, password: string): Promise<boolean> {
  return limit(() => verify(hashed, password));
}

/** Hashings running and waiting their turn. */
export function hashingsUnderWay(): { running: number; waiting: number } {
  return { running: limit.activeCount, waiting: limit.pendingCount };
}
