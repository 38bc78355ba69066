import { isRecord } from '@pharos/core';
import type pg from 'pg';
import type { DomainEvent } from '../events/types.js';
import type { Subject } from './types.js';

type Row = Record<string, unknown>;

/** The resource variables every filter and template may name: empty maps when the event is not about one. */
const RESOURCE_VARIABLES = ['check', 'canary', 'check_status', 'config', 'component', 'playbook', 'run', 'approval'] as const;

/** Per kind, the resources of many events at once: `key` is the id the event names. */
const SQL: Readonly<Record<string, string>> = {
  check: `select ch.id::text as key, to_jsonb(ch) - 'spec' as check, to_jsonb(ca) - 'spec' as canary,
                 (select to_jsonb(s) from check_statuses s where s.check_id = ch.id order by s.time desc limit 1) as check_status
            from checks ch join canaries ca on ca.id = ch.canary_id where ch.id = any($1::uuid[])`,
  config: 'select c.id::text as key, to_jsonb(c) as config from configs c where c.id = any($1::uuid[])',
  component: 'select c.id::text as key, to_jsonb(c) as component from components c where c.id = any($1::uuid[])',
  playbook_run: `select r.id::text as key, to_jsonb(r) as run, to_jsonb(p) - 'spec' as playbook
                   from playbook_runs r join playbooks p on p.id = r.playbook_id where r.id = any($1::uuid[])`,
  approval: `select a.id::text as key, to_jsonb(a) as approval, to_jsonb(r) as run, to_jsonb(p) - 'spec' as playbook
               from playbook_approvals a join playbook_runs r on r.id = a.run_id join playbooks p on p.id = r.playbook_id where a.id = any($1::uuid[])`,
  playbook: `select p.id::text as key, to_jsonb(p) - 'spec' as playbook from playbooks p where p.id = any($1::uuid[])`,
};

/** The kind of resource an event is about, and the query that reads it. */
function kindOf(name: string): { type: string; query: string } | undefined {
  if (name.startsWith('check.')) return { type: 'check', query: 'check' };
  if (name.startsWith('config.')) return { type: 'config', query: 'config' };
  if (name.startsWith('component.')) return { type: 'component', query: 'component' };
  if (name.startsWith('playbook.run.')) return { type: 'playbook_run', query: 'playbook_run' };
  if (name === 'playbook.approval.inserted') return { type: 'playbook_run', query: 'approval' };
  if (name.startsWith('playbook.')) return { type: 'playbook', query: 'playbook' };
  return undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function stringMap(value: unknown): Record<string, string> {
  return isRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, String(entry)])) : {};
}

/** Where a resource is seen in Pharos. */
export function permalinkOf(publicUrl: string | undefined, type: string, id: string | null): string {
  const base = (publicUrl ?? '').replace(/\/+$/, '');
  if (!id) return base || '/';
  switch (type) {
    case 'check':
      return `${base}/health?checkId=${id}`;
    case 'config':
      return `${base}/catalog/${id}`;
    case 'component':
      return `${base}/topology/${id}`;
    case 'playbook_run':
      return `${base}/playbooks/runs/${id}`;
    default:
      return `${base}/playbooks/${id}`;
  }
}

/** The subject of an event from the row its kind's query read (none: the resource is gone). */
function subjectOf(event: DomainEvent, row: Row | undefined, publicUrl: string | undefined): Subject {
  const kind = kindOf(event.name);
  const variables: Record<string, unknown> = Object.fromEntries(RESOURCE_VARIABLES.map((name) => [name, {}]));
  for (const [key, value] of Object.entries(row ?? {})) if (key !== 'key' && isRecord(value)) variables[key] = value;
  const type = kind?.type ?? 'event';
  const resource = (type === 'playbook_run' ? variables['run'] : variables[type]) as Row;
  const id = typeof resource['id'] === 'string' ? resource['id'] : UUID.test(event.subjectId) && kind?.query !== 'approval' ? event.subjectId : null;
  const playbook = variables['playbook'] as Row;
  const runName = type === 'playbook_run' ? (playbook['title'] ?? playbook['name']) : undefined;
  const name = typeof resource['name'] === 'string' ? resource['name'] : typeof runName === 'string' ? runName : null;
  const labels = stringMap(resource['labels']);
  const checkStatus = variables['check_status'] as Row;
  const canary = variables['canary'] as Row;
  const canaryId = type === 'check' && typeof canary['id'] === 'string' ? canary['id'] : null;
  Object.assign(variables, {
    event: { id: event.id, name: event.name, properties: event.properties, created_at: event.createdAt.toISOString() },
    name: name ?? '',
    status: resource['status'] ?? (checkStatus['status'] === undefined ? '' : checkStatus['status'] ? 'healthy' : 'unhealthy'),
    health: resource['health'] ?? '',
    labels,
    tags: stringMap(resource['tags']),
    new_state: event.name.split('.').at(-1) ?? '',
    permalink: permalinkOf(publicUrl, type, id),
  });
  return { type, id, name, labels, canaryId, variables };
}

/**
 * What each event is about, read once for every rule and with one query per kind for many events:
 * the check and its canary (and its latest result), the config, the component, the playbook run (and
 * approval) or the playbook, with the shortcuts mission-control gives (name, status, health, labels,
 * tags, new_state), the event and a permalink back to Pharos. By event id.
 */
export async function loadSubjects(db: pg.Pool, events: readonly DomainEvent[], publicUrl: string | undefined): Promise<Map<string, Subject>> {
  const byQuery = new Map<string, string[]>();
  for (const event of events) {
    const kind = kindOf(event.name);
    if (kind && UUID.test(event.subjectId)) byQuery.set(kind.query, [...(byQuery.get(kind.query) ?? []), event.subjectId]);
  }
  const rows = new Map<string, Row>();
  await Promise.all(
    [...byQuery].map(async ([query, ids]) => {
      for (const row of (await db.query<Row>(SQL[query]!, [[...new Set(ids)]])).rows) rows.set(`${query}:${String(row['key'])}`, row);
    }),
  );
  return new Map(events.map((event) => [event.id, subjectOf(event, rows.get(`${kindOf(event.name)?.query}:${event.subjectId.toLowerCase()}`), publicUrl)]));
}

/** The subject of one event (see loadSubjects). */
export async function loadSubject(db: pg.Pool, event: DomainEvent, publicUrl: string | undefined): Promise<Subject> {
  return (await loadSubjects(db, [event], publicUrl)).get(event.id)!;
}
