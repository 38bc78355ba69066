import { createHash } from 'node:crypto';
import { isRecord } from '@pharos/core';
import { baseUrl, ClientSettingsError, endpoint, field, RemoteError, required, requestJson } from './http.js';
import type { ClientTarget, Option, ResponderClient } from './types.js';

/**
 * Microsoft Planner through Microsoft Graph v1.0: POST /planner/tasks (planId, bucketId, title,
 * priority), then the description on the task's details (PATCH /planner/tasks/{id}/details with the
 * details' ETag in If-Match, as Graph requires); followed by percentComplete (0 not started, 50 in
 * progress, 100 completed). The connection is an Azure one: username the app's client id, password its
 * secret, property tenant; the app needs the Tasks.ReadWrite.All application permission. Its URL, when
 * set, replaces https://graph.microsoft.com, and the property authorityUrl replaces
 * https://login.microsoftonline.com. The team's ms_planner client may name group_id, the Microsoft 365
 * group whose plans the dialog lists.
 */

const GRAPH = 'https://graph.microsoft.com';
const AUTHORITY = 'https://login.microsoftonline.com';

/** Planner's priority scale (0–10) as its app shows it. */
export const PLANNER_PRIORITIES: Option[] = [
  { value: '1', label: 'Urgent' },
  { value: '3', label: 'Important' },
  { value: '5', label: 'Medium' },
  { value: '9', label: 'Low' },
];

/** Tokens by authority, tenant, client and secret, kept until a minute before they expire. */
const tokens = new Map<string, { token: string; expiresAt: number }>();

/** An app-only token by the client credentials grant. */
async function token(target: ClientTarget): Promise<string> {
  const { connection } = target;
  const tenant = connection.properties['tenant'];
  if (!connection.username || !connection.password || !tenant) throw new ClientSettingsError(`the connection ${connection.name} needs a client id, a client secret and a tenant`);
  const key = createHash('sha256').update(JSON.stringify([connection.properties['authorityUrl'], connection.url, tenant, connection.username, connection.password])).digest('hex');
  const kept = tokens.get(key);
  if (kept && kept.expiresAt > Date.now()) return kept.token;
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: connection.username, client_secret: connection.password, scope: `${endpoint(baseUrl(connection, GRAPH), '.default')}` });
  const { body } = await requestJson(endpoint(connection.properties['authorityUrl'] || AUTHORITY, `/${encodeURIComponent(tenant)}/oauth2/v2.0/token`), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    signal: target.signal,
  });
  const fresh = field(body, 'access_token', 'The Microsoft identity platform');
  const lifetime = isRecord(body) && typeof body['expires_in'] === 'number' ? body['expires_in'] : 0;
  if (lifetime > 120) tokens.set(key, { token: fresh, expiresAt: Date.now() + (lifetime - 60) * 1000 });
  return fresh;
}

async function graph(target: ClientTarget): Promise<(path: string, init?: { method?: 'GET' | 'POST' | 'PATCH'; body?: unknown; headers?: Record<string, string> }) => Promise<{ body: unknown; headers: Headers }>> {
  const bearer = await token(target);
  return (path, init = {}) =>
    requestJson(endpoint(baseUrl(target.connection, GRAPH), `/v1.0/${path}`), { ...init, headers: { authorization: `Bearer ${bearer}`, ...init.headers }, signal: target.signal });
}

function priorityOf(value: string): number {
  const number = Number(value);
  if (Number.isInteger(number) && number >= 0 && number <= 10) return number;
  const named = PLANNER_PRIORITIES.find((option) => option.label.toLowerCase() === value.toLowerCase());
  if (named) return Number(named.value);
  throw new RemoteError(`priority must be 0 to 10 or one of ${PLANNER_PRIORITIES.map((option) => option.label).join(', ')}`);
}

const list = (body: unknown): Record<string, unknown>[] => (isRecord(body) && Array.isArray(body['value']) ? body['value'].filter(isRecord) : []);
const options = (body: unknown, label: string): Option[] => list(body).map((item) => ({ value: String(item['id'] ?? ''), label: String(item[label] ?? item['id'] ?? '') })).filter((option) => option.value !== '');

export const msPlannerClient: ResponderClient = {
  async create(target) {
    const { fields } = target;
    const call = await graph(target);
    const task = {
      planId: required(fields, 'plan_id'),
      bucketId: required(fields, 'bucket_id'),
      title: required(fields, 'title'),
      priority: priorityOf(required(fields, 'priority')),
    };
    const description = required(fields, 'description');
    const created = await call('planner/tasks', { method: 'POST', body: task });
    const id = field(created.body, 'id', 'Microsoft Graph');
    const details = await call(`planner/tasks/${encodeURIComponent(id)}/details`);
    const etag = (isRecord(details.body) ? details.body['@odata.etag'] : undefined) ?? details.headers.get('etag');
    if (typeof etag !== 'string') throw new RemoteError('Microsoft Graph answered the task details without an ETag');
    await call(`planner/tasks/${encodeURIComponent(id)}/details`, { method: 'PATCH', headers: { 'if-match': etag, prefer: 'return=minimal' }, body: { description } });
    return { externalId: id };
  },

  async follow(target, id) {
    const call = await graph(target);
    const { body } = await call(`planner/tasks/${encodeURIComponent(id)}`);
    const percent = Number(field(body, 'percentComplete', 'Microsoft Graph'));
    return { acknowledged: percent > 0, resolved: percent >= 100, closed: percent >= 100 };
  },

  /** Plans of the team's group; with a plan, its buckets; and Planner's priorities. */
  async options(target, query) {
    const call = await graph(target);
    const group = target.fields['group_id'] ?? target.connection.properties['group_id'];
    if (!group) throw new ClientSettingsError('the team\'s ms_planner client names no group_id, the Microsoft 365 group whose plans to list');
    const result: Record<string, Option[]> = { plan_id: options((await call(`groups/${encodeURIComponent(group)}/planner/plans`)).body, 'title') };
    const plan = query['plan_id'];
    if (plan) result['bucket_id'] = options((await call(`planner/plans/${encodeURIComponent(plan)}/buckets`)).body, 'name');
    result['priority'] = PLANNER_PRIORITIES;
    return result;
  },
};
