import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { BatchEventHandler, DomainEvent } from '../events/types.js';
import { evaluateFilters } from './filter.js';
import { targetsOf } from './recipients.js';
import { renderMessage } from './render.js';
import { storedRepeatSeconds } from './repeat-interval.js';
import { lockRepeats } from './repeat-lock.js';
import { ScriptFailure } from './script-types.js';
import type { LiveRule, RuleCache } from './rules.js';
import { matchingSilences, silenceFor, type Silence } from './silences.js';
import { loadSubjects } from './subject.js';
import type { NotificationOptions, Subject } from './types.js';
import { rememberedOrigin } from '../system/remembered-origin.js';
import { holdUnderRoots } from './grouping/hold.js';
import type { NewSend } from './new-send.js';

const INSERT = `insert into notification_send_history
       (notification_id, event_id, recipient, status, silenced_by, error, title, body, source_event,
        resource_id, resource_type, resource_name, next_attempt_at)
select s.notification_id, s.event_id, s.recipient,
       case when s.status = 'pending' and s.repeat_seconds is not null and s.resource_id is not null and exists (
              select 1 from notification_send_history h
               where h.notification_id = s.notification_id and h.resource_id = s.resource_id and h.recipient = s.recipient
                 and h.status in ('pending', 'sent') and h.created_at > now() - make_interval(secs => s.repeat_seconds))
            then 'repeat-interval' else s.status end,
       s.silenced_by, s.error, s.title, s.body, s.source_event, s.resource_id, s.resource_type, s.resource_name,
       case when s.status = 'pending' then now() end
  from jsonb_to_recordset($1::jsonb) as s(notification_id uuid, event_id uuid, recipient text, status text, silenced_by uuid,
                                          error text, title text, body text, source_event text, resource_id uuid,
                                          resource_type text, resource_name text, repeat_seconds float8)
on conflict (notification_id, event_id, recipient) do nothing
returning status`;

/**
 * Writes the sends, each unique per (notification, event, recipient) so that an event handled again
 * writes nothing twice. A pending send whose notification already sent (or is sending) to the same
 * recipient about the same resource within the repeat interval is kept as 'repeat-interval'; the
 * check and the insert hold a lock on each (notification, resource), so two processes cannot both
 * send. Answers how many are pending.
 */
