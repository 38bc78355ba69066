import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../../src/auth/tokens.js';
import { browser, register, uniqueEmail, type Browser } from '../support/identity.js';
import { clusterUnavailable, startPatroniCluster, type PatroniCluster } from '../support/patroni-cluster.js';
import { startPharosNode, type PharosNode } from '../support/pharos-node.js';
import { TestSmtpServer } from '../support/smtp.js';
import { until } from '../support/until.js';
import { OutageWatch } from './outage-watch.js';

/**
 * Two `pharos serve` processes on a Patroni cluster (etcd, two PostgreSQL 15 nodes, HAProxy routing
 * to the primary; scripts/cluster/up.sh) while a canary ticks, a playbook runs, a notification is
 * sent and a person is signed in. The primary's postmaster is killed (kill -9) and Patroni promotes
 * the replica. Pharos answers 503 with Retry-After while it has no primary, comes back by itself,
 * loses no tick beyond the outage, runs no action and sends no mail twice, and keeps the session.
 * The canary ticks every second (production schedules are longer) to keep the test short.
 */

const unavailable = clusterUnavailable();
if (unavailable) console.log(`Skipping the failover test: ${unavailable}`);

const SECRET_KEY = 'failover-test-key-of-at-least-32-characters';
const READY = '/api/ready';
/**
 * What a tick may be late beyond the outage: its one-second phase, the scheduler's next look (250 ms)
 * and a worker's pickup, which falls back to its one-second poll while its listener reconnects.
 */
const PICKUP_SLACK_MS = 3_000;
const DATA = '/api/db/canaries?select=name&limit=1';

let cluster: PatroniCluster;
let smtp: TestSmtpServer;
let target: Server;
let targetUrl = '';
let pool: pg.Pool;
const nodes: PharosNode[] = [];
/** Requests that reached the target, by path, with when they arrived. */
const requests: { path: string; at: number }[] = [];
let flakyFails = false;
let token = '';
let person: Browser;
let releaseFirstAction: () => void = () => undefined;
const firstActionReleased = new Promise<void>((resolve) => (releaseFirstAction = resolve));

beforeAll(async () => {
  if (unavailable) return;
  target = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ path, at: Date.now() });
    if (path === '/playbook/first') void firstActionReleased.then(() => response.writeHead(200).end('first'));
    else if (path === '/flaky' && flakyFails) response.writeHead(500).end('broken on purpose');
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  smtp = new TestSmtpServer();
  const smtpUrl = await smtp.start();
  cluster = await startPatroniCluster();
  pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  const env = { DATABASE_URL: cluster.databaseUrl, PHAROS_SECRET_KEY: SECRET_KEY, SMTP_URL: smtpUrl, SMTP_FROM: 'Pharos <pharos@example.com>', PHAROS_REQUIRE_VERIFIED_EMAIL: 'false' };
  // One after the other: the first applies the migrations.
  nodes.push(await startPharosNode('first', env));
  nodes.push(await startPharosNode('second', env));
}, 300_000);

afterAll(async () => {
  await Promise.all(nodes.map((node) => node.stop()));
  await pool?.end();
  await cluster?.down();
  await smtp?.close();
  if (target) await new Promise((resolve) => target.close(resolve));
});

/** Retries what the test itself asks of the cluster while it has no primary. */
async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  return until(
    () => pool.query<T>(sql, values).then((result) => result.rows, () => null),
    (rows) => rows !== null,
    { timeoutMs: 60_000, intervalMs: 250 },
  ) as Promise<T[]>;
}

