import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../src/events/types.js';
import { dispatcherTest, within } from './helpers.js';

/**
 * Several consumers of one event name: each gets each event once, and a retry runs only the
 * consumers that failed. Every test uses event names of its own: the database is shared.
 */

const { pool, dispatcher } = dispatcherTest();

const queued = async (name: string): Promise<number> => (await pool.query('select 1 from event_queue where name = $1', [name])).rowCount ?? 0;

describe('several consumers of one event', () => {
  it('two named consumers of one name each get every event once, and the event is removed after both', async () => {
    const name = `test.fanout.${randomUUID()}`;
    const seen = { first: new Map<string, number>(), second: new Map<string, number>() };
    const counter = (map: Map<string, number>) => async (event: DomainEvent) => void map.set(event.id, (map.get(event.id) ?? 0) + 1);
    // Two processes sharing the queue, each with both consumers.
    for (let i = 0; i < 2; i += 1) {
      const consumer = dispatcher({ pollIntervalMs: 100, batchSize: 20 });
      consumer.on([name], counter(seen.first), 'first');
      consumer.on([name], counter(seen.second), 'second');
      await consumer.start();
    }
    await pool.query('select enqueue_event($1, s::text) from generate_series(1, 200) as s', [name]);
    await within(20_000, async () => (seen.first.size === 200 && seen.second.size === 200 ? true : undefined));
    await within(5_000, async () => ((await queued(name)) === 0 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...seen.first.values()].every((times) => times === 1)).toBe(true);
    expect([...seen.second.values()].every((times) => times === 1)).toBe(true);
  });

  it('a retry runs only the consumer that failed; the one that succeeded is not asked again', async () => {
    const name = `test.partial.${randomUUID()}`;
    const calls = { steady: 0, flaky: 0 };
    const consumer = dispatcher({ pollIntervalMs: 50, retryBaseMs: 100, maxAttempts: 5 });
    consumer.on([name], async () => void (calls.steady += 1), 'steady');
    consumer.on(
      [name],
      async () => {
        calls.flaky += 1;
        if (calls.flaky < 3) throw new Error(`refused ${calls.flaky}`);
      },
      'flaky',
    );
    await consumer.start();
    await pool.query('select enqueue_event($1, $2)', [name, 'subject']);
    const attempts = await within(3_000, async () => {
      const { rows } = await pool.query<{ attempts: number; done_consumers: string[]; error: string }>(
        'select attempts, done_consumers, error from event_queue where name = $1',
        [name],
      );
      return rows[0] && rows[0].attempts >= 1 ? rows[0] : undefined;
    });
    expect(attempts.done_consumers).toEqual(['steady']);
    expect(attempts.error).toBe('flaky: refused 1');
    await within(5_000, async () => ((await queued(name)) === 0 ? true : undefined));
    expect(calls).toEqual({ steady: 1, flaky: 3 });
  });

  it('a consumer that keeps failing keeps the event with its error, while the others handled it once', async () => {
    const name = `test.stuck.${randomUUID()}`;
    let handled = 0;
    const consumer = dispatcher({ pollIntervalMs: 50, retryBaseMs: 50, maxAttempts: 3 });
    consumer.on([name], async () => void (handled += 1), 'fine');
    consumer.on(
      [name],
      () => {
        throw new Error('always broken');
      },
      'broken',
    );
    await consumer.start();
    await pool.query('select enqueue_event($1, $2)', [name, 'subject']);
    const row = await within(5_000, async () => {
      const { rows } = await pool.query<{ attempts: number; done_consumers: string[]; error: string }>(
        'select attempts, done_consumers, error from event_queue where name = $1',
        [name],
      );
      return rows[0]?.attempts === 3 ? rows[0] : undefined;
    });
    expect(row).toMatchObject({ done_consumers: ['fine'], error: 'broken: always broken' });
    expect(handled).toBe(1);
  });

  it('a batch consumer takes many events at once; an event it fails is retried for it alone, beside a per-event consumer', async () => {
    const name = `test.batch.${randomUUID()}`;
    const batches: string[][] = [];
    const single = new Map<string, number>();
    let refused = false;
    const consumer = dispatcher({ pollIntervalMs: 50, retryBaseMs: 100, batchSize: 50 });
    consumer.onBatch(
      [name],
      async (events) => {
        batches.push(events.map((event) => event.subjectId));
        const flaky = events.find((event) => event.subjectId === '7');
        if (!flaky || refused) return;
        refused = true;
        return new Map([[flaky.id, new Error('not now')]]);
      },
      'batch',
    );
    consumer.on([name], async (event) => void single.set(event.subjectId, (single.get(event.subjectId) ?? 0) + 1), 'single');
    // enqueued before the consumer starts, so that its first claim takes them together
    await pool.query('select enqueue_event($1, s::text) from generate_series(1, 20) as s', [name]);
    await consumer.start();
    await within(5_000, async () => ((await queued(name)) === 0 ? true : undefined));
    expect(batches[0]).toHaveLength(20);
    expect(batches.slice(1)).toEqual([['7']]);
    expect(single.size).toBe(20);
    expect([...single.values()].every((times) => times === 1)).toBe(true);
  });

  it('two consumers under one name are refused', () => {
    const consumer = dispatcher({});
    const name = `test.twice.${randomUUID()}`;
    consumer.on([name], async () => undefined);
    expect(() => consumer.on([name], async () => undefined)).toThrow(`A consumer '${name}' of '${name}' is registered already`);
    expect(() => consumer.on([name], async () => undefined, 'other')).not.toThrow();
  });
});
