import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineConfig } from '../../src/engine/config.js';
import { Engine } from '../../src/engine/engine.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { silentLogger } from '../../src/logger.js';
import { canaryRunJob, runCanary } from '../../src/health/run-canary.js';
import { canaryChangedHandler, syncCanary } from '../../src/health/sync.js';
import { freePort } from '../support/http.js';
import { startDnsmasq } from '../support/peers/dnsmasq.js';
import type { PeerProcess } from '../support/peers/process.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * Canaries really run: applied as Flanksource YAML, their checks are synced and scheduled, and each
 * run measures real peers on loopback (HTTP servers that answer, fail and are slow, a TCP listener,
 * dnsmasq, scripts) and writes check_statuses, the check's state and its roll-ups.
 */

let database: FreshDatabase;
let server: TestServer;
let token: string;
let sandbox: ExpressionSandbox;
let http: Server;
let httpUrl: string;
let tcp: TcpServer;
let tcpPort: number;
let dns: { port: number; process: PeerProcess };

beforeAll(async () => {
  database = await freshDatabase();
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox }, database.url);
  token = await server.tokenFor(['admin']);
  http = createHttpServer((request, response) => {
    if (request.url === '/health') response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', version: '1.4.2', agent: request.headers['user-agent'] }));
    else if (request.url === '/slow') setTimeout(() => response.writeHead(200).end('late'), 300);
    else response.writeHead(503).end('down for maintenance');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  tcp = createTcpServer((socket) => socket.end());
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  tcpPort = (tcp.address() as AddressInfo).port;
  dns = await startDnsmasq({ 'api.pharos.test': '10.1.2.3' });
});

afterAll(async () => {
  await dns?.process.stop();
  await new Promise((resolve) => http?.close(resolve));
  await new Promise((resolve) => tcp?.close(resolve));
  await server?.close();
  await sandbox?.close();
  await database?.drop();
});

