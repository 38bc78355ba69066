import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScraper } from '../../src/catalog/run-scraper.js';
import { loadEngineConfig } from '../../src/engine/config.js';
import { Engine } from '../../src/engine/engine.js';
import { canaryRunJob, runCanary } from '../../src/health/run-canary.js';
import { canaryChangedHandler, syncCanary } from '../../src/health/sync.js';
import { silentLogger } from '../../src/logger.js';
import { registerTopology } from '../../src/topology/engine/register.js';
import { TEST_SECRETS } from '../support/server.js';
import { named, topologyTest, type ComponentRow } from './engine-support/setup.js';

/**
 * On the engine, as `pharos serve` runs it: applying a Topology schedules and runs it (job history,
 * resource type topology); components link the checks a canary runs against a loopback HTTP server,
 * the catalog items a file scrape finds, inline checks and components of another topology; their
 * health follows those checks and items as they change, without waiting for the next run, with
 * component.* events; a status expression overrides it; a component dropped from the spec is
 * soft-deleted by the run its apply starts.
 */

const env = topologyTest();
let pool: pg.Pool;
let engine: Engine;
let http: Server;
let base = '';
let flakyCode = 200;
let dir = '';

beforeAll(async () => {
  http = createServer((request, response) => {
    if (request.url === '/flaky') response.writeHead(flakyCode).end('flaky');
    else response.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(tmpdir(), 'pharos-topology-'));
  pool = new pg.Pool({ connectionString: env.database.url, max: 8 });
  engine = new Engine({ pool, logger: silentLogger(), metrics: new Registry(), config: { ...loadEngineConfig(), schedulerIntervalMs: 200 }, events: { pollIntervalMs: 200 } });
  const options = { pool, sandbox: env.sandbox, secrets: TEST_SECRETS };
  engine.define(canaryRunJob(options));
  engine.events.on(['canary.changed'], canaryChangedHandler(pool));
  registerTopology(engine, options);
  await engine.start();
});

afterAll(async () => {
  await engine?.stop();
  await pool?.end();
  await new Promise((resolve) => http?.close(resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function scrapeQueues(health: string): Promise<void> {
  await writeFile(path.join(dir, 'queues.json'), JSON.stringify({ queues: [{ name: 'orders', depth: 3, health }, { name: 'emails', depth: 0, health: 'healthy' }] }));
  const { rows } = await env.server.pool.query<{ id: string }>("SELECT id FROM config_scrapers WHERE name = 'queues' AND deleted_at IS NULL");
  await runScraper({ pool: env.server.pool, secrets: TEST_SECRETS, sandbox: env.sandbox, baseDir: dir }, rows[0]!.id, AbortSignal.timeout(30_000));
}

async function runFlaky(code: number): Promise<void> {
  flakyCode = code;
  const { rows } = await env.server.pool.query<{ id: string }>("SELECT id FROM canaries WHERE name = 'web-checks' AND deleted_at IS NULL");
  await runCanary({ pool: env.server.pool, sandbox: env.sandbox, secrets: TEST_SECRETS }, { canaryId: rows[0]!.id }, AbortSignal.timeout(30_000));
}

function spec(withExtra: boolean, withLinks = true): string {
  return `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: shop
spec:
  schedule: '@every 1h'
  components:
    - name: api
      type: API
${withLinks ? '      checks:\n        - selector:\n            name: flaky\n' : ''}    - name: gate
      type: Gate
      statusExpr: "summary.checks.unhealthy > 0 ? 'warning' : 'healthy'"
      checks:
        - selector:
            labelSelector: app=shop
    - name: queues
      type: Queues
      configs:
        - types: [MQ::Queue]
      properties:
        - name: orders
          unit: messages
          configLookup:
            config:
              name: orders
              type: MQ::Queue
            display:
              template: "{{ .config.depth }}"
    - name: inline
      type: Probe
${withLinks ? `      checks:\n        - inline:\n            http:\n              - name: inline-ok\n                url: ${base}/ok\n` : ''}    - name: platform
      type: Platform
      selectors:
        - labelSelector: attach=yes
${withExtra ? '    - name: extra\n      type: Extra\n' : ''}`;
}

function otherTopology(health: string): string {
  return `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: other
spec:
  components:
    - name: shared-cache
      type: Cache
      labels:
        attach: 'yes'
      health: ${health}
`;
}

async function components(): Promise<ComponentRow[]> {
  return env.components('shop');
}

describe('topologies on the engine', () => {
  it('runs when applied, on its schedule, as TopologyRun jobs in job history', async () => {
    await env.apply(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: web-checks
spec:
  schedule: '@every 1h'
  http:
    - name: flaky
      url: ${base}/flaky
      responseCodes: [200]
      labels:
        app: shop
---
apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: queues
spec:
  schedule: '@every 1h'
  file:
    - type: MQ::Queue
      id: $.name
      name: $.name
      health: $.health
      items: $.queues[*]
      paths: [queues.json]
---
${otherTopology('warning')}`);
    const { rows: canaries } = await env.server.pool.query<{ id: string }>("SELECT id FROM canaries WHERE name = 'web-checks'");
    await syncCanary(env.server.pool, canaries[0]!.id);
    await runFlaky(200);
    await scrapeQueues('healthy');
    await expect.poll(async () => (await env.components('other')).length, { timeout: 20_000, interval: 200 }).toBe(2);
    await env.apply(spec(true));
    const id = await env.topologyId('shop');
    await expect.poll(async () => (await components()).filter((row) => row.deleted_at === null).length, { timeout: 20_000, interval: 200 }).toBe(7);
    await expect
      .poll(async () => (await pool.query<{ status: string }>("SELECT status FROM job_histories WHERE name = 'TopologyRun' AND resource_id = $1 AND resource_type = 'topology'", [id])).rows.map((row) => row.status), {
        timeout: 20_000,
        interval: 200,
      })
      .toContain('SUCCESS');
    const { rows: schedules } = await pool.query<{ schedule: string; task: string }>('SELECT schedule, task FROM job_schedules WHERE key = $1', [`topology:${id}`]);
    expect(schedules).toEqual([{ schedule: '@every 1h', task: 'TopologyRun' }]);
  });

  it('links checks, catalog items and attached components, and takes health and properties from them', async () => {
    const rows = await components();
    const api = named(rows, 'api');
    expect(api).toMatchObject({ status: 'healthy', health: 'healthy', status_reason: null });
    const { rows: checkLinks } = await pool.query<{ name: string }>(
      'SELECT ck.name FROM checks_by_component r JOIN checks ck ON ck.id = r.id WHERE r.component_id = $1',
      [api.id],
    );
    expect(checkLinks.map((row) => row.name)).toEqual(['flaky']);
    const queues = named(rows, 'queues');
    expect(queues.properties).toEqual([{ name: 'orders', unit: 'messages', value: 3 }]);
    const { rows: configLinks } = await pool.query<{ name: string; selector_id: string }>(
      'SELECT c.name, r.selector_id FROM config_component_relationships r JOIN configs c ON c.id = r.config_id WHERE r.component_id = $1 AND r.deleted_at IS NULL ORDER BY c.name',
      [queues.id],
    );
    expect(configLinks.map((row) => row.name)).toEqual(['emails', 'orders']);
    expect(configLinks.every((row) => row.selector_id !== 'manual' && row.selector_id !== null)).toBe(true);
    expect(queues.health).toBe('healthy');
    const platform = named(rows, 'platform');
    const { rows: attached } = await pool.query<{ name: string }>(
      'SELECT c.name FROM component_relationships r JOIN components c ON c.id = r.component_id WHERE r.relationship_id = $1 AND r.deleted_at IS NULL',
      [platform.id],
    );
    expect(attached.map((row) => row.name)).toEqual(['shared-cache']);
    expect(platform).toMatchObject({ health: 'warning', status_reason: 'component shared-cache is warning' });
  });

  it('follows a component attached from another topology when the run of that topology changes its health', async () => {
    await env.apply(otherTopology('unhealthy'));
    await expect.poll(async () => named(await components(), 'platform').health, { timeout: 20_000, interval: 200 }).toBe('unhealthy');
    expect(named(await components(), 'platform').status_reason).toBe('component shared-cache is unhealthy');
    await env.apply(otherTopology('warning'));
    await expect.poll(async () => named(await components(), 'platform').health, { timeout: 20_000, interval: 200 }).toBe('warning');
  });

  it('makes a canary of inline checks, whose results reach the component', async () => {
    const inline = named(await components(), 'inline');
    const { rows } = await pool.query<{ name: string; source: string }>(
      'SELECT ck.name, cn.source FROM check_component_relationships r JOIN checks ck ON ck.id = r.check_id JOIN canaries cn ON cn.id = ck.canary_id WHERE r.component_id = $1 AND r.deleted_at IS NULL',
      [inline.id],
    );
    expect(rows).toEqual([{ name: 'inline-ok', source: `component/${inline.id}` }]);
    await expect.poll(async () => named(await components(), 'inline').health, { timeout: 20_000, interval: 200 }).toBe('healthy');
  });

  it('changes health as a linked check changes, without a topology run, and emits component events', async () => {
    const runs = async () => (await pool.query("SELECT count(*)::int AS n FROM job_histories WHERE name = 'TopologyRun'")).rows[0].n as number;
    const before = await runs();
    await runFlaky(500);
    await expect.poll(async () => named(await components(), 'api').health, { timeout: 20_000, interval: 200 }).toBe('unhealthy');
    const rows = await components();
    const api = named(rows, 'api');
    expect(api).toMatchObject({ status: 'unhealthy', status_reason: 'check flaky is unhealthy' });
    expect(named(rows, 'gate')).toMatchObject({ status: 'warning', health: 'warning', status_reason: 'statusExpr: warning' });
    await expect.poll(async () => named(await components(), 'shop').health, { timeout: 20_000, interval: 200 }).toBe('unhealthy');
    expect(named(await components(), 'shop').status_reason).toMatch(/component api is unhealthy/);
    const events = await pool.query<{ name: string }>("SELECT name FROM event_queue WHERE subject_id = $1 AND name LIKE 'component.%' ORDER BY created_at", [api.id]);
    expect(events.rows.map((row) => row.name)).toContain('component.unhealthy');

    await runFlaky(200);
    await expect.poll(async () => named(await components(), 'api').health, { timeout: 20_000, interval: 200 }).toBe('healthy');
    expect(named(await components(), 'gate').health).toBe('healthy');
    expect(await runs()).toBe(before);
  });

  it('changes health as a linked catalog item changes', async () => {
    await scrapeQueues('unhealthy');
    await expect.poll(async () => named(await components(), 'queues').health, { timeout: 20_000, interval: 200 }).toBe('unhealthy');
    expect(named(await components(), 'queues').status_reason).toBe('config orders is unhealthy');
    await scrapeQueues('healthy');
    await expect.poll(async () => named(await components(), 'queues').health, { timeout: 20_000, interval: 200 }).toBe('healthy');
  });

  it('soft-deletes a component dropped from the spec on the run its apply starts', async () => {
    const extra = named(await components(), 'extra');
    await env.apply(spec(false));
    await expect.poll(async () => (await components()).find((row) => row.id === extra.id)?.deleted_at ?? null, { timeout: 20_000, interval: 200 }).toBeInstanceOf(Date);
    expect(named(await components(), 'api').id).toBeDefined();
  });

  it('unlinks checks and deletes the inline canary when the spec no longer asks for them', async () => {
    const before = await components();
    await env.apply(spec(false, false));
    const api = named(before, 'api');
    const inline = named(before, 'inline');
    const links = async (id: string) => (await pool.query('SELECT 1 FROM check_component_relationships WHERE component_id = $1 AND deleted_at IS NULL', [id])).rowCount;
    await expect.poll(() => links(api.id), { timeout: 20_000, interval: 200 }).toBe(0);
    await expect.poll(() => links(inline.id), { timeout: 20_000, interval: 200 }).toBe(0);
    const { rows } = await pool.query<{ deleted: boolean }>('SELECT deleted_at IS NOT NULL AS deleted FROM canaries WHERE source = $1', [`component/${inline.id}`]);
    expect(rows).toEqual([{ deleted: true }]);
    await expect.poll(async () => named(await components(), 'api').health, { timeout: 20_000, interval: 200 }).toBe('unknown');
    expect(named(await components(), 'api').id).toBe(api.id);
  });

  it('soft-deletes every component of a deleted topology', async () => {
    expect(named(await components(), 'platform').health).toBe('warning');
    await pool.query("UPDATE topologies SET deleted_at = now() WHERE name = 'other'");
    await expect.poll(async () => (await env.components('other')).every((row) => row.deleted_at !== null), { timeout: 20_000, interval: 200 }).toBe(true);
    // The component it had attached under another topology's no longer counts there.
    await expect.poll(async () => named(await components(), 'platform').health, { timeout: 20_000, interval: 200 }).toBe('unknown');
    const id = (await pool.query<{ id: string }>("SELECT id FROM topologies WHERE name = 'other'")).rows[0]!.id;
    expect((await pool.query('SELECT 1 FROM job_schedules WHERE key = $1', [`topology:${id}`])).rowCount).toBe(0);
  });

  it('never runs a topology twice at once, even when a run takes longer than its schedule', async () => {
    await env.apply(`apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: slow
spec:
  schedule: '@every 1s'
  components:
    - name: sleeper
      properties:
        - name: waited
          lookup:
            exec:
              - script: sleep 1.5; echo done
`);
    const id = await env.topologyId('slow');
    const finished = async () =>
      (await pool.query<{ time_start: Date; time_end: Date }>("SELECT time_start, time_end FROM job_histories WHERE name = 'TopologyRun' AND resource_id = $1 AND time_end IS NOT NULL ORDER BY time_start", [id])).rows;
    await expect.poll(async () => (await finished()).length, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(3);
    const runs = await finished();
    for (let index = 1; index < runs.length; index++) expect(runs[index]!.time_start.getTime()).toBeGreaterThanOrEqual(runs[index - 1]!.time_end.getTime());
    expect(named(await env.components('slow'), 'sleeper').properties).toEqual([{ name: 'waited', text: 'done' }]);
    await pool.query("UPDATE topologies SET deleted_at = now() WHERE name = 'slow'");
  });
});
