import type pg from 'pg';
import type { DomainEvent } from './types.js';

interface EventRow {
  id: string;
  name: string;
  subject_id: string;
  properties: Record<string, unknown>;
  attempts: number;
  created_at: Date;
  done_consumers: string[];
}

/** A claimed event with the consumers that handled it on an earlier attempt. */
export interface ClaimedEvent extends DomainEvent {
  doneConsumers: readonly string[];
}

/**
 * Claims up to `limit` due events of these names for the open transaction of `client`: other
 * dispatchers skip them (FOR UPDATE SKIP LOCKED) until it ends.
 */
export async function claimDueEvents(client: pg.PoolClient, names: readonly string[], limit: number, maxAttempts: number): Promise<ClaimedEvent[]> {
  const { rows } = await client.query<EventRow>(
    `select id, name, subject_id, properties, attempts, created_at, done_consumers
       from event_queue
      where name = any($1) and next_attempt_at <= now() and attempts < $2
      order by priority desc, next_attempt_at
      limit $3
      for update skip locked`,
    [names, maxAttempts, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    subjectId: row.subject_id,
    properties: row.properties,
    attempts: row.attempts,
    createdAt: row.created_at,
    doneConsumers: row.done_consumers,
  }));
}

/** Removes handled events, a batch in one statement. */
export async function completeEvents(client: pg.PoolClient, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await client.query('delete from event_queue where id = any($1::uuid[])', [ids]);
}

/**
 * Records a failure; the event is due again `retryAfterMs` after the failure (exponential backoff),
 * for the consumers not in `done` (those that handled it, now or before, are not asked again). The
 * wait counts from the clock at the failure, not from the claim's transaction start (`now()`), so a
 * slow handler still gets the whole wait before its retry.
 */
export async function failEvent(client: pg.PoolClient, id: string, error: string, retryAfterMs: number, done: readonly string[] = []): Promise<void> {
  await client.query(
    `update event_queue
        set attempts = attempts + 1, error = $2, last_attempt = clock_timestamp(), next_attempt_at = clock_timestamp() + make_interval(secs => $3::float8),
            done_consumers = $4::text[]
      where id = $1`,
    [id, error.slice(0, 2000), retryAfterMs / 1000, done],
  );
}
