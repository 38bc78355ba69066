import { describe, expect, it } from 'vitest';
import { notificationTest } from './helpers.js';

/**
 * Silences made through the data service mute the sends they match — by selector (type, name glob,
 * labels), by CEL filter, for every rule or one — within their window only, each kept in the history
 * as silenced with the silence that muted it; the preview lists the recent sends a silence would
 * have muted and refuses a filter or selector it cannot read.
 */

const env = notificationTest();
const HOOK = '/hooks/ops';

async function unhealthy(name: string, labels: Record<string, string> = {}): Promise<string> {
  const { rows } = await env.pool.query<{ id: string }>(`insert into configs (name, type, labels, health) values ($1, 'Postgres::Database', $2, 'healthy') returning id`, [name, labels]);
  await env.pool.query(`update configs set health = 'unhealthy' where id = $1`, [rows[0]!.id]);
  return rows[0]!.id;
}

async function silence(body: Record<string, unknown>): Promise<string> {
  const created = await env.call('POST', '/api/db/notification_silences', { until: new Date(Date.now() + 3_600_000).toISOString(), ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { rows } = await env.pool.query<{ id: string; created_by: string | null }>('select id, created_by from notification_silences where name = $1', [body['name']]);
  expect(rows[0]!.created_by).not.toBeNull();
  // delivery reads silences at most every 100 ms in these tests
  await new Promise((resolve) => setTimeout(resolve, 200));
  return rows[0]!.id;
}

let ruleId = '';
let otherRuleId = '';

describe('silences', () => {
  it('mute the sends their selectors pick, recorded as silenced, while the rest are sent', async () => {
    [ruleId] = (await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: databases
  namespace: default
spec:
  events: [config.unhealthy]
  title: "{{.config.name}} is unhealthy"
  to:
    url: ${env.channels.url}${HOOK}
`)) as [string];
    const silenceId = await silence({ name: 'db maintenance', selectors: [{ type: 'config', name: 'orders-*', labels: 'env in (prod,staging)' }] });
    const muted = await unhealthy('orders-db', { env: 'prod' });
    const sent = await unhealthy('users-db', { env: 'prod' });
    const unlabelled = await unhealthy('orders-archive');
    const sends = await env.until(() => env.sends(ruleId), (list) => list.length === 3 && list.every((send) => send.status !== 'pending'));
    const byResource = Object.fromEntries(sends.map((send) => [send.resource_id, send]));
    expect(byResource[muted]).toMatchObject({ status: 'silenced', silenced_by: silenceId, attempts: 0 });
    expect(byResource[sent]).toMatchObject({ status: 'sent', silenced_by: null });
    expect(byResource[unlabelled]).toMatchObject({ status: 'sent' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(env.channels.on(HOOK).map((request) => request.body['title']).sort()).toEqual(['orders-archive is unhealthy', 'users-db is unhealthy']);
  });

  it('with a CEL filter and a notification, mute only that rule; an expired or deleted silence mutes nothing', async () => {
    [otherRuleId] = (await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: databases-too
  namespace: default
spec:
  events: [config.unhealthy]
  title: "also {{.config.name}}"
  to:
    url: ${env.channels.url}/hooks/other
`)) as [string];
    await silence({ name: 'staging only', filter: "config.labels.env == 'staging'", notification_id: ruleId });
    await env.pool.query(`insert into notification_silences (name, "from", "until", selectors) values ('over', now() - interval '2 hours', now() - interval '1 hour', '[{"type": "config"}]')`);
    const gone = await silence({ name: 'deleted', selectors: [{ type: 'config' }] });
    expect((await env.call('PATCH', `/api/db/notification_silences?id=eq.${gone}`, { deleted_at: new Date().toISOString() })).status).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const staging = await unhealthy('carts-db', { env: 'staging' });
    const first = await env.until(() => env.sends(ruleId), (list) => list.some((send) => send.resource_id === staging));
    expect(first.find((send) => send.resource_id === staging)).toMatchObject({ status: 'silenced' });
    const other = await env.until(() => env.sends(otherRuleId), (list) => list.length === 1 && list[0]!.status === 'sent');
    expect(other[0]).toMatchObject({ resource_id: staging, title: 'also carts-db' });
  });

  it('need a filter or a selector and an end after their start', async () => {
    const until = new Date(Date.now() + 60_000).toISOString();
    expect((await env.call('POST', '/api/db/notification_silences', { name: 'nothing', until })).status).toBe(400);
    expect((await env.call('POST', '/api/db/notification_silences', { name: 'backwards', until: new Date(Date.now() - 60_000).toISOString(), filter: 'true' })).status).toBe(400);
  });

  it('are listed with read on notifications and made only with write on them', async () => {
    const viewer = await env.server.tokenFor(['viewer']);
    const listed = await env.call('GET', '/api/db/notification_silences?select=name&order=created_at', undefined, viewer);
    expect(listed.status).toBe(200);
    expect((listed.body as { name: string }[]).map((row) => row.name)).toContain('db maintenance');
    const refused = await env.call('POST', '/api/db/notification_silences', { name: 'not mine', until: new Date(Date.now() + 60_000).toISOString(), filter: 'true' }, viewer);
    expect(refused.status).toBe(403);
  });
});

describe('the silence preview', () => {
  it('lists the recent sends a silence would have muted, newest first, with their notification title', async () => {
    const answer = await env.call('POST', '/api/notifications/silences/preview', { selectors: [{ type: 'config', name: 'users-*' }] });
    expect(answer.status).toBe(200);
    const body = answer.body as { matches: number; sends: { resource_name: string; status: string; notification_title: string }[] };
    expect(body.matches).toBe(1);
    expect(body.sends).toEqual([expect.objectContaining({ resource_name: 'users-db', status: 'sent', notification_title: '{{.config.name}} is unhealthy' })]);

    const byFilter = (await env.call('POST', '/api/notifications/silences/preview', { filter: "config.name.endsWith('-db')", notification_id: otherRuleId })).body as { matches: number };
    expect(byFilter.matches).toBe(1);
    const all = (await env.call('POST', '/api/notifications/silences/preview', { filter: "config.name.endsWith('-db')" })).body as { matches: number; sends: { created_at: string }[] };
    expect(all.matches).toBe(4);
    const times = all.sends.map((send) => Date.parse(send.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses a filter that does not parse, a selector it cannot read and a silence that selects nothing', async () => {
    const badFilter = await env.call('POST', '/api/notifications/silences/preview', { filter: 'config.name ==' });
    expect(badFilter.status).toBe(400);
    expect((badFilter.body as { message: string }).message).toMatch(/^filter: 1:\d+: /);
    const badLabels = await env.call('POST', '/api/notifications/silences/preview', { selectors: [{ labels: 'env in prod' }] });
    expect(badLabels.status).toBe(400);
    expect((badLabels.body as { message: string }).message).toMatch(/^selectors\[0\]\.labels: /);
    expect((await env.call('POST', '/api/notifications/silences/preview', {})).body).toMatchObject({ message: 'A silence needs a filter or at least one selector' });
    const viewer = await env.server.tokenFor(['viewer']);
    expect((await env.call('POST', '/api/notifications/silences/preview', { filter: 'true' }, viewer)).status).toBe(200);
  });
});
