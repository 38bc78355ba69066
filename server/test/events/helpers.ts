import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { EventDispatcher } from '../../src/events/dispatcher.js';
import type { DispatcherOptions } from '../../src/events/types.js';
import { silentLogger } from '../../src/logger.js';

/** A pool on the shared test database and dispatchers on it, all stopped after the file's tests. */
export function dispatcherTest(): { pool: pg.Pool; dispatcher: (options: Partial<DispatcherOptions>) => EventDispatcher } {
  const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 10 });
  const dispatchers: EventDispatcher[] = [];

  afterAll(async () => {
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop()));
    await pool.end();
  });

  return {
    pool,
    dispatcher(options) {
      const created = new EventDispatcher(pool, silentLogger(), options);
      dispatchers.push(created);
      return created;
    },
  };
}

/** Polls `probe` until it answers something, or fails after `ms`. */
export async function within<T>(ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
