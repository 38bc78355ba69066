import type pg from 'pg';

/** A failure held while its root's health may follow, as the silence preview shows it. */
export interface SettlingSend {
  id: string;
  notification_id: string;
  notification_title: string | null;
  resource_type: string;
  resource_id: string;
  resource_name: string | null;
  source_event: string;
  recipient: string;
  /** When it joins its root's group, if a component above it is unhealthy by then, or is sent on its own. */
  settles_at: string;
}

/** Sends listed at most. */
const MAX_SENDS = 50;

/** The failures held now to see whether a root above them fails (of one notification, or of all), the soonest to settle first. */
export async function settlingSends(db: Pick<pg.Pool, 'query'>, notificationId: string | null): Promise<SettlingSend[]> {
  const { rows } = await db.query<Omit<SettlingSend, 'settles_at'> & { settles_at: Date }>(
    `select h.id, h.notification_id, n.title as notification_title, h.resource_type, h.resource_id::text, h.resource_name, h.source_event, h.recipient,
            h.next_attempt_at as settles_at
       from notification_send_history h join notifications n on n.id = h.notification_id
      where h.status = 'held' and h.group_id is null and ($1::uuid is null or h.notification_id = $1)
      order by h.next_attempt_at, h.resource_name limit ${MAX_SENDS}`,
    [notificationId],
  );
  return rows.map(({ settles_at, ...send }) => ({ ...send, settles_at: settles_at.toISOString() }));
}
