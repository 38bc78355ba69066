import type pg from 'pg';
import type { NewSend } from '../new-send.js';
import type { LiveRule } from '../rules.js';
import { storedWindowMs } from './group-window.js';
import { keyOf, rootsOf, withAncestors, type Root } from './roots.js';
import { holdToSettle } from './settle.js';

/** The failures a root's group holds; a dependent passing again is news of its own. */
const HELD_EVENTS: ReadonlySet<string> = new Set(['check.failed', 'component.unhealthy']);

/** Tries to join an open group before giving up on one that keeps closing under the send (never in practice). */
const ATTEMPTS = 3;

const OPEN_GROUPS = `insert into notification_groups (notification_id, root_id, closes_at)
  select g.notification_id, g.root_id, now() + make_interval(secs => g.window_seconds)
    from jsonb_to_recordset($1::jsonb) as g(notification_id uuid, root_id uuid, window_seconds float8)
  on conflict (notification_id, root_id) where status = 'open' do nothing`;

// `for share`: a closer (`for update skip locked`) leaves the group until the held sends are in.
const LOCK_OPEN_GROUPS = `select id, notification_id::text, root_id::text from notification_groups
  where status = 'open' and (notification_id, root_id) in (select n, r from unnest($1::uuid[], $2::uuid[]) as k(n, r))
  for share`;

const INSERT_HELD = `insert into notification_send_history
       (notification_id, event_id, recipient, status, title, body, source_event, resource_id, resource_type, resource_name, group_id)
select s.notification_id, s.event_id, s.recipient, 'held', s.title, s.body, s.source_event, s.resource_id, s.resource_type, s.resource_name, s.group_id
  from jsonb_to_recordset($1::jsonb) as s(notification_id uuid, event_id uuid, recipient text, title text, body text, source_event text,
                                          resource_id uuid, resource_type text, resource_name text, group_id uuid)
on conflict (notification_id, event_id, recipient) do nothing`;

interface Held {
  send: NewSend;
  root: Root;
}

/**
 * Pending failure sends of grouping rules about a check or component: those under an unhealthy root
 * above them (to hold), and those with a component above them that is not unhealthy yet (to settle).
 */
async function heldOf(db: pg.Pool, sends: readonly NewSend[], rules: ReadonlyMap<string, LiveRule>): Promise<{ held: Held[]; settling: NewSend[] }> {
  const candidates = sends.filter(
    (send) => send.status === 'pending' && send.resource_id !== null && HELD_EVENTS.has(send.source_event) && rules.get(send.notification_id)?.group_by_topology === true,
  );
  if (candidates.length === 0) return { held: [], settling: [] };
  const dependentOf = (send: NewSend) => ({ type: send.resource_type, id: send.resource_id! });
  const roots = await rootsOf(db, candidates.map(dependentOf));
  // a component that is its own root so far may have a parent whose health follows it
  const unsettled = (send: NewSend) => {
    const root = roots.get(keyOf(dependentOf(send)));
    return !root || root.id === send.resource_id;
  };
  const maybe = candidates.filter(unsettled);
  const above = maybe.length === 0 ? new Set<string>() : await withAncestors(db, maybe.map(dependentOf));
  const settles = (send: NewSend) => unsettled(send) && above.has(keyOf(dependentOf(send)));
  const held = candidates.flatMap((send) => {
    const root = roots.get(keyOf(dependentOf(send)));
    return root && !settles(send) ? [{ send, root }] : [];
  });
  return { held, settling: candidates.filter(settles) };
}

/** Writes the held sends into their groups; answers those written (one whose group kept closing is sent as it is). */
async function writeHeld(db: pg.Pool, held: readonly Held[], rules: ReadonlyMap<string, LiveRule>): Promise<Set<NewSend>> {
  const groupKey = (notificationId: string, rootId: string) => `${notificationId}:${rootId}`;
  const wanted = new Map(held.map(({ send, root }) => [groupKey(send.notification_id, root.id), { notification_id: send.notification_id, root_id: root.id }]));
  const client = await db.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      await client.query('begin');
      const opening = [...wanted.values()].map((group) => ({ ...group, window_seconds: windowSecondsOf(rules.get(group.notification_id)) }));
      await client.query(OPEN_GROUPS, [JSON.stringify(opening)]);
      const { rows } = await client.query<{ id: string; notification_id: string; root_id: string }>(LOCK_OPEN_GROUPS, [opening.map((group) => group.notification_id), opening.map((group) => group.root_id)]);
      if (rows.length < wanted.size && attempt < ATTEMPTS) {
        await client.query('rollback'); // one closed between the two statements: open it again
        continue;
      }
      const groups = new Map(rows.map((row) => [groupKey(row.notification_id, row.root_id), row.id]));
      const written = held.filter(({ send, root }) => groups.has(groupKey(send.notification_id, root.id)));
      const rowsToWrite = written.map(({ send, root }) => ({ ...send, group_id: groups.get(groupKey(send.notification_id, root.id)) }));
      await client.query(INSERT_HELD, [JSON.stringify(rowsToWrite)]);
      await client.query('commit');
      return new Set(written.map(({ send }) => send));
    }
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

function windowSecondsOf(rule: LiveRule | undefined): number {
  return storedWindowMs(rule?.group_window) / 1000;
}

/**
 * Holds, in the open group of their notification and root (opened with the notification's window
 * when there is none), the sends of rules that group by topology about a check or component failing
 * under an unhealthy component; and holds to settle those about one with a component above it that
 * is not unhealthy (yet), since the failure itself may be what turns it. Answers the sends left to
 * write as they are.
 */
export async function holdUnderRoots(db: pg.Pool, sends: readonly NewSend[], rules: ReadonlyMap<string, LiveRule>): Promise<NewSend[]> {
  const { held, settling } = await heldOf(db, sends, rules);
  if (held.length === 0 && settling.length === 0) return [...sends];
  const taken = held.length === 0 ? new Set<NewSend>() : await writeHeld(db, held, rules);
  if (settling.length > 0) await holdToSettle(db, settling, (notificationId) => storedWindowMs(rules.get(notificationId)?.group_window));
  const settled = new Set(settling);
  return sends.filter((send) => !taken.has(send) && !settled.has(send));
}
