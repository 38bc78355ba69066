import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScraper } from '../../src/catalog/run-scraper.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * POST /api/catalog/summary over a catalog scraped from a file this test writes (full mode, so the
 * file lists each item's changes and insights): groups, counts, health, status, changes and open
 * insights within 30 days, cost, deleted items, label/tag/health filters, against numbers worked out
 * by hand from the file. Costs come from cloud billing scrapers, which cannot run here, so they are
 * written to the rows directly.
 */

let database: FreshDatabase;
let server: TestServer;
let sandbox: ExpressionSandbox;
let dir: string;
let token: string;

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

interface Item {
  id: string;
  kind: string;
  class: string;
  status: string;
  health: string;
  team: string;
  region: string;
}

function fleet(options: { withCache: boolean; webPerformance: boolean }) {
  const item = (config: Item, extra: { changes?: unknown[]; analysis?: unknown[] } = {}) => ({ config, changes: extra.changes ?? [], analysis: extra.analysis ?? [] });
  return [
    item(
      { id: 'api', kind: 'Shop::Service', class: 'Service', status: 'Running', health: 'healthy', team: 'platform', region: 'eu' },
      {
        changes: [
          { change_type: 'Deployed', external_change_id: 'api-1', summary: 'api 1.4', created_at: ago(DAY) },
          { change_type: 'Deployed', external_change_id: 'api-0', summary: 'api 1.3', created_at: ago(60 * DAY) },
        ],
        analysis: [{ analyzer: 'open-port', analysis_type: 'security', severity: 'high', summary: 'port 22 is open' }],
      },
    ),
    item(
      { id: 'web', kind: 'Shop::Service', class: 'Service', status: 'Running', health: 'healthy', team: 'web', region: 'us' },
      {
        analysis: [
          { analyzer: 'idle', analysis_type: 'cost', severity: 'info', summary: 'idle at night' },
          ...(options.webPerformance ? [{ analyzer: 'slow', analysis_type: 'performance', severity: 'warning', summary: 'p95 over 1s' }] : []),
        ],
      },
    ),
    item(
      { id: 'worker', kind: 'Shop::Service', class: 'Service', status: 'Stopped', health: 'unhealthy', team: 'platform', region: 'eu' },
      { changes: [{ change_type: 'Restarted', external_change_id: 'worker-1', summary: 'restarted', created_at: ago(2 * DAY) }] },
    ),
    item({ id: 'orders-db', kind: 'Shop::Database', class: 'Database', status: 'Running', health: 'warning', team: 'data', region: 'eu' }),
    ...(options.withCache ? [item({ id: 'cache', kind: 'Shop::Database', class: 'Database', status: 'Running', health: 'healthy', team: 'data', region: 'us' })] : []),
  ];
}

async function summary(body: unknown, bearer = token): Promise<Response> {
  return fetch(`${server.url}/api/catalog/summary`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function rows(body: unknown): Promise<Array<Record<string, unknown>>> {
  const response = await summary(body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Array<Record<string, unknown>>;
}

const window30d = { changes: { since: '30d' }, analysis: { since: '30d' }, cost: '30d' };

beforeAll(async () => {
  database = await freshDatabase();
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox }, database.url);
  token = await server.tokenFor(['viewer']);
  dir = await mkdtemp(path.join(tmpdir(), 'pharos-summary-'));
  const file = path.join(dir, 'fleet.json');
  await writeFile(file, JSON.stringify(fleet({ withCache: true, webPerformance: true })));
  const admin = await server.tokenFor(['admin']);
  const applied = await fetch(`${server.url}/api/apply`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/yaml' },
    body: `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: fleet
spec:
  full: true
  retention:
    staleItemAge: 0s
  file:
    - type: $.config.kind
      class: $.config.class
      id: $.config.id
      name: $.config.id
      status: $.config.status
      health: $.config.health
      items: $[*]
      labels:
        team: $.config.team
      tags:
        region: $.config.region
      paths: [fleet.json]
`,
  });
  expect(applied.status, await applied.clone().text()).toBe(200);
  const { resources } = (await applied.json()) as { resources: Array<{ id: string }> };
  const run = async () => {
    const result = await runScraper({ pool: server.pool, secrets: TEST_SECRETS, sandbox, baseDir: dir }, resources[0]!.id, AbortSignal.timeout(30_000));
    expect(result.errors).toEqual([]);
  };
  await run();
  // The second scrape no longer finds the cache (deleted) nor web's slow insight (resolved).
  await writeFile(file, JSON.stringify(fleet({ withCache: false, webPerformance: false })));
  await run();
  await server.pool.query("update configs set cost_total_1d = 2, cost_total_7d = 10, cost_total_30d = 30, cost_per_minute = 0.001 where name = 'api'");
  await server.pool.query("update configs set cost_total_1d = 1.5, cost_total_7d = 12, cost_total_30d = 60.5 where name = 'web'");
}, 120_000);

