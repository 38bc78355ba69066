import os from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { argon2Hash, argon2Verify, HASHING_CONCURRENCY, hashingsUnderWay } from './password-hashing.js';

describe('password hashing', () => {
  it('runs at most all cores but one at once, in processes below the server priority, the others waiting their turn, and answers each', async () => {
    const hashed = await argon2Hash('correct horse battery staple');
    const attempts = ['correct horse battery staple', 'wrong', 'correct horse battery staple', 'wrong', 'wrong'];
    const verifying = Promise.all(attempts.map((password) => argon2Verify(hashed, password)));
    await nextTurn();
    const { running, waiting } = hashingsUnderWay();
    expect(running).toHaveLength(Math.min(HASHING_CONCURRENCY, attempts.length));
    expect(waiting).toBe(attempts.length - running.length);
    for (const pid of running) expect(os.getPriority(pid)).toBeGreaterThan(os.getPriority());
    expect(await verifying).toEqual([true, false, true, false, false]);
    expect(hashingsUnderWay()).toEqual({ running: [], waiting: 0 });
    expect(HASHING_CONCURRENCY).toBeGreaterThanOrEqual(1);
  });

  it('refuses a hash it cannot read', async () => {
    await expect(argon2Verify('not an argon2 hash', 'password')).rejects.toThrow();
  });
});
