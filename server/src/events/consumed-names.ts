import type pg from 'pg';
import { transaction } from '../db/transaction.js';

/** One start registers at a time (advisory lock class of the event consumers' list). */
const REGISTER_LOCK = 7_402;

/**
 * Makes `names` the event names consumed on this database (migration 0057): enqueue_event() queues
 * no others from now on, and events of other names already waiting are removed, as nobody takes them.
 */
export async function registerConsumedEvents(pool: pg.Pool, names: readonly string[]): Promise<void> {
  await transaction(pool, async (client) => {
    await client.query('select pg_advisory_xact_lock($1)', [REGISTER_LOCK]);
    await client.query('delete from event_consumers where name <> all($1::text[])', [names]);
    await client.query('insert into event_consumers (name) select unnest($1::text[]) on conflict (name) do nothing', [names]);
    await client.query('delete from event_queue where name <> all($1::text[])', [names]);
  });
}
