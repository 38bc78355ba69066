import type pg from 'pg';
import type { NewSend } from '../new-send.js';
import { storedRepeatSeconds } from '../repeat-interval.js';
import { lockRepeats } from '../repeat-lock.js';
import { settleMs, storedWindowMs } from './group-window.js';
import { keyOf, rootsOf } from './roots.js';

/** Settling sends looked at by one call. */
const BATCH = 500;

// A held send with no group is settling: next_attempt_at is when it settles.
const INSERT_SETTLING = `insert into notification_send_history
       (notification_id, event_id, recipient, status, title, body, source_event, resource_id, resource_type, resource_name, next_attempt_at)
select s.notification_id, s.event_id, s.recipient, 'held', s.title, s.body, s.source_event, s.resource_id, s.resource_type, s.resource_name,
       now() + make_interval(secs => s.settle_seconds)
  from jsonb_to_recordset($1::jsonb) as s(notification_id uuid, event_id uuid, recipient text, title text, body text, source_event text,
                                          resource_id uuid, resource_type text, resource_name text, settle_seconds float8)
on conflict (notification_id, event_id, recipient) do nothing`;

const DUE = `select h.id, h.notification_id::text, h.resource_type, h.resource_id::text, h.recipient, n.group_window, n.repeat_interval
               from notification_send_history h join notifications n on n.id = h.notification_id
              where h.status = 'held' and h.group_id is null and h.next_attempt_at <= now()
              order by h.next_attempt_at limit ${BATCH}
              for update of h skip locked`;

const OPEN_GROUPS = `insert into notification_groups (notification_id, root_id, closes_at)
  select g.notification_id, g.root_id, now() + make_interval(secs => g.window_seconds)
    from jsonb_to_recordset($1::jsonb) as g(notification_id uuid, root_id uuid, window_seconds float8)
  on conflict (notification_id, root_id) where status = 'open' do nothing`;

// Joins each settled send to the open group of its notification and root; `for share` keeps a closer off the group meanwhile.
const JOIN = `with grp as (
    select g.id, g.notification_id, g.root_id from notification_groups g
     where g.status = 'open' and (g.notification_id, g.root_id) in (select n, r from unnest($2::uuid[], $3::uuid[]) as k(n, r))
       for share
  )
  update notification_send_history h set group_id = grp.id, next_attempt_at = null
    from unnest($1::uuid[], $2::uuid[], $3::uuid[]) as s(id, notification_id, root_id)
    join grp on grp.notification_id = s.notification_id and grp.root_id = s.root_id
   where h.id = s.id
  returning h.id`;

// A settled send goes out unless its notification sent (or is sending) to the same recipient about the
// same resource within its repeat interval, as the consumer decides for a send it does not hold.
const RELEASE = `update notification_send_history h
     set status = r.status, next_attempt_at = case when r.status = 'pending' then now() end
    from (select s.id,
                 case when s.repeat_seconds is not null and (s.repeats_in_batch or exists (
                        select 1 from notification_send_history p
                         where p.notification_id = s.notification_id and p.resource_id = s.resource_id and p.recipient = s.recipient
                           and p.id <> s.id and p.status in ('pending', 'sent') and p.created_at > now() - make_interval(secs => s.repeat_seconds)))
                      then 'repeat-interval' else 'pending' end as status
            from jsonb_to_recordset($1::jsonb) as s(id uuid, notification_id uuid, resource_id uuid, recipient text, repeat_seconds float8, repeats_in_batch boolean)) as r
   where h.id = r.id
  returning h.status`;

interface Settling {
  id: string;
  notification_id: string;
  resource_type: string;
  resource_id: string;
  recipient: string;
  group_window: string | null;
  repeat_interval: string | null;
}

/**
 * Releases settled sends, each pending unless it repeats an earlier one within its notification's
 * repeat interval (sent, sending, or released before it in this batch), under the consumer's lock on
 * each (notification, resource). Answers how many are pending.
 */
async function release(client: pg.PoolClient, sends: readonly Settling[]): Promise<number> {
  const seen = new Set<string>();
  const rows = sends.map((send) => {
    const repeat_seconds = storedRepeatSeconds(send.repeat_interval);
    const key = `${send.notification_id}:${send.resource_id}:${send.recipient}`;
    const repeats_in_batch = repeat_seconds !== null && seen.has(key);
    seen.add(key);
    return { id: send.id, notification_id: send.notification_id, resource_id: send.resource_id, recipient: send.recipient, repeat_seconds, repeats_in_batch };
  });
  await lockRepeats(client, rows.filter((row) => row.repeat_seconds !== null).map((row) => `${row.notification_id}:${row.resource_id}`));
  const { rows: released } = await client.query<{ status: string }>(RELEASE, [JSON.stringify(rows)]);
  return released.filter((row) => row.status === 'pending').length;
}

/**
 * Holds failures whose root may be about to turn unhealthy because of them, for the settle period of
 * their notification's window, so that the first wave of a root's failures is grouped too.
 */
export async function holdToSettle(db: pg.Pool, sends: readonly NewSend[], windowMsOf: (notificationId: string) => number): Promise<void> {
  const rows = sends.map((send) => ({ ...send, settle_seconds: settleMs(windowMsOf(send.notification_id)) / 1000 }));
  await db.query(INSERT_SETTLING, [JSON.stringify(rows)]);
}

/**
 * Settles the failures whose settle period ended: one with an unhealthy root above it by now joins
 * (or opens) the root's group as if it had come then; the others go out on their own as they would
 * have. Answers how many sends became pending.
 */
export async function settleDue(db: pg.Pool): Promise<number> {
  const client = await db.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<Settling>(DUE);
    if (rows.length === 0) {
      await client.query('commit');
      return 0;
    }
    const dependentOf = (send: Settling) => ({ type: send.resource_type, id: send.resource_id });
    const roots = await rootsOf(client, rows.map(dependentOf));
    const rooted = rows.flatMap((send) => {
      const root = roots.get(keyOf(dependentOf(send)));
      return root ? [{ send, root }] : [];
    });
    const joined = new Set<string>();
    if (rooted.length > 0) {
      const opening = new Map(rooted.map(({ send, root }) => [`${send.notification_id}:${root.id}`, { notification_id: send.notification_id, root_id: root.id, window_seconds: storedWindowMs(send.group_window) / 1000 }]));
      await client.query(OPEN_GROUPS, [JSON.stringify([...opening.values()])]);
      const { rows: written } = await client.query<{ id: string }>(JOIN, [rooted.map(({ send }) => send.id), rooted.map(({ send }) => send.notification_id), rooted.map(({ root }) => root.id)]);
      for (const { id } of written) joined.add(id);
    }
    // no root by now, or a group closing under it (never in practice): sent on its own
    const unjoined = rows.filter((send) => !joined.has(send.id));
    const pending = unjoined.length > 0 ? await release(client, unjoined) : 0;
    await client.query('commit');
    return pending;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