async function writeSends(pool: pg.Pool, sends: readonly NewSend[]): Promise<number> {
  const pendingOf = (rows: { status: string }[]) => rows.filter((row) => row.status === 'pending').length;
  const locked = sends.filter((send) => send.repeat_seconds !== null && send.resource_id).map((send) => `${send.notification_id}:${send.resource_id}`);
  if (locked.length === 0) return pendingOf((await pool.query<{ status: string }>(INSERT, [JSON.stringify(sends)])).rows);
  const client = await pool.connect();
  try {
    await client.query('begin');
    await lockRepeats(client, locked);
    const { rows } = await client.query<{ status: string }>(INSERT, [JSON.stringify(sends)]);
    await client.query('commit');
    return pendingOf(rows);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Why a rule's message could not be made: a body script's own words, or the Go template's error. */
function renderError(failure: unknown): string {
  if (failure instanceof ScriptFailure) return failure.message;
  return `the title or template could not be rendered: ${failure instanceof Error ? failure.message : String(failure)}`;
}

/**
 * The sends of one event: each rule whose filter passes, once per recipient, silenced or rendered.
 * A rule whose filter cannot be evaluated, or whose title or template fails, gets failed sends with
 * the reason, so that the broken rule shows in its history and summary, not in the log only.
 */
async function sendsOf(options: NotificationOptions, logger: FastifyBaseLogger, event: DomainEvent, rules: readonly LiveRule[], subject: Subject, silences: readonly Silence[]): Promise<NewSend[]> {
  const { passes, errors } = await evaluateFilters(options.sandbox, rules.map((rule) => rule.filter), subject.variables);
  for (const [index, error] of errors) logger.warn({ notification_id: rules[index]!.id, event: event.name }, `notification filter failed: ${error}`);
  const matched = rules.flatMap((rule, index) => ((passes[index] || errors.has(index)) && targetsOf(rule).length > 0 ? [{ rule, filterError: errors.get(index) }] : []));
  if (matched.length === 0) return [];
  const muting = await matchingSilences(options.sandbox, silences, subject);
  const sends: NewSend[] = [];
  for (const { rule, filterError } of matched) {
    const silence = silenceFor(muting, rule.id);
    let message: { title: string; body: string } | undefined;
    let error: string | null = filterError === undefined ? null : `the filter could not be evaluated: ${filterError}`;
    if (error === null) {
      try {
        message = await renderMessage(options.sandbox, rule, event.name, subject);
      } catch (failure) {
        error = renderError(failure);
      }
    }
    const repeatSeconds = storedRepeatSeconds(rule.repeat_interval);
    for (const target of targetsOf(rule)) {
      sends.push({
        notification_id: rule.id,
        event_id: event.id,
        source_event: event.name,
        resource_id: subject.id,
        resource_type: subject.type,
        resource_name: subject.name,
        recipient: target.key,
        status: silence ? 'silenced' : error ? 'failed' : 'pending',
        silenced_by: silence?.id ?? null,
        error,
        title: message?.title ?? rule.title ?? null,
        body: message?.body ?? null,
        repeat_seconds: repeatSeconds,
      });
    }
  }
  return sends;
}

/** Within one batch, a second pending send to a recipient about a resource under a repeat interval repeats the first. */
function repeatWithinBatch(sends: NewSend[]): void {
  const seen = new Set<string>();
  for (const send of sends) {
    if (send.status !== 'pending' || send.repeat_seconds === null || !send.resource_id) continue;
    const key = `${send.notification_id}:${send.resource_id}:${send.recipient}`;
    if (seen.has(key)) send.status = 'repeat-interval';
    seen.add(key);
  }
}

/**
 * Delivery's consumer of the event stream, a batch of events at a time: for each live notification
 * that names an event and whose CEL filter passes, the title and template rendered over what the
 * event is about, then one send per recipient — pending for the sender, or kept as silenced by an
 * active silence. The subjects of a batch are read and its sends written in a few statements;
 * sending itself happens apart (`wake`), so a slow channel never holds the event stream.
 */
export function notificationEventHandler(options: NotificationOptions, cache: RuleCache, logger: FastifyBaseLogger, wake: () => void): BatchEventHandler {
  return async (events) => {
    const failures = new Map<string, Error>();
    const work: { event: DomainEvent; rules: LiveRule[] }[] = [];
    for (const event of events) {
      const rules = await cache.rulesFor(event.name);
      if (rules.length > 0) work.push({ event, rules });
    }
    if (work.length === 0) return failures;
    // Links are absolute: PHAROS_PUBLIC_URL, else the origin an administrator first used.
    const publicUrl = options.delivery.publicUrl ?? (await rememberedOrigin(options.pool));
    const subjects = await loadSubjects(options.pool, work.map(({ event }) => event), publicUrl);
    const silences = await cache.activeSilences();
    const sends: NewSend[] = [];
    for (const { event, rules } of work) {
      try {
        sends.push(...(await sendsOf(options, logger, event, rules, subjects.get(event.id)!, silences)));
      } catch (error) {
        failures.set(event.id, error instanceof Error ? error : new Error(String(error)));
      }
    }
    const unheld = await holdUnderRoots(options.pool, sends, new Map(work.flatMap(({ rules }) => rules.map((rule) => [rule.id, rule]))));
    repeatWithinBatch(unheld);
    if (unheld.length > 0 && (await writeSends(options.pool, unheld)) > 0) wake();
    return failures;
  };
}
