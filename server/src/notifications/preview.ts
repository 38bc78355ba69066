import { validateCel } from '@pharos/core';
import type pg from 'pg';
import type { ExpressionSandbox, Interactive } from '../expressions/sandbox.js';
import { matchingSilences, readSelectors, SilenceError, type Silence } from './silences.js';
import { loadSubjects } from './subject.js';
import { openGroups, type OpenGroup } from './grouping/open-groups.js';
import { settlingSends, type SettlingSend } from './grouping/settling-sends.js';

/** What POST /api/notifications/silences/preview takes. */
export interface PreviewRequest {
  filter?: string | null;
  selectors?: unknown;
  notification_id?: string | null;
  from?: string | null;
  until?: string | null;
}

export interface PreviewAnswer {
  matches: number;
  sends: Record<string, unknown>[];
  /** What notifications that group by topology hold now, and the one message each would send. */
  groups: OpenGroup[];
  /** Failures held while the health of a component above them may follow: grouped if it fails, else sent on their own at `settles_at`. */
  settling: SettlingSend[];
}

/** How far back, how many distinct resources are looked at, and how many sends are listed. */
const LOOK_BACK = '7 days';
const MAX_RESOURCES = 5_000;
const MAX_SENDS = 50;

/** The event whose subject query reads a resource of this type (an approval's send is about its run). */
function eventFor(type: string, sourceEvent: string): string {
  if (type === 'playbook_run') return 'playbook.run.preview';
  return sourceEvent;
}

function timeOf(text: string | null | undefined, field: string): number | undefined {
  if (text === null || text === undefined || text === '') return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) throw new SilenceError(`${field} is not a date: ${text}`);
  return at;
}

/** The request as a silence, checked: a CEL filter that parses, selectors that read, a window that ends after it starts. */
export function silenceOfRequest(request: PreviewRequest): Silence {
  const filter = typeof request.filter === 'string' && request.filter.trim() !== '' ? request.filter : null;
  if (filter) {
    try {
      validateCel(filter);
    } catch (error) {
      throw new SilenceError(`filter: ${(error as Error).message}`);
    }
  }
  const selectors = readSelectors(request.selectors);
  if (!filter && selectors.length === 0) throw new SilenceError('A silence needs a filter or at least one selector');
  const from = timeOf(request.from, 'from');
  const until = timeOf(request.until, 'until');
  if (until !== undefined && until <= (from ?? Date.now())) throw new SilenceError('until must be after from');
  return { id: '', name: 'preview', filter, selectors, notification_id: request.notification_id ?? null };
}

/**
 * The sends of the last 7 days this silence would have muted: each distinct resource they were
 * about is read again and matched as delivery matches it; the newest 50, with their notification's
 * title. Beside them, the groups open now (of the silence's notification, or all): what would be grouped.
 */
export async function previewSilence(pool: pg.Pool, sandbox: ExpressionSandbox, request: PreviewRequest, publicUrl: string | undefined, interactive: Interactive): Promise<PreviewAnswer> {
  const silence = silenceOfRequest(request);
  const [muted, groups, settling] = await Promise.all([
    mutedSends(pool, sandbox, silence, publicUrl, interactive),
    openGroups(pool, silence.notification_id),
    settlingSends(pool, silence.notification_id),
  ]);
  return { ...muted, groups, settling };
}

async function mutedSends(pool: pg.Pool, sandbox: ExpressionSandbox, silence: Silence, publicUrl: string | undefined, interactive: Interactive): Promise<Omit<PreviewAnswer, 'groups' | 'settling'>> {
  const { rows: resources } = await pool.query<{ resource_type: string; resource_id: string; source_event: string }>(
    `select distinct on (resource_type, resource_id) resource_type, resource_id, source_event
       from notification_send_history
      where created_at > now() - interval '${LOOK_BACK}' and resource_id is not null and ($1::uuid is null or notification_id = $1)
      order by resource_type, resource_id, created_at desc
      limit ${MAX_RESOURCES}`,
    [silence.notification_id],
  );
  const events = resources.map((resource, index) => ({
    id: String(index),
    name: eventFor(resource.resource_type, resource.source_event ?? ''),
    subjectId: resource.resource_id,
    properties: {},
    attempts: 0,
    createdAt: new Date(),
  }));
  const subjects = await loadSubjects(pool, events, publicUrl);
  const muted: { type: string; id: string }[] = [];
  for (const [index, resource] of resources.entries()) {
    if ((await matchingSilences(sandbox, [silence], subjects.get(String(index))!, interactive)).length > 0) muted.push({ type: resource.resource_type, id: resource.resource_id });
  }
  if (muted.length === 0) return { matches: 0, sends: [] };
  const matching = `from notification_send_history h join notifications n on n.id = h.notification_id
      where h.created_at > now() - interval '${LOOK_BACK}' and ($1::uuid is null or h.notification_id = $1)
        and (h.resource_type, h.resource_id) in (select t, i from unnest($2::text[], $3::uuid[]) as m(t, i))`;
  const params = [silence.notification_id, muted.map((m) => m.type), muted.map((m) => m.id)];
  const [{ rows: count }, { rows: sends }] = await Promise.all([
    pool.query<{ matches: number }>(`select count(*)::int as matches ${matching}`, params),
    pool.query<Record<string, unknown>>(
      `select h.id, h.notification_id, h.status, h.error, h.duration_millis, h.source_event, h.resource_id, h.resource_type,
              h.resource_name, h.recipient, h.title, h.body, h.attempts, h.silenced_by, h.created_at, n.title as notification_title
         ${matching} order by h.created_at desc limit ${MAX_SENDS}`,
      params,
    ),
  ]);
  return { matches: count[0]?.matches ?? 0, sends };
}