async function apply(yaml: string): Promise<void> {
  const response = await fetch(`${server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' }, body: yaml });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function canaryId(name: string): Promise<string> {
  const { rows } = await server.pool.query<{ id: string }>('select id from canaries where name = $1 and deleted_at is null', [name]);
  return rows[0]!.id;
}

interface Status {
  name: string;
  status: boolean;
  invalid: boolean;
  message: string | null;
  error: string | null;
}

async function latestStatuses(canary: string): Promise<Record<string, Status>> {
  const { rows } = await server.pool.query<Status>(
    `select distinct on (c.name) c.name, s.status, s.invalid, s.message, s.error
       from check_statuses s join checks c on c.id = s.check_id
      where c.canary_id = $1 order by c.name, s.time desc`,
    [canary],
  );
  return Object.fromEntries(rows.map((row) => [row.name, row]));
}

const CANARY = () => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: loopback
  labels: {team: ops}
spec:
  schedule: "@every 1m"
  http:
    - name: api-health
      url: ${httpUrl}/health
      responseCodes: [200]
      responseJSONContent: {path: $.status, value: ok}
      test:
        expr: "code == 200 && json.version.startsWith('1.') && json.agent.startsWith('canary-checker/')"
      display:
        template: "version {{ .json.version }}"
    - name: api-down
      url: ${httpUrl}/maintenance
    - name: api-slow
      url: ${httpUrl}/slow
      thresholdMillis: 100
    - name: api-test-fails
      url: ${httpUrl}/health
      test:
        expr: "json.status == 'degraded'"
  tcp:
    - name: port-open
      endpoint: 127.0.0.1:${tcpPort}
    - name: port-closed
      endpoint: 127.0.0.1:${PORT_CLOSED}
  dns:
    - name: dns-a
      server: 127.0.0.1
      port: ${dns.port}
      query: api.pharos.test
      querytype: A
      exactreply: [10.1.2.3]
    - name: dns-missing
      server: 127.0.0.1
      port: ${dns.port}
      query: nothing.pharos.test
  exec:
    - name: script-ok
      script: echo "disk 42% used"
      display:
        expr: "'script said: ' + stdout"
    - name: script-fails
      script: echo nope >&2; exit 3
  helm:
    - name: needs-kubernetes
      chartmuseum: http://127.0.0.1:1
`;
let PORT_CLOSED = 0;

describe('a canary applied as Flanksource YAML', () => {
  it('gets a check per entry and a schedule, and a run measures every peer', async () => {
    PORT_CLOSED = await freePort();
    await apply(CANARY());
    const id = await canaryId('loopback');
    const { rows: events } = await server.pool.query("select subject_id from event_queue where name = 'canary.changed'");
    expect(events.map((event) => event.subject_id)).toContain(id);

    await syncCanary(server.pool, id);
    const { rows: checks } = await server.pool.query<{ name: string; type: string; labels: unknown }>('select name, type from checks where canary_id = $1 and deleted_at is null order by name', [id]);
    expect(checks).toHaveLength(11);
    const { rows: schedules } = await server.pool.query('select schedule, task from job_schedules where key = $1', [`canary:${id}`]);
    expect(schedules).toEqual([{ schedule: '@every 1m', task: 'CanaryRun' }]);

    await runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId: id }, AbortSignal.timeout(30_000));
    const statuses = await latestStatuses(id);
    expect(statuses['api-health']).toMatchObject({ status: true, message: 'version 1.4.2', error: null });
    expect(statuses['api-down']).toMatchObject({ status: false, error: 'status 503' });
    expect(statuses['api-slow']!.error).toMatch(/^took \d+ ms, more than the threshold of 100 ms$/);
    expect(statuses['api-test-fails']).toMatchObject({ status: false, error: `test json.status == 'degraded' is false` });
    expect(statuses['port-open']).toMatchObject({ status: true });
    expect(statuses['port-closed']!.error).toMatch(/ECONNREFUSED/);
    expect(statuses['dns-a']).toMatchObject({ status: true, message: 'A api.pharos.test: 10.1.2.3' });
    expect(statuses['dns-missing']!.error).toBe('A nothing.pharos.test: no such name (NXDOMAIN)');
    expect(statuses['script-ok']).toMatchObject({ status: true, message: 'script said: disk 42% used' });
    expect(statuses['script-fails']).toMatchObject({ status: false, error: 'exit status 3: nope' });
    expect(statuses['needs-kubernetes']).toMatchObject({ invalid: true, error: 'helm checks need a Kubernetes cluster, which this Pharos is not connected to: the spec is kept' });

    const { rows: state } = await server.pool.query<{ name: string; status: string | null }>('select name, status from checks where canary_id = $1 order by name', [id]);
    expect(Object.fromEntries(state.map((row) => [row.name, row.status]))).toMatchObject({ 'api-health': 'healthy', 'api-down': 'unhealthy', 'needs-kubernetes': null });
    const { rows: hourly } = await server.pool.query<{ total: number }>('select sum(total)::int as total from check_statuses_1h h join checks c on c.id = h.check_id where c.canary_id = $1', [id]);
    expect(hourly[0]!.total).toBe(11);
  });

  it('Run Now runs one check for admin, editor, responder and commander, and not for a viewer', async () => {
    const id = await canaryId('loopback');
    const { rows } = await server.pool.query<{ id: string }>("select id from checks where canary_id = $1 and name = 'api-health'", [id]);
    const checkId = rows[0]!.id;
    for (const role of ['admin', 'editor', 'responder', 'commander'] as const) {
      const response = await fetch(`${server.url}/api/canary/run/check/${checkId}`, { method: 'POST', headers: { authorization: `Bearer ${await server.tokenFor([role])}` } });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ message: 'You have successfully initiated the check run.', status: 'healthy', output: 'version 1.4.2', error: null });
    }
    const viewer = await fetch(`${server.url}/api/canary/run/check/${checkId}`, { method: 'POST', headers: { authorization: `Bearer ${await server.tokenFor(['viewer'])}` } });
    expect(viewer.status).toBe(403);
    const { rows: count } = await server.pool.query<{ n: number }>('select count(*)::int as n from check_statuses where check_id = $1', [checkId]);
    expect(count[0]!.n).toBe(5);
  });

  it('removing a check from the spec deletes it; deleting the canary removes its schedule', async () => {
    const id = await canaryId('loopback');
    await server.pool.query("update canaries set spec = spec - 'dns' - 'exec' - 'helm' - 'tcp' where id = $1", [id]);
    await syncCanary(server.pool, id);
    const { rows } = await server.pool.query('select name from checks where canary_id = $1 and deleted_at is null order by name', [id]);
    expect(rows.map((row) => row.name)).toEqual(['api-down', 'api-health', 'api-slow', 'api-test-fails']);
    await server.pool.query('update canaries set deleted_at = now() where id = $1', [id]);
    await syncCanary(server.pool, id);
    expect((await server.pool.query('select 1 from job_schedules where key = $1', [`canary:${id}`])).rowCount).toBe(0);
  });
});

describe('on the engine', () => {
  it('syncs a new canary from its event and runs it on its schedule, recorded in job history', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 4 });
    const engine = new Engine({ pool, logger: silentLogger(), metrics: new Registry(), config: { ...loadEngineConfig(), schedulerIntervalMs: 200 }, events: { pollIntervalMs: 200 } });
    engine.define(canaryRunJob({ pool, sandbox, secrets: TEST_SECRETS }));
    engine.events.on(['canary.changed'], canaryChangedHandler(pool));
    await engine.start();
    try {
      await apply(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: every-second}
spec:
  schedule: "@every 1s"
  tcp:
    - name: port-open
      endpoint: 127.0.0.1:${tcpPort}
`);
      const id = await canaryId('every-second');
      await expect
        .poll(async () => (await pool.query<{ n: number }>('select count(*)::int as n from check_statuses s join checks c on c.id = s.check_id where c.canary_id = $1', [id])).rows[0]!.n, { timeout: 20_000, interval: 250 })
        .toBeGreaterThanOrEqual(2);
      // The newest finished run: the next one may already be under way (RUNNING) on a busy machine.
      const { rows } = await pool.query<{ status: string; success_count: number }>(
        "select status, success_count from job_histories where resource_id = $1 and name = 'CanaryRun' and status <> 'RUNNING' order by created_at desc limit 1",
        [id],
      );
      expect(rows[0]).toMatchObject({ status: 'SUCCESS', success_count: 1 });
    } finally {
      await engine.stop();
      await pool.end();
    }
  });
});
