import { hashSync, verifySync } from '@node-rs/argon2';
import type { ChildMessage } from '../../../workers/pool-child.js';

/** What the server asks the hashing process: hash a new password, or verify one against its hash. */
export type HashingRequest = { hash: string } | { verify: string; against: string };

/**
 * Hashes and verifies passwords in a process of its own, below the server's priority: however many
 * people sign in at once, argon2's seconds of CPU never take the cores the scheduler starts checks with.
 */
process.on('message', (request: HashingRequest & { id: number }) => {
  let answer: ChildMessage<string>;
  try {
    const value = 'hash' in request ? hashSync(request.hash) : verifySync(request.against, request.verify);
    answer = { id: request.id, ok: true, value };
  } catch (error) {
    answer = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  process.send?.(answer);
});
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true } satisfies ChildMessage<string>);