async function apply(node: PharosNode, token: string, yaml: string): Promise<string> {
  const response = await fetch(`${node.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' }, body: yaml });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { resources: { id: string }[] }).resources[0]!.id;
}

const ticks = () => requests.filter((request) => request.path === '/tick').map((request) => request.at);

describe.skipIf(unavailable !== null)('a PostgreSQL failover under two Pharos processes', () => {
  it('is answered 503 with Retry-After, then survived without a tick lost, an action or mail doubled, or a session lost', async () => {
    const [first, second] = nodes as [PharosNode, PharosNode];
    token = await createToken(pool, { email: uniqueEmail('admin'), roles: ['admin'] });
    person = browser(first);
    await register(person, uniqueEmail('signed-in'));
    const email = uniqueEmail('oncall');
    await query("insert into people (name, email) values ('On call', $1)", [email]);

    await apply(first, token, `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: failover, namespace: default}
spec:
  schedule: "@every 1s"
  http:
    - {name: tick, url: "${targetUrl}/tick"}
    - {name: flaky, url: "${targetUrl}/flaky"}
`);
    await apply(first, token, `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata: {name: flaky-down, namespace: default}
spec:
  events: [check.failed]
  filter: check.name == 'flaky'
  title: "{{.check.name}} is down"
  template: "{{.check_status.error}}"
  repeatInterval: 1h
  to: {person: ${email}}
`);
    const playbookId = await apply(first, token, `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: {name: across-failover, namespace: default}
spec:
  actions:
    - {name: first, exec: {script: "curl -fsS ${targetUrl}/playbook/first"}}
    - {name: second, exec: {script: "curl -fsS ${targetUrl}/playbook/second"}}
`);
    await until(async () => ticks().length, (count) => count >= 3, { timeoutMs: 60_000 });

    const started = await fetch(`${second.url}/api/playbook/run`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ id: playbookId }) });
    expect(started.status, await started.clone().text()).toBe(201);
    const runId = ((await started.json()) as { run_id: string }).run_id;
    // The first action is under way (its request held by the target) when the primary dies.
    await until(async () => requests.some((request) => request.path === '/playbook/first'), Boolean);
    flakyFails = true;

    const watch = new OutageWatch(nodes, [READY, DATA], { authorization: `Bearer ${token}` });
    const oldLeader = await cluster.leader();
    expect(oldLeader).not.toBeNull();
    const killedAt = await cluster.killPostgres(oldLeader!);
    // Pharos saw the outage: the held action finishes while there is no primary to record it.
    await until(async () => watch.failures(READY).length, (count) => count > 0, { timeoutMs: 30_000 });
    releaseFirstAction();

    const newLeader = await until(() => cluster.leader().catch(() => null), (leader) => leader !== null && leader !== oldLeader, { timeoutMs: 90_000 });
    const answering = () => Promise.all(nodes.map((node) => fetch(`${node.url}${DATA}`, { headers: { authorization: `Bearer ${token}` } }).then((response) => response.status, () => 0)));
    const outputs = async () => nodes.map((node) => `${node.output()}\nexit: ${node.cli.child.exitCode ?? node.cli.child.signalCode ?? 'running'}`).join('\n');
    await until(answering, (statuses) => statuses.every((status) => status === 200), { timeoutMs: 60_000, detail: outputs });
    const recoveredAt = Date.now();

    const run = await until(
      () => query<{ status: string }>('select status from playbook_runs where id = $1', [runId]),
      (rows) => rows[0]?.status === 'completed' || rows[0]?.status === 'failed',
      { timeoutMs: 60_000 },
    );
    expect(run[0]!.status).toBe('completed');
    await smtp.waitFor(email, (mail) => mail.subject === 'flaky is down');
    // Three more ticks after recovery, and the notification's event fully consumed, before counting.
    await until(async () => ticks().filter((at) => at > recoveredAt).length, (count) => count >= 3, { timeoutMs: 30_000 });
    await until(() => query<{ n: number }>("select count(*)::int as n from event_queue where name = 'check.failed' and done_consumers is distinct from null"), () => true);
    await until(() => query<{ n: number }>("select count(*)::int as n from notification_send_history where status in ('pending', 'sending')"), (rows) => rows[0]!.n === 0);
    await watch.stop();

    // 503 with Retry-After while there was no primary, never a 500 or a dropped connection
    for (const path of [READY, DATA]) {
      const failed = watch.failures(path);
      expect(failed.length, path).toBeGreaterThan(0);
      for (const answer of failed) expect({ path, status: answer.status, retryAfter: answer.retryAfter !== null }).toEqual({ path, status: 503, retryAfter: true });
    }
    // no tick lost beyond the outage window: no gap between ticks longer than the outage and two intervals
    const outages = nodes.map((node) => watch.outage(node.name, READY)).filter((outage) => outage !== null);
    // The outage as Pharos saw it: from the first process answering 503 to the last one back.
    const window = Math.max(...outages.map((outage) => outage.to)) - Math.min(...outages.map((outage) => outage.from));
    const all = ticks();
    const gaps = all.slice(1).map((at, index) => at - all[index]!);
    expect(Math.max(...gaps)).toBeLessThan(window + PICKUP_SLACK_MS);
    // and none run twice: at most one run a second over the whole test
    expect(all.length).toBeLessThanOrEqual(Math.ceil((all.at(-1)! - all[0]!) / 1_000) + 1);
    // each action ran once, each mail was sent once
    expect(requests.filter((request) => request.path === '/playbook/first')).toHaveLength(1);
    expect(requests.filter((request) => request.path === '/playbook/second')).toHaveLength(1);
    expect(smtp.mails.filter((mail) => mail.subject === 'flaky is down')).toHaveLength(1);
    // the person is still signed in, on both processes
    for (const node of nodes) {
      const whoami = await person.fetch(`${node.url}/api/.ory/sessions/whoami`);
      expect(whoami.status, node.name).toBe(200);
    }

    const history = await cluster.history();
    const promoted = history.at(-1);
    const seconds = (ms: number) => `${(ms / 1_000).toFixed(1)} s`;
    console.log(
      [
        `Patroni: ${oldLeader}'s PostgreSQL killed at ${killedAt.toISOString()}; ${newLeader} promoted at ${promoted?.[3] ?? '?'} (timeline ${promoted ? promoted[0] + 1 : '?'}, ${promoted ? seconds(Date.parse(promoted[3]) - killedAt.getTime()) : '?'} after the kill)`,
        ...outages.map((outage) => `Pharos ${outage.node}: /api/ready not ready from ${new Date(outage.from).toISOString()} to ${new Date(outage.to).toISOString()} (${seconds(outage.to - outage.from)})`),
        `Longest gap between check ticks: ${seconds(Math.max(...gaps))}`,
        await cluster.list(),
      ].join('\n'),
    );
  }, 240_000);

  it('survives a restart of the primary PostgreSQL by Patroni under load the same way', async () => {
    const leader = await until(() => cluster.leader().catch(() => null), (name) => name !== null, { timeoutMs: 60_000 });
    const watch = new OutageWatch(nodes, [READY, DATA], { authorization: `Bearer ${token}` });
    const before = ticks().length;
    const restartedAt = Date.now();
    await cluster.restart(leader!);
    const restartedFor = Date.now() - restartedAt;
    const answering = () => Promise.all(nodes.map((node) => fetch(`${node.url}${DATA}`, { headers: { authorization: `Bearer ${token}` } }).then((response) => response.status, () => 0)));
    await until(answering, (statuses) => statuses.every((status) => status === 200), { timeoutMs: 60_000 });
    const recoveredAt = Date.now();
    await until(async () => ticks().filter((at) => at > recoveredAt).length, (count) => count >= 3, { timeoutMs: 30_000 });
    await watch.stop();

    // a restart can be quicker than the polls: whatever was not 200 was a 503 with Retry-After
    for (const path of [READY, DATA]) {
      for (const answer of watch.failures(path)) expect({ path, status: answer.status, retryAfter: answer.retryAfter !== null }).toEqual({ path, status: 503, retryAfter: true });
    }
    const all = ticks().slice(Math.max(0, before - 1));
    const gaps = all.slice(1).map((at, index) => at - all[index]!);
    expect(Math.max(...gaps)).toBeLessThan(restartedFor + PICKUP_SLACK_MS);
    for (const node of nodes) {
      expect(node.cli.child.exitCode, node.name).toBeNull();
      expect((await person.fetch(`${node.url}/api/.ory/sessions/whoami`)).status, node.name).toBe(200);
    }
    const outages = nodes.map((node) => watch.outage(node.name, READY)).filter((outage) => outage !== null);
    console.log(
      [
        `patronictl restart of ${leader}: ${(restartedFor / 1_000).toFixed(1)} s`,
        ...outages.map((outage) => `Pharos ${outage.node}: /api/ready not ready for ${((outage.to - outage.from) / 1_000).toFixed(1)} s`),
        `Longest gap between check ticks: ${(Math.max(...gaps) / 1_000).toFixed(1)} s`,
      ].join('\n'),
    );
  }, 180_000);
});
