import { describe, expect, it } from 'vitest';
import { CallerSlots } from './caller-slots.js';
import { RestError } from './errors.js';

const never = new AbortController().signal;

describe('CallerSlots', () => {
  it('lets `concurrent` requests of one caller run, queues `queued` more, then refuses with 429', async () => {
    const slots = new CallerSlots(2, 1);
    const first = await slots.acquire('amy', never);
    await slots.acquire('amy', never);
    let thirdRuns = false;
    const third = slots.acquire('amy', never).then((release) => {
      thirdRuns = true;
      return release;
    });
    const refused = await slots.acquire('amy', never).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RestError);
    expect((refused as RestError).status).toBe(429);
    // Another caller is not affected.
    await slots.acquire('bob', never);

    expect(thirdRuns).toBe(false);
    first();
    (await third)();
    expect(thirdRuns).toBe(true);
  });

  it('drops a waiting request whose client went away, and frees its place in line', async () => {
    const slots = new CallerSlots(1, 1);
    const release = await slots.acquire('amy', never);
    const gone = new AbortController();
    const waiting = slots.acquire('amy', gone.signal).catch((error: unknown) => error);
    gone.abort(new Error('client went away'));
    expect(await waiting).toEqual(new Error('client went away'));
    const next = slots.acquire('amy', never);
    release();
    await expect(next).resolves.toBeTypeOf('function');
  });
});