afterAll(async () => {
  await server?.close();
  await sandbox?.close();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('POST /api/catalog/summary', () => {
  it('groups live configs by config_class and type by default, with health, status, changes and open insights of the last 30 days, and cost', async () => {
    const result = await rows(window30d);
    expect(result).toHaveLength(2);
    expect(result[0]).toMatchObject({
      config_class: 'Database',
      type: 'Shop::Database',
      count: 1,
      deleted: 0,
      health: { warning: 1 },
      status: { Running: 1 },
      changes: 0,
      analysis: {},
      cost: 0,
    });
    expect(result[1]).toMatchObject({
      config_class: 'Service',
      type: 'Shop::Service',
      count: 3,
      health: { healthy: 2, unhealthy: 1 },
      status: { Running: 2, Stopped: 1 },
      // api's deploy of yesterday and worker's restart; api's deploy of 60 days ago is outside.
      changes: 2,
      // web's slow insight was resolved by the second scrape.
      analysis: { security: 1, cost: 1 },
      cost: 90.5,
      cost_total_1d: 3.5,
      cost_total_7d: 22,
      cost_total_30d: 90.5,
      cost_per_minute: 0.001,
    });
    expect(Date.now() - Date.parse(result[1]!.last_scraped_time as string)).toBeLessThan(120_000);
    expect(Object.keys(result[1]!).sort()).toEqual(
      ['analysis', 'changes', 'config_class', 'cost', 'cost_per_minute', 'cost_total_1d', 'cost_total_30d', 'cost_total_7d', 'count', 'created_at', 'deleted', 'health', 'last_scraped_time', 'status', 'type', 'updated_at'].sort(),
    );
  });

  it('counts deleted configs with deleted true, and uses the cost window asked for', async () => {
    const result = await rows({ ...window30d, deleted: true, cost: '1d', groupBy: ['type'] });
    expect(result.map((row) => [row.type, row.count, row.deleted, row.health, row.cost])).toEqual([
      ['Shop::Database', 2, 1, { warning: 1, healthy: 1 }, 0],
      ['Shop::Service', 3, 0, { healthy: 2, unhealthy: 1 }, 3.5],
    ]);
  });

  // Grouped by health, a row's health is the count map of its one health value.
  it('groups by a tag with the __tag suffix, and by tag and column together', async () => {
    expect((await rows({ groupBy: ['region__tag'] })).map((row) => [row.region__tag, row.count])).toEqual([
      ['eu', 3],
      ['us', 1],
    ]);
    expect((await rows({ groupBy: ['region__tag', 'health'] })).map((row) => [row.region__tag, row.health, row.count])).toEqual([
      ['eu', { healthy: 1 }, 1],
      ['eu', { unhealthy: 1 }, 1],
      ['eu', { warning: 1 }, 1],
      ['us', { healthy: 1 }, 1],
    ]);
  });

  it('filters by the label map, health and status, including and excluding', async () => {
    const byType = (result: Array<Record<string, unknown>>) => result.map((row) => [row.type, row.count]);
    expect(byType(await rows({ filter: { team: 'platform' } }))).toEqual([['Shop::Service', 2]]);
    expect(byType(await rows({ filter: { team: 'platform,data' } }))).toEqual([
      ['Shop::Database', 1],
      ['Shop::Service', 2],
    ]);
    expect(byType(await rows({ filter: { team: '!platform' } }))).toEqual([
      ['Shop::Database', 1],
      ['Shop::Service', 1],
    ]);
    expect(byType(await rows({ health: 'healthy:-1' }))).toEqual([
      ['Shop::Database', 1],
      ['Shop::Service', 1],
    ]);
    expect(byType(await rows({ health: 'healthy,unhealthy', status: 'Stopped' }))).toEqual([['Shop::Service', 1]]);
    expect(byType(await rows({ tags: { region: 'us' } }))).toEqual([['Shop::Service', 1]]);
    expect(await rows({ filter: { team: 'nobody' } })).toEqual([]);
  });

  it('refuses a groupBy it does not know and a wrong window, and asks who is calling', async () => {
    const unknown = await summary({ groupBy: ['config; drop table configs'] });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/groupBy 'config; drop table configs' is not one of type, config_class/);
    const window = await summary({ changes: { since: 'a month' } });
    expect(window.status).toBe(400);
    expect(((await window.json()) as { message: string }).message).toBe("changes.since must be a duration such as 30d, not 'a month'");
    expect((await summary({ cost: '90d' })).status).toBe(400);
    const anonymous = await fetch(`${server.url}/api/catalog/summary`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(anonymous.status).toBe(401);
  });

  it('answers the filter options and the flat list through the data service', async () => {
    const get = async (relation: string) => {
      const response = await fetch(`${server.url}/api/db/${relation}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, relation).toBe(200);
      return response.json();
    };
    expect(await get('config_types?order=type')).toEqual([
      { type: 'Shop::Database', count: 1 },
      { type: 'Shop::Service', count: 3 },
    ]);
    expect(await get('config_labels?key=eq.team&order=value')).toEqual([
      { key: 'team', value: 'data' },
      { key: 'team', value: 'platform' },
      { key: 'team', value: 'web' },
    ]);
    expect(await get('config_tags?order=value')).toEqual([
      { key: 'region', value: 'eu' },
      { key: 'region', value: 'us' },
    ]);
    expect(await get('config_statuses?order=status')).toEqual([{ status: 'Running' }, { status: 'Stopped' }]);
    const list = (await get(
      'configs?select=name,health,deleted_at,config_items_last_scraped_time(last_scraped_time)&type=eq.Shop::Service&labels=cs.{"team":"platform"}&deleted_at=is.null&order=name',
    )) as Array<{ name: string; config_items_last_scraped_time: Array<{ last_scraped_time: string }> }>;
    expect(list.map((row) => row.name)).toEqual(['api', 'worker']);
    expect(Date.now() - Date.parse(list[0]!.config_items_last_scraped_time[0]!.last_scraped_time)).toBeLessThan(120_000);
  });

  it('answers the flat list queries of /catalog: search, labels of one of several values, excludes, health, deleted last', async () => {
    const names = async (query: string) => {
      const response = await fetch(`${server.url}/api/db/configs?select=name&${query}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as Array<{ name: string }>).map((row) => row.name);
    };
    const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
    expect(await names(q({ or: '(name.ilike.*ORK*,type.ilike.*ORK*,description.ilike.*ORK*,namespace.ilike.*ORK*)', order: 'name.asc' }))).toEqual(['worker']);
    expect(await names(q({ or: '(labels.cs."{\\"team\\":\\"web\\"}",labels.cs."{\\"team\\":\\"data\\"}")', 'deleted_at': 'is.null', order: 'name.asc' }))).toEqual(['orders-db', 'web']);
    expect(await names(q({ labels: 'not.cs.{"team":"platform"}', health: 'not.in.(warning)', order: 'name.asc' }))).toEqual(['cache', 'web']);
    expect(await names(q({ type: 'eq.Shop::Database', order: 'deleted_at.desc.nullsfirst,type.asc,name.asc' }))).toEqual(['orders-db', 'cache']);
  });
});
