import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvent, EventHandler } from '../events/types.js';
import { evaluateFilters } from './filter.js';
import { targetsOf } from './recipients.js';
import { renderMessage } from './render.js';
import { repeatIntervalMs } from './repeat-interval.js';
import type { RuleCache } from './rules.js';
import { matchingSilences, silenceFor } from './silences.js';
import { loadSubject } from './subject.js';
import type { NotificationOptions, Subject } from './types.js';

/** A send as the consumer writes it; 'pending' ones may still become 'repeat-interval' in the insert. */
interface NewSend {
  notification_id: string;
  recipient: string;
  status: 'pending' | 'silenced' | 'failed';
  silenced_by: string | null;
  error: string | null;
  title: string | null;
  body: string | null;
  repeat_seconds: number | null;
}

/**
 * Writes the sends, each unique per (notification, event, recipient) so that an event handled again
 * writes nothing twice. A pending send whose notification already sent (or is sending) to the same
 * recipient about the same resource within the repeat interval is kept as 'repeat-interval'; the
 * check and the insert hold a lock on (notification, resource), so two processes cannot both send.
 */
async function writeSends(options: NotificationOptions, event: DomainEvent, subject: Subject, sends: NewSend[]): Promise<number> {
  const client = await options.pool.connect();
  try {
    await client.query('begin');
    if (subject.id && sends.some((send) => send.repeat_seconds !== null)) {
      const keys = [...new Set(sends.map((send) => `${send.notification_id}:${subject.id}`))].sort();
      await client.query('select pg_advisory_xact_lock(hashtextextended(k, 14)) from unnest($1::text[]) as k', [keys]);
    }
    const { rows } = await client.query<{ status: string }>(
      `insert into notification_send_history
              (notification_id, event_id, recipient, status, silenced_by, error, title, body, source_event,
               resource_id, resource_type, resource_name, next_attempt_at)
       select s.notification_id, $2::uuid, s.recipient,
              case when s.status = 'pending' and s.repeat_seconds is not null and $4::uuid is not null and exists (
                     select 1 from notification_send_history h
                      where h.notification_id = s.notification_id and h.resource_id = $4::uuid and h.recipient = s.recipient
                        and h.status in ('pending', 'sent') and h.created_at > now() - make_interval(secs => s.repeat_seconds))
                   then 'repeat-interval' else s.status end,
              s.silenced_by, s.error, s.title, s.body, $3, $4::uuid, $5, $6,
              case when s.status = 'pending' then now() end
         from jsonb_to_recordset($1::jsonb) as s(notification_id uuid, recipient text, status text, silenced_by uuid, error text,
                                                 title text, body text, repeat_seconds float8)
       on conflict (notification_id, event_id, recipient) do nothing
       returning status`,
      [JSON.stringify(sends), event.id, event.name, subject.id, subject.type, subject.name],
    );
    await client.query('commit');
    return rows.filter((row) => row.status === 'pending').length;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Delivery's consumer of the event stream: for each live notification that names the event and
 * whose CEL filter passes, the title and template rendered over what the event is about, then one
 * send per recipient — pending for the sender, or kept as silenced by an active silence. Sending
 * itself happens apart (`wake`), so a slow channel never holds the event stream.
 */
export function notificationEventHandler(options: NotificationOptions, cache: RuleCache, logger: FastifyBaseLogger, wake: () => void): EventHandler {
  return async (event) => {
    const rules = await cache.rulesFor(event.name);
    if (rules.length === 0) return;
    const subject = await loadSubject(options.pool, event, options.delivery.publicUrl);
    const { passes, errors } = await evaluateFilters(options.sandbox, rules.map((rule) => rule.filter), subject.variables);
    for (const [index, error] of errors) logger.warn({ notification_id: rules[index]!.id, event: event.name }, `notification filter failed: ${error}`);
    const matched = rules.filter((_, index) => passes[index]);
    if (matched.length === 0) return;
    const silences = await matchingSilences(options.sandbox, await cache.activeSilences(), subject);
    const sends: NewSend[] = [];
    for (const rule of matched) {
      const targets = targetsOf(rule);
      if (targets.length === 0) continue;
      const silence = silenceFor(silences, rule.id);
      let message: { title: string; body: string } | undefined;
      let error: string | null = null;
      try {
        message = await renderMessage(options.sandbox, rule, event.name, subject);
      } catch (failure) {
        error = `the title or template could not be rendered: ${(failure as Error).message}`;
      }
      let repeat: number | undefined;
      try {
        repeat = repeatIntervalMs(rule.repeat_interval);
      } catch {
        repeat = undefined; // refused on save; a stored one that cannot be read repeats nothing
      }
      for (const target of targets) {
        sends.push({
          notification_id: rule.id,
          recipient: target.key,
          status: silence ? 'silenced' : error ? 'failed' : 'pending',
          silenced_by: silence?.id ?? null,
          error,
          title: message?.title ?? rule.title ?? null,
          body: message?.body ?? null,
          repeat_seconds: repeat === undefined ? null : repeat / 1000,
        });
      }
    }
    if (sends.length === 0) return;
    if ((await writeSends(options, event, subject, sends)) > 0) wake();
  };
}
