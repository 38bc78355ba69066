import { describe, expect, it } from 'vitest';
import { RestError } from './errors.js';
import { SharedSlots } from './shared-slots.js';

const never = new AbortController().signal;

describe('SharedSlots', () => {
  it('lets `limit` requests of the group run, queues `queued` more in arrival order, then refuses with 429', async () => {
    const slots = new SharedSlots(2, 2);
    const first = await slots.acquire(never);
    await slots.acquire(never);
    const order: string[] = [];
    const third = slots.acquire(never).then((release) => (order.push('third'), release));
    const fourth = slots.acquire(never).then((release) => (order.push('fourth'), release));
    const refused = await slots.acquire(never).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RestError);
    expect((refused as RestError).status).toBe(429);

    first();
    (await third)();
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
  });

  it('drops a waiting request whose client went away, and frees its place in line', async () => {
    const slots = new SharedSlots(1, 1);
    const release = await slots.acquire(never);
    const gone = new AbortController();
    const waiting = slots.acquire(gone.signal).catch((error: unknown) => error);
    gone.abort(new Error('client went away'));
    expect(await waiting).toEqual(new Error('client went away'));
    const next = slots.acquire(never);
    release();
    await expect(next).resolves.toBeTypeOf('function');
  });
});
