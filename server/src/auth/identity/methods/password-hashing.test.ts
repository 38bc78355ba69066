import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { argon2Hash, argon2Verify, HASHING_CONCURRENCY, hashingsUnderWay } from './password-hashing.js';

describe('password hashing', () => {
  it('runs at most all cores but one at once, the others waiting their turn, and answers each', async () => {
    const hashed = await argon2Hash('correct horse battery staple');
    const attempts = ['correct horse battery staple', 'wrong', 'correct horse battery staple', 'wrong', 'wrong'];
    const verifying = Promise.all(attempts.map((password) => argon2Verify(hashed, password)));
    await nextTurn();
    const running = Math.min(HASHING_CONCURRENCY, attempts.length);
    expect(hashingsUnderWay()).toEqual({ running, waiting: attempts.length - running });
    expect(await verifying).toEqual([true, false, true, false, false]);
    expect(hashingsUnderWay()).toEqual({ running: 0, waiting: 0 });
    expect(HASHING_CONCURRENCY).toBeGreaterThanOrEqual(1);
  });
});
