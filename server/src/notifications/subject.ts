import { isRecord } from '@pharos/core';
import type pg from 'pg';
import type { DomainEvent } from '../events/types.js';
import type { Subject } from './types.js';

type Row = Record<string, unknown>;

/** The resource variables every filter and template may name: empty maps when the event is not about one. */
const RESOURCE_VARIABLES = ['check', 'canary', 'check_status', 'config', 'component', 'playbook', 'run', 'approval'] as const;

const SQL: Readonly<Record<string, string>> = {
  check: `select to_jsonb(ch) - 'spec' as check, to_jsonb(ca) - 'spec' as canary,
                 (select to_jsonb(s) from check_statuses s where s.check_id = ch.id order by s.time desc limit 1) as check_status
            from checks ch join canaries ca on ca.id = ch.canary_id where ch.id = $1`,
  config: 'select to_jsonb(c) as config from configs c where c.id = $1',
  component: 'select to_jsonb(c) as component from components c where c.id = $1',
  playbook_run: `select to_jsonb(r) as run, to_jsonb(p) - 'spec' as playbook
                   from playbook_runs r join playbooks p on p.id = r.playbook_id where r.id = $1`,
  approval: `select to_jsonb(a) as approval, to_jsonb(r) as run, to_jsonb(p) - 'spec' as playbook
               from playbook_approvals a join playbook_runs r on r.id = a.run_id join playbooks p on p.id = r.playbook_id where a.id = $1`,
  playbook: `select to_jsonb(p) - 'spec' as playbook from playbooks p where p.id = $1`,
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

/**
 * What the event is about, read once for every rule: the check and its canary (and its latest
 * result), the config, the component, the playbook run (and approval) or the playbook, with the
 * shortcuts mission-control gives (name, status, health, labels, tags, new_state), the event and a
 * permalink back to Pharos.
 */
export async function loadSubject(db: pg.Pool, event: DomainEvent, publicUrl: string | undefined): Promise<Subject> {
  const kind = kindOf(event.name);
  const variables: Record<string, unknown> = Object.fromEntries(RESOURCE_VARIABLES.map((name) => [name, {}]));
  let row: Row | undefined;
  if (kind && UUID.test(event.subjectId)) {
    row = (await db.query<Row>(SQL[kind.query]!, [event.subjectId])).rows[0];
    for (const [key, value] of Object.entries(row ?? {})) if (isRecord(value)) variables[key] = value;
  }
  const type = kind?.type ?? 'event';
  const resource = (type === 'playbook_run' ? variables['run'] : variables[type]) as Row;
  const id = typeof resource['id'] === 'string' ? resource['id'] : UUID.test(event.subjectId) && kind?.query !== 'approval' ? event.subjectId : null;
  const runName = type === 'playbook_run' ? (variables['playbook'] as Row)['title'] ?? (variables['playbook'] as Row)['name'] : undefined;
  const name = typeof resource['name'] === 'string' ? resource['name'] : typeof runName === 'string' ? runName : null;
  const labels = stringMap(resource['labels']);
  const checkStatus = variables['check_status'] as Row;
  const canaryId = type === 'check' && typeof (variables['canary'] as Row)['id'] === 'string' ? ((variables['canary'] as Row)['id'] as string) : null;
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
