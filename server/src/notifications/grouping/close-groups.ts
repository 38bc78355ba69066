import type pg from 'pg';
import { permalinkOf } from '../subject.js';
import { dependentsOf, groupedMessage, type HeldSend } from './grouped-message.js';

/** Groups settled at once by one call. */
const BATCH = 100;

interface DueGroup {
  id: string;
  notification_id: string;
  root_id: string;
  root_name: string;
  recovered: boolean;
}

// Open groups whose window closed or whose root is no longer unhealthy; one process takes each.
const DUE = `select g.id, g.notification_id, g.root_id, c.name as root_name,
                    (c.deleted_at is not null or c.health is distinct from 'unhealthy') as recovered
               from notification_groups g join components c on c.id = g.root_id
              where g.status = 'open' and (g.closes_at <= now() or c.deleted_at is not null or c.health is distinct from 'unhealthy')
              order by g.closes_at limit ${BATCH}
              for update of g skip locked`;

const RELEASE = `update notification_send_history set status = 'pending', next_attempt_at = now() where group_id = $1 and status = 'held'`;

const HELD = `select recipient, resource_type, resource_id::text, resource_name, source_event
                from notification_send_history where group_id = $1 and status = 'held' order by created_at, resource_name`;

const INSERT_GROUPED = `insert into notification_send_history
       (notification_id, event_id, recipient, status, title, body, source_event, resource_id, resource_type, resource_name, group_id, next_attempt_at)
select $1::uuid, $2::uuid, r.recipient, 'pending', $3::text, $4::text, 'component.unhealthy', $5::uuid, 'component', $6::text, $2::uuid, now() from unnest($7::text[]) as r(recipient)
on conflict (notification_id, event_id, recipient) do nothing`;

/** One group settled: its held sends released as they were, or grouped into one send per recipient. Answers the sends made pending. */
async function settle(client: pg.PoolClient, group: DueGroup, publicUrl: string | undefined): Promise<number> {
  const { rows: held } = await client.query<HeldSend & { recipient: string }>(HELD, [group.id]);
  const dependents = dependentsOf(group.root_id, held);
  if (group.recovered || dependents.length === 0) {
    await client.query("update notification_groups set status = 'released', closed_at = now() where id = $1", [group.id]);
    return (await client.query(RELEASE, [group.id])).rowCount ?? 0;
  }
  const recipients = [...new Set(held.map((send) => send.recipient))];
  const message = groupedMessage(group.root_name, dependents, permalinkOf(publicUrl, 'component', group.root_id));
  // the group's id stands for the event of the grouped send, so that settling twice writes it once
  await client.query(INSERT_GROUPED, [group.notification_id, group.id, message.title, message.body, group.root_id, group.root_name, recipients]);
  await client.query("update notification_send_history set status = 'grouped', next_attempt_at = null where group_id = $1 and status = 'held'", [group.id]);
  await client.query("update notification_groups set status = 'sent', closed_at = now() where id = $1", [group.id]);
  return recipients.length;
}

/**
 * Settles the groups that are due: a root that recovered (or was deleted) while its group was open
 * lets what the group held go out as it would have; a window that closed with the root still down
 * sends one message per recipient naming the root and its failed dependents. Answers how many sends
 * became pending.
 */
export async function closeDueGroups(db: pg.Pool, publicUrl: string | undefined): Promise<number> {
  const client = await db.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<DueGroup>(DUE);
    let pending = 0;
    for (const group of rows) pending += await settle(client, group, publicUrl);
    await client.query('commit');
    return pending;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
