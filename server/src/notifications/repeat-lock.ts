import type pg from 'pg';

/**
 * Takes, until the transaction ends, the lock of each (notification, resource) whose sends a repeat
 * interval governs, in one order, so that two processes cannot both decide to send about it.
 */
export async function lockRepeats(client: pg.PoolClient, keys: Iterable<string>): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length > 0) await client.query('select pg_advisory_xact_lock(hashtextextended(k, 14)) from unnest($1::text[]) as k', [sorted]);
}
