import os from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { argon2Hash, argon2Verify, HASHING_CONCURRENCY, hashingsUnderWay, MAX_HASHINGS_WAITING, PasswordHashingUnavailable } from './password-hashing.js';
import { verifyPassword } from './password.js';

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

  it('asks a sign-in to retry (503) when every hashing process is busy and the queue is full, rather than making it wait without end', async () => {
    // Hashes it cannot read fail at once in the child, so filling the queue costs no hashing.
    const filling = Array.from({ length: HASHING_CONCURRENCY + MAX_HASHINGS_WAITING }, () => argon2Verify('not an argon2 hash', 'password').catch((error: unknown) => error));
    const refused = await verifyPassword('not an argon2 hash', 'password').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PasswordHashingUnavailable);
    expect(refused).toMatchObject({ statusCode: 503, message: 'Too many people are signing in at once. Please try again in a moment.' });
    for (const outcome of await Promise.all(filling)) expect(outcome).not.toBeInstanceOf(PasswordHashingUnavailable);
    expect(await verifyPassword('not an argon2 hash', 'password')).toBe(false);
  });
});
