import { describe, expect, it } from 'vitest';
import { ReaderTraffic } from './reader-traffic.js';

const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('ReaderTraffic', () => {
  it('lets a push go at once when nobody reads, and once the last reader is answered otherwise', async () => {
    const readers = new ReaderTraffic();
    expect(await settled(readers.quiet(60_000))).toBe(true);
    const first = readers.begin();
    const second = readers.begin();
    const waiting = readers.quiet(60_000);
    first();
    first();
    expect(await settled(waiting)).toBe(false);
    second();
    expect(await settled(waiting)).toBe(true);
    expect(readers.busy).toBe(false);
  });

  it('takes people to be reading for a while after their last answer, and not at all before any request', async () => {
    const readers = new ReaderTraffic(2_000, 60_000);
    expect(readers.recent).toBe(false);
    const end = readers.begin();
    expect(readers.recent).toBe(true);
    end();
    expect(readers.busy).toBe(false);
    expect(readers.recent).toBe(true);
    const brief = new ReaderTraffic(2_000, 0);
    brief.begin()();
    expect(brief.recent).toBe(false);
  });

  it('lets a push go after the longest wait, and stops counting a request held past its hold', async () => {
    const readers = new ReaderTraffic(30);
    readers.begin();
    const started = Date.now();
    await readers.quiet(10);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(readers.busy).toBe(true);
    await readers.quiet(60_000);
    expect(readers.busy).toBe(false);
  });
});
