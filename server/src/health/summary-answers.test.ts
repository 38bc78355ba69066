import type pg from 'pg';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checksChanged, FRESH_MS, sharedAnswer, STALE_MS } from './summary-answers.js';
import type { BuiltSummary } from './summary-builder.js';

/** Answers are kept per pool; these tests never query it. */
const newPool = (): pg.Pool => ({}) as pg.Pool;

const built = (text: string): BuiltSummary => ({ json: Buffer.from(text), gzipped: gzipSync(text) });

function counter(): { build: () => Promise<BuiltSummary>; builds: () => number } {
  let count = 0;
  return { build: async () => built(`{"n":${++count}}`), builds: () => count };
}

describe('shared summary answers', () => {
  it('builds once for callers at the same moment and sends the answer again while it is fresh', async () => {
    const pool = newPool();
    const { build, builds } = counter();
    const [a, b] = await Promise.all([sharedAnswer(pool, 3600, build, 0), sharedAnswer(pool, 3600, build, 0)]);
    expect(a).toBe(b);
    expect((await sharedAnswer(pool, 3600, build, FRESH_MS)).json.toString()).toBe('{"n":1}');
    expect(builds()).toBe(1);
    expect(gunzipSync(a.gzipped).toString()).toBe('{"n":1}');
  });

  it('sends a stale answer while the next is built, and waits for a new one once too stale', async () => {
    const pool = newPool();
    const { build, builds } = counter();
    await sharedAnswer(pool, 3600, build, 0);
    expect((await sharedAnswer(pool, 3600, build, FRESH_MS + 1)).json.toString()).toBe('{"n":1}');
    expect(builds()).toBe(2);
    expect((await sharedAnswer(pool, 3600, build, FRESH_MS + 2)).json.toString()).toBe('{"n":2}');
    expect((await sharedAnswer(pool, 3600, build, FRESH_MS + 1 + STALE_MS + 1)).json.toString()).toBe('{"n":3}');
  });

  it('never sends again an answer built before checks changed, nor joins a build of the checks before', async () => {
    const pool = newPool();
    let release = (): void => undefined;
    let count = 0;
    const build = () => {
      const n = ++count;
      return n === 2 ? new Promise<BuiltSummary>((resolve) => (release = () => resolve(built(`{"n":${n}}`)))) : Promise.resolve(built(`{"n":${n}}`));
    };
    await sharedAnswer(pool, 3600, build, 0);
    checksChanged();
    const slow = sharedAnswer(pool, 3600, build, 1);
    checksChanged();
    expect((await sharedAnswer(pool, 3600, build, 2)).json.toString()).toBe('{"n":3}');
    release();
    expect((await slow).json.toString()).toBe('{"n":2}');
    // The older build, finished last, did not replace the newer answer.
    expect((await sharedAnswer(pool, 3600, build, 3)).json.toString()).toBe('{"n":3}');
  });

  it('keeps ranges apart and builds anew once forgotten', async () => {
    const pool = newPool();
    const { build } = counter();
    await sharedAnswer(pool, 3600, build, 0);
    expect((await sharedAnswer(pool, 86_400, build, 0)).json.toString()).toBe('{"n":2}');
    checksChanged();
    expect((await sharedAnswer(pool, 3600, build, 1)).json.toString()).toBe('{"n":3}');
  });

  it('answers a failed build with its error and keeps no answer of it', async () => {
    const pool = newPool();
    await expect(sharedAnswer(pool, 60, () => Promise.reject(new Error('timeout')), 0)).rejects.toThrow('timeout');
    expect((await sharedAnswer(pool, 60, async () => built('{}'), 1)).json.toString()).toBe('{}');
  });
});
