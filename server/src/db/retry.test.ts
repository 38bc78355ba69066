import { describe, expect, it } from 'vitest';
import { retryWhileUnavailable } from './retry.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('retryWhileUnavailable', () => {
  it('tries again, waiting longer each time, while the database is away', async () => {
    let calls = 0;
    const waits: number[] = [];
    const answer = await retryWhileUnavailable(
      async () => {
        calls += 1;
        if (calls < 4) throw refused();
        return 'done';
      },
      { firstDelayMs: 1, onRetry: (_error, delay) => waits.push(delay) },
    );
    expect(answer).toBe('done');
    expect(waits).toEqual([1, 2, 4]);
  });

  it('throws any other failure at once', async () => {
    let calls = 0;
    const failing = retryWhileUnavailable(async () => {
      calls += 1;
      throw new Error('duplicate key');
    });
    await expect(failing).rejects.toThrow('duplicate key');
    expect(calls).toBe(1);
  });

  it('gives up with the last error after its time, or when stopped', async () => {
    await expect(retryWhileUnavailable(() => Promise.reject(refused()), { firstDelayMs: 5, giveUpAfterMs: 20 })).rejects.toThrow('ECONNREFUSED');
    const stopping = new AbortController();
    const stopped = retryWhileUnavailable(() => Promise.reject(refused()), { firstDelayMs: 60_000, signal: stopping.signal });
    stopping.abort();
    await expect(stopped).rejects.toThrow('ECONNREFUSED');
  });
});
