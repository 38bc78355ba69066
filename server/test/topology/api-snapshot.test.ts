import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';
import { TopologySeed } from './api-seed.js';

/**
 * GET /api/snapshot/topology/{id}?start&related: the zip of a component with its checks (a real HTTP
 * check run against a loopback server, its statuses within the range), catalog items, changes,
 * insights and incidents; with related, its parent and children too. Rows older than the range stay
 * out. The archive is read back with the same zip library.
 */

let database: FreshDatabase;
let server: TestServer;
let sandbox: ExpressionSandbox;
let http: Server;
let token: string;
const ids: Record<string, string> = {};

type Row = Record<string, unknown>;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({}, database.url);
  sandbox = new ExpressionSandbox();
  token = await server.tokenFor(['viewer']);
  http = createServer((request, response) => response.writeHead(request.url === '/health' ? 200 : 503).end('ok'));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const applied = await fetch(`${server.url}/api/apply`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await server.tokenFor(['admin'])}`, 'content-type': 'application/yaml' },
    body: `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: shop-checks}
spec:
  schedule: "@every 1h"
  http:
    - {name: api-health, url: "${url}/health"}
    - {name: web-health, url: "${url}/down"}
`,
  });
  expect(applied.status, await applied.clone().text()).toBe(200);
  const canary = (await server.pool.query<{ id: string }>(`SELECT id FROM canaries WHERE name = 'shop-checks'`)).rows[0]!.id;
  await syncCanary(server.pool, canary);
  await runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId: canary }, AbortSignal.timeout(30_000));
  await runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId: canary }, AbortSignal.timeout(30_000));
  const check = async (name: string) => (await server.pool.query<{ id: string }>('SELECT id FROM checks WHERE name = $1', [name])).rows[0]!.id;
  ids.apiCheck = await check('api-health');
  ids.webCheck = await check('web-health');
  // A status from three hours ago, outside a 1h range.
  await server.pool.query(`INSERT INTO check_statuses (check_id, time, status, duration) VALUES ($1, now() - interval '3 hours', false, 5)`, [ids.apiCheck]);

  const seed = new TopologySeed(server.pool);
  ids.shop = await seed.component({ name: 'shop', type: 'System' });
  ids.api = await seed.component({ name: 'api', parent: ids.shop, type: 'Service' });
  ids.pod = await seed.component({ name: 'pod-1', parent: ids.api, type: 'Pod' });
  ids.web = await seed.component({ name: 'web', parent: ids.shop, type: 'Service' });
  await seed.linkCheck(ids.api, ids.apiCheck);
  await seed.linkCheck(ids.pod, ids.webCheck);

  ids.orders = await seed.config('orders-db', ids.api);
  await server.pool.query(
    `INSERT INTO config_changes (config_id, change_type, summary, created_at) VALUES ($1, 'Deployed', 'v2', now() - interval '10 minutes'), ($1, 'Deployed', 'v1', now() - interval '2 days')`,
    [ids.orders],
  );
  await seed.insight(ids.orders, 'security', 'high');
  const resolved = await seed.insight(ids.orders, 'cost', 'low', 'resolved');
  await server.pool.query(`UPDATE config_analysis SET last_observed = now() - interval '5 days' WHERE id = $1`, [resolved]);
  ids.podConfig = await seed.config('pod-config', ids.pod);
  ids.incident = await seed.incident({ title: 'api slow', type: 'performance', severity: 'high', status: 'open', components: [ids.api] });
  await seed.incident({ title: 'web down', type: 'availability', severity: 'critical', status: 'open', components: [ids.web] });
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  await server?.close();
  await sandbox?.close();
  await database?.drop();
});

function snapshot(id: string, query: string): Promise<Response> {
  return fetch(`${server.url}/api/snapshot/topology/${id}${query}`, { headers: { authorization: `Bearer ${token}` } });
}

async function archive(id: string, query: string): Promise<Record<string, unknown>> {
  const response = await snapshot(id, query);
  expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="snapshot-[a-z-]+-[0-9TZ-]+\.zip"$/);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, JSON.parse(strFromU8(bytes)) as unknown]));
}

const names = (rows: unknown) => (rows as Row[]).map((r) => r.name ?? r.summary ?? r.title ?? r.analysis_type).sort();

describe('GET /api/snapshot/topology/{id}', () => {
  it('archives the component with its checks and statuses, configs, changes, insights and incidents over the range', async () => {
    const files = await archive(ids.api!, '?start=1h&related=false');
    expect(Object.keys(files).sort()).toEqual(['changes.json', 'checks.json', 'components.json', 'configs.json', 'incidents.json', 'insights.json', 'snapshot.json']);
    expect(names(files['components.json'])).toEqual(['api']);
    const checks = files['checks.json'] as Row[];
    expect(checks.map((c) => [c.name, c.status, c.canary_name])).toEqual([['api-health', 'healthy', 'shop-checks']]);
    const statuses = checks[0]!.statuses as Row[];
    // The two runs, not the status of three hours ago.
    expect(statuses.map((s) => s.status)).toEqual([true, true]);
    expect(names(files['configs.json'])).toEqual(['orders-db']);
    expect(names(files['changes.json'])).toEqual(['v2']);
    expect(names(files['insights.json'])).toEqual(['security']);
    expect((files['incidents.json'] as Row[]).map((i) => [i.title, i.status, i.component_ids])).toEqual([['api slow', 'open', [ids.api]]]);
    expect(files['snapshot.json']).toMatchObject({
      component_id: ids.api,
      component_name: 'api',
      related: false,
      counts: { components: 1, checks: 1, configs: 1, changes: 1, insights: 1, incidents: 1 },
      truncated: [],
    });
    const manifest = files['snapshot.json'] as { start: string; end: string };
    expect(Date.parse(manifest.end) - Date.parse(manifest.start)).toBe(3_600_000);
  });

  it('with related takes the parents and children too, and a longer range older rows', async () => {
    const files = await archive(ids.api!, '?start=3d&related=true');
    expect(names(files['components.json'])).toEqual(['api', 'pod-1', 'shop']);
    const checks = files['checks.json'] as Row[];
    expect(checks.map((c) => [c.name, c.status])).toEqual([['api-health', 'healthy'], ['web-health', 'unhealthy']]);
    expect((checks[0]!.statuses as Row[]).map((s) => s.status)).toEqual([true, true, false]);
    expect((checks[1]!.statuses as Row[]).map((s) => [s.status, s.error])).toEqual([[false, 'status 503'], [false, 'status 503']]);
    expect(names(files['configs.json'])).toEqual(['orders-db', 'pod-config']);
    expect(names(files['changes.json'])).toEqual(['v1', 'v2']);
    // web is a sibling, not a parent or a child: its incident stays out.
    expect(names(files['incidents.json'])).toEqual(['api slow']);
    expect(names((await archive(ids.api!, '?start=7d'))['insights.json'])).toEqual(['cost', 'security']);
  });

  it('starts over the first of the dashboard ranges when start is not given', async () => {
    const manifest = (await archive(ids.api!, ''))['snapshot.json'] as { start: string; end: string; related: boolean };
    expect(Date.parse(manifest.end) - Date.parse(manifest.start)).toBe(30 * 60_000);
    expect(manifest.related).toBe(false);
  });

  it('answers 404 with a message for an unknown component, and 400 for a wrong parameter', async () => {
    const missing = await snapshot('0b6f3c2a-1d4e-4f5a-8b9c-0d1e2f3a4b5c', '?start=1h');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('Component 0b6f3c2a-1d4e-4f5a-8b9c-0d1e2f3a4b5c not found');
    const cases: Array<[string, string, RegExp]> = [
      ['not-an-id', '?start=1h', /The component id must be a UUID/],
      [ids.api!, '?start=yesterday', /start must be a duration such as 30m, 1h or 2d/],
      [ids.api!, '?start=90d', /at most 30d/],
      [ids.api!, '?related=yes', /related must be true or false/],
      [ids.api!, '?since=1h', /Unknown parameter since/],
    ];
    for (const [id, query, message] of cases) {
      const response = await snapshot(id, query);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    expect((await fetch(`${server.url}/api/snapshot/topology/${ids.api}`)).status).toBe(401);
  });
});
