import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import { freePort } from '../support/http.js';
import { TEST_SECRETS } from '../support/server.js';
import { mailText, notificationTest, PUBLIC_URL } from './helpers.js';

/**
 * Real HTTP checks fail under a topology (a root component, a child, checks linked to both and one
 * linked to nothing). A notification that groups by topology holds the failures under the unhealthy
 * root and, when its window closes, sends one message naming the root over SMTP and a webhook on
 * loopback; the same notification without the switch sends each failure; a root that recovers
 * inside the window lets what it held go out as normal; the silence preview shows the open group.
 */

const env = notificationTest();
const ALICE = 'alice@example.com';
const LINKED = ['api-latency', 'db-reads', 'db-writes'];

let port = 0;
let canaryId = '';
let rootId = '';
let groupedId = '';
let plainId = '';

async function runChecks(): Promise<void> {
  await runCanary({ pool: env.pool, sandbox: env.sandbox, secrets: TEST_SECRETS }, { canaryId }, AbortSignal.timeout(30_000));
}

/** Runs the checks while something answers on their port: they pass. */
async function runPassing(): Promise<void> {
  const listener: Server = createServer((_request, response) => response.writeHead(200).end('ok'));
  await new Promise<void>((resolve) => listener.listen(port, '127.0.0.1', resolve));
  try {
    await runChecks();
  } finally {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
}

async function setRootHealth(health: 'healthy' | 'unhealthy'): Promise<void> {
  await env.pool.query('update components set health = $2, status = $2 where id = $1', [rootId, health]);
}

const openGroupOf = (notificationId: string) =>
  env.pool.query<{ id: string; closes_at: Date; created_at: Date; held: number }>(
    `select g.id, g.closes_at, g.created_at, (select count(*)::int from notification_send_history h where h.group_id = g.id and h.status = 'held') as held
       from notification_groups g where g.notification_id = $1 and g.status = 'open'`,
    [notificationId],
  );

/** Ends a held group's window now, as the clock would in an hour. */
async function closeWindow(groupId: string): Promise<void> {
  await env.pool.query('update notification_groups set closes_at = now() where id = $1', [groupId]);
}

describe('grouping dependent failures under their root', () => {
  it('holds the failures under an unhealthy root and sends one message naming it when the window closes', async () => {
    await env.pool.query("insert into people (name, email) values ('Alice', $1)", [ALICE]);
    port = await freePort();
    [canaryId] = (await env.apply(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: payments
  namespace: default
spec:
  schedule: "@every 1h"
  http:
${[...LINKED, 'search-api'].map((name) => `    - name: ${name}\n      url: http://127.0.0.1:${port}/${name}\n`).join('')}`)) as [string];
    await syncCanary(env.pool, canaryId);
    const { rows: checks } = await env.pool.query<{ id: string; name: string }>('select id, name from checks where canary_id = $1', [canaryId]);
    const checkId = Object.fromEntries(checks.map((check) => [check.name, check.id]));
    const { rows: root } = await env.pool.query<{ id: string }>("insert into components (name, type, health, status) values ('payments-platform', 'Platform', 'healthy', 'healthy') returning id");
    rootId = root[0]!.id;
    const { rows: child } = await env.pool.query<{ id: string }>("insert into components (name, type, parent_id, health, status) values ('payments-db', 'Database', $1, 'healthy', 'healthy') returning id", [rootId]);
    await env.pool.query(
      'insert into check_component_relationships (component_id, check_id) values ($1, $3), ($2, $4), ($2, $5)',
      [rootId, child[0]!.id, checkId['api-latency'], checkId['db-reads'], checkId['db-writes']],
    );
    [groupedId] = (await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: payments-grouped
  namespace: default
spec:
  events: [check.failed, component.unhealthy]
  title: "{{.name}} is down"
  groupByTopology: true
  groupWindow: 1h
  to:
    person: ${ALICE}
`)) as [string];
    [plainId] = (await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: payments-plain
  namespace: default
spec:
  events: [check.failed, component.unhealthy]
  title: "{{.name}} is down"
  to:
    url: generic+${env.channels.url}/hooks/plain
`)) as [string];
    const { rows: stored } = await env.pool.query('select group_by_topology, group_window from notifications where id = $1', [groupedId]);
    expect(stored[0]).toEqual({ group_by_topology: true, group_window: '1h' });

    await setRootHealth('unhealthy');
    await runChecks();

    // search-api is under no root: sent at once, as ever
    const unrelated = await env.smtp.waitFor(ALICE, (mail) => mail.subject === 'search-api is down');
    expect(unrelated).toBeDefined();
    const [group] = (await env.until(() => openGroupOf(groupedId), ({ rows }) => rows.length === 1 && rows[0]!.held === 4)).rows;
    expect(group!.closes_at.getTime() - group!.created_at.getTime()).toBeGreaterThanOrEqual(3_600_000 - 1_000);
    expect(env.smtp.to(ALICE).map((mail) => mail.subject)).toEqual(['search-api is down']);

    await closeWindow(group!.id);
    const mail = await env.smtp.waitFor(ALICE, (received) => received.subject.startsWith('payments-platform'));
    expect(mail.subject).toBe('payments-platform is down; 3 dependent checks failed');
    const text = mailText(mail);
    for (const name of LINKED) expect(text).toContain(`- ${name} (check, check.failed)`);
    expect(text).toContain(`${PUBLIC_URL}/topology/${rootId}`);

    const sends = await env.until(() => env.sends(groupedId), (rows) => rows.filter((row) => row.status === 'sent').length === 2);
    expect(sends.filter((row) => row.status === 'grouped').map((row) => row.resource_name).sort()).toEqual([...LINKED, 'payments-platform'].sort());
    expect(sends.filter((row) => row.status === 'sent').map((row) => row.title).sort()).toEqual(['payments-platform is down; 3 dependent checks failed', 'search-api is down']);
    expect(env.smtp.to(ALICE)).toHaveLength(2);
  });

  it('without the switch, every failure is sent on its own', async () => {
    const sends = await env.until(() => env.sends(plainId), (rows) => rows.length === 5 && rows.every((row) => row.status === 'sent'));
    expect(sends.map((row) => row.title).sort()).toEqual(['api-latency is down', 'db-reads is down', 'db-writes is down', 'payments-platform is down', 'search-api is down']);
    expect(env.channels.on('/hooks/plain')).toHaveLength(5);
  });

  it('the silence preview shows what an open group would send', async () => {
    await runPassing();
    await runChecks();
    const [group] = (await env.until(() => openGroupOf(groupedId), ({ rows }) => rows.length === 1 && rows[0]!.held === 3)).rows;
    const answer = await env.call('POST', '/api/notifications/silences/preview', { notification_id: groupedId, selectors: [{ type: 'check', name: 'search-*' }] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { groups } = answer.body as { groups: { id: string; root_name: string; title: string; dependents: { resource_name: string }[] }[] };
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ id: group!.id, root_name: 'payments-platform', title: 'payments-platform is down; 3 dependent checks failed' });
    expect(groups[0]!.dependents.map((dependent) => dependent.resource_name).sort()).toEqual(LINKED);
    const other = await env.call('POST', '/api/notifications/silences/preview', { notification_id: plainId, selectors: [{ type: 'check', name: 'search-*' }] });
    expect((other.body as { groups: unknown[] }).groups).toEqual([]);
  });

  it('a root that recovers inside the window sends what it held as normal', async () => {
    // search-api failed again too, under no root: sent on its own whenever it comes
    const dependentMails = () => env.smtp.to(ALICE).slice(before).map((mail) => mail.subject).filter((subject) => subject !== 'search-api is down').sort();
    const before = env.smtp.to(ALICE).length;
    await setRootHealth('healthy');
    await env.until(async () => dependentMails(), (subjects) => subjects.length === 3);
    expect(dependentMails()).toEqual(LINKED.map((name) => `${name} is down`));
    const { rows } = await env.pool.query("select status from notification_groups where notification_id = $1 order by created_at", [groupedId]);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'released']);
    expect((await openGroupOf(groupedId)).rows).toEqual([]);
  });

  it('refuses a group window delivery cannot read, through apply and the data service, saying what it takes', async () => {
    const response = await fetch(`${env.server.url}/api/apply`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/yaml' },
      body: `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: badly-grouped
spec:
  events: [check.failed]
  groupByTopology: "yes"
  groupWindow: 5 minutes
  to:
    person: ${ALICE}
`,
    });
    expect(response.status).toBe(400);
    const { problems } = (await response.json()) as { problems: { path: string; reason: string }[] };
    expect(problems.map(({ path, reason }) => ({ path, reason }))).toEqual([
      { path: '/spec/groupByTopology', reason: 'groupByTopology is true or false, not "yes"' },
      { path: '/spec/groupWindow', reason: "group window '5 minutes' is not a whole number of seconds, minutes or hours such as 30s, 5m or 1h" },
    ]);
    const written = await env.call('PATCH', `/api/db/notifications?id=eq.${groupedId}`, { group_window: '0s' });
    expect(written.status).toBe(400);
    expect(written.body).toMatchObject({ code: '23514', message: "group window '0s' is not a whole number of seconds, minutes or hours such as 30s, 5m or 1h" });
  });
});
