import type pg from 'pg';
import { dependentsOf, groupedMessage, type HeldSend } from './grouped-message.js';

/** An open group as the silence preview shows it: the message it would send now, and what it holds. */
export interface OpenGroup {
  id: string;
  notification_id: string;
  notification_title: string | null;
  root_id: string;
  root_name: string;
  closes_at: string;
  title: string;
  dependents: HeldSend[];
}

/** Groups listed at most. */
const MAX_GROUPS = 50;

/** The groups holding failures now (of one notification, or of all), the newest first. */
export async function openGroups(db: Pick<pg.Pool, 'query'>, notificationId: string | null): Promise<OpenGroup[]> {
  const { rows } = await db.query<{ id: string; notification_id: string; notification_title: string | null; root_id: string; root_name: string; closes_at: Date; held: HeldSend[] }>(
    `select g.id, g.notification_id, n.title as notification_title, g.root_id, c.name as root_name, g.closes_at,
            coalesce((select jsonb_agg(jsonb_build_object('resource_type', h.resource_type, 'resource_id', h.resource_id, 'resource_name', h.resource_name,
                                                          'source_event', h.source_event) order by h.created_at, h.resource_name)
                        from notification_send_history h where h.group_id = g.id and h.status = 'held'), '[]'::jsonb) as held
       from notification_groups g join notifications n on n.id = g.notification_id join components c on c.id = g.root_id
      where g.status = 'open' and ($1::uuid is null or g.notification_id = $1)
      order by g.created_at desc limit ${MAX_GROUPS}`,
    [notificationId],
  );
  return rows.map(({ held, closes_at, ...group }) => {
    const dependents = dependentsOf(group.root_id, held);
    return { ...group, closes_at: closes_at.toISOString(), title: groupedMessage(group.root_name, dependents, '').title, dependents };
  });
}
