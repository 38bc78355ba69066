import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import { freePort } from '../support/http.js';
import { TEST_SECRETS } from '../support/server.js';
import { mailText, notificationTest, PUBLIC_URL } from './helpers.js';

/**
 * Real checks fail (an HTTP check against a port nobody listens on) and a Notification applied as
 * mission-control YAML reaches a person over SMTP and a Slack-compatible service on loopback, with
 * its filter and templates; a second failure within the repeat interval is kept as
 * 'repeat-interval'; a channel that keeps refusing is retried, then failed, and the summary says so.
 */

const env = notificationTest();
const ALICE = 'alice@example.com';

async function runChecks(canaryId: string): Promise<void> {
  await runCanary({ pool: env.pool, sandbox: env.sandbox, secrets: TEST_SECRETS }, { canaryId }, AbortSignal.timeout(30_000));
}

async function checkIds(canaryId: string): Promise<Record<string, string>> {
  const { rows } = await env.pool.query<{ id: string; name: string }>('select id, name from checks where canary_id = $1 and deleted_at is null', [canaryId]);
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

describe('check failures', () => {
  let port = 0;
  let canaryId = '';
  let notificationId = '';

  it('reach a person by e-mail and a Slack channel, rendered, filtered and linked back', async () => {
    await env.pool.query("insert into people (name, email) values ('Alice', $1)", [ALICE]);
    const created = await env.call('POST', '/api/connections', { name: 'ops-slack', namespace: 'default', type: 'slack', url: env.channels.url, username: '#ops', password: env.slackToken });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    port = await freePort();
    [canaryId] = await env.apply(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: shop
  namespace: default
spec:
  schedule: "@every 1h"
  http:
    - name: payments-api
      url: http://127.0.0.1:${port}/health
      labels: {team: payments}
    - name: search-api
      url: http://127.0.0.1:${port}/search
      labels: {team: search}
`) as [string];
    [notificationId] = await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: payments-down
  namespace: default
spec:
  events: [check.failed]
  filter: check.labels.team == 'payments'
  title: "{{.check.name}} is down"
  template: |
    Canary **{{.canary.name}}**: {{.check_status.error}}
    [Open]({{.permalink}})
  repeatInterval: 1h
  to:
    person: ${ALICE}
    connection: connection://default/ops-slack
`) as [string];
    const { rows: rules } = await env.pool.query('select person_id, custom_services, repeat_interval from notifications where id = $1', [notificationId]);
    expect(rules[0]).toMatchObject({ repeat_interval: '1h', custom_services: [{ connection: 'connection://default/ops-slack' }] });

    await syncCanary(env.pool, canaryId);
    await runChecks(canaryId);
    const checks = await checkIds(canaryId);

    const mail = await env.smtp.waitFor(ALICE, (received) => received.subject === 'payments-api is down');
    const text = mailText(mail);
    expect(text).toContain('Canary **shop**');
    expect(text).toContain('ECONNREFUSED');
    expect(text).toContain(`[Open](${PUBLIC_URL}/health?checkId=${checks['payments-api']})`);
    // the markdown is sent as HTML too
    expect(text).toContain(`<a href="${PUBLIC_URL}/health?checkId=${checks['payments-api']}">Open</a>`);
    const slack = await env.until(async () => env.channels.on('/api/chat.postMessage'), (requests) => requests.length === 1);
    expect(slack[0]!.headers.authorization).toBe(`Bearer ${env.slackToken}`);
    expect(slack[0]!.body['channel']).toBe('#ops');
    expect(String(slack[0]!.body['text'])).toContain('payments-api is down');

    const sends = await env.until(() => env.sends(notificationId), (rows) => rows.length === 2 && rows.every((row) => row.status === 'sent'));
    for (const send of sends) {
      expect(send).toMatchObject({ source_event: 'check.failed', resource_type: 'check', resource_id: checks['payments-api'], resource_name: 'payments-api', title: 'payments-api is down', attempts: 1, error: null });
      expect(send.duration_millis).toBeGreaterThanOrEqual(0);
      expect(send.body).toContain('Canary **shop**');
    }
    expect(sends.map((send) => send.recipient).sort()).toEqual([ALICE, 'connection://default/ops-slack']);
    // search-api failed too, but the filter keeps it out
    expect(env.smtp.to(ALICE)).toHaveLength(1);
  });

  it('a failure again within the repeat interval is recorded as repeat-interval and not sent', async () => {
    // The check passes (something listens now), then fails again: a new check.failed event.
    const listener: Server = createServer((_request, response) => response.writeHead(200).end('ok'));
    await new Promise<void>((resolve) => listener.listen(port, '127.0.0.1', resolve));
    await runChecks(canaryId);
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    await runChecks(canaryId);
    const sends = await env.until(() => env.sends(notificationId), (rows) => rows.length === 4);
    expect(sends.filter((send) => send.status === 'repeat-interval').map((send) => send.recipient).sort()).toEqual([ALICE, 'connection://default/ops-slack']);
    expect(new Set(sends.map((send) => send.event_id)).size).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(env.smtp.to(ALICE)).toHaveLength(1);
    expect(env.channels.on('/api/chat.postMessage')).toHaveLength(1);
  });

  it('a channel that refuses is retried with backoff, then failed, and the summary counts it with its error', async () => {
    const created = await env.call('POST', '/api/connections', { name: 'stale-slack', namespace: 'default', type: 'slack', url: env.channels.url, username: '#ops', password: 'xoxb-revoked' });
    expect(created.status).toBe(201);
    const [id] = await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: search-down
  namespace: default
spec:
  events: [check.failed, check.passed]
  filter: check.name == 'search-api'
  title: "{{.check.name}} {{.new_state}}"
  to:
    connection: connection://default/stale-slack
`);
    const before = env.channels.on('/api/chat.postMessage').length;
    const listener: Server = createServer((_request, response) => response.writeHead(200).end('ok'));
    await new Promise<void>((resolve) => listener.listen(port, '127.0.0.1', resolve));
    await runChecks(canaryId);
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    const [send] = await env.until(() => env.sends(id!), (rows) => rows.length === 1 && rows[0]!.status === 'failed');
    expect(send).toMatchObject({ source_event: 'check.passed', attempts: 3, error: 'slack: invalid_auth', title: 'search-api passed' });
    expect(env.channels.on('/api/chat.postMessage').length - before).toBe(3);
    const summary = await env.call('GET', `/api/db/notifications_summary?id=eq.${id}&select=pending,failed,sent,most_common_error,avg_duration_ms`);
    expect(summary.body).toEqual([expect.objectContaining({ pending: 0, failed: 1, sent: 0, most_common_error: 'slack: invalid_auth' })]);
    const other = await env.call('GET', `/api/db/notifications_summary?id=eq.${notificationId}&select=failed,sent`);
    expect(other.body).toEqual([{ failed: 0, sent: 2 }]);
  });
});
