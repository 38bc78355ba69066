import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScraper } from '../../src/catalog/run-scraper.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * The reads of a config's detail page through the data service, for an item a file scrape wrote:
 * `config_detail` with its scraper, agent and the counts of its tabs, `config_names`, and when a
 * scrape last saw it (`config_items_last_scraped_time`).
 */

let database: FreshDatabase;
let server: TestServer;
let sandbox: ExpressionSandbox;
let dir: string;
let token: string;

beforeAll(async () => {
  database = await freshDatabase();
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox }, database.url);
  token = await server.tokenFor(['viewer']);
  dir = await mkdtemp(path.join(tmpdir(), 'pharos-detail-reads-'));
});

afterAll(async () => {
  await server?.close();
  await sandbox?.close();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function get<T>(url: string): Promise<T> {
  const response = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

const SPEC = `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: shop
spec:
  full: true
  file:
    - type: Shop::Service
      class: Service
      id: $.name
      name: $.name
      items: $.services[*]
      labels:
        team: $.team
      tags:
        - name: env
          value: prod
      paths: [shop.json]
      transform:
        relationship:
          - filter: config_type == 'Shop::Service'
            type:
              value: Shop::Database
            name:
              expr: config.database
    - type: Shop::Database
      id: $.name
      name: $.name
      items: $.databases[*]
      paths: [shop.json]
`;

const shop = (replicas: number) =>
  JSON.stringify({
    services: [{ name: 'checkout', team: 'payments', replicas, database: 'orders' }],
    databases: [{ name: 'orders' }],
  });

interface Detail {
  id: string;
  name: string;
  type: string;
  config_class: string;
  labels: Record<string, string>;
  tags: Record<string, string>;
  config: Record<string, unknown>;
  scraper_id: string;
  config_scrapers: { id: string; name: string } | null;
  agent: { id: string; name: string };
  summary: { changes: number; analysis: number; relationships: number; playbook_runs: number; checks: number };
}

describe('config detail reads', () => {
  it('answer config_detail and config_names for a scraped item, with the counts of its tabs', async () => {
    await writeFile(path.join(dir, 'shop.json'), shop(2));
    const admin = await server.tokenFor(['admin']);
    const applied = await fetch(`${server.url}/api/apply`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/yaml' },
      body: SPEC,
    });
    expect(applied.status).toBe(200);
    const scraperId = ((await applied.json()) as { resources: Array<{ id: string }> }).resources[0]!.id;
    const run = () => runScraper({ pool: server.pool, secrets: TEST_SECRETS, sandbox, baseDir: dir }, scraperId, AbortSignal.timeout(30_000));
    expect((await run()).errors).toEqual([]);
    await writeFile(path.join(dir, 'shop.json'), shop(3));
    expect((await run()).errors).toEqual([]);

    const [item] = await get<Array<{ id: string }>>('/api/db/configs?name=eq.checkout&select=id');
    const id = item!.id;
    const [detail, ...more] = await get<Detail[]>(`/api/db/config_detail?id=eq.${id}`);
    expect(more).toEqual([]);
    expect(detail).toMatchObject({
      id,
      name: 'checkout',
      type: 'Shop::Service',
      config_class: 'Service',
      labels: { team: 'payments' },
      tags: { env: 'prod' },
      config: { name: 'checkout', replicas: 3 },
      scraper_id: scraperId,
      config_scrapers: { id: scraperId, name: 'shop' },
      agent: { id: '00000000-0000-0000-0000-000000000000' },
    });
    // The second scrape changed replicas: one diff change; checkout -> orders is one relationship.
    expect(detail!.summary).toEqual({ changes: 1, analysis: 0, relationships: 1, playbook_runs: 0, checks: 0 });

    // A component linked by hand is listed by the Relationships tab, so it is counted too.
    const { rows: components } = await server.pool.query<{ id: string }>(`INSERT INTO components (name, type) VALUES ('payments', 'Service') RETURNING id`);
    const linked = await fetch(`${server.url}/api/db/config_component_relationships`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ component_id: components[0]!.id, config_id: id, selector_id: 'manual' }),
    });
    expect(linked.status, await linked.text()).toBe(201);
    const [orders] = await get<Array<{ id: string }>>('/api/db/configs?name=eq.orders&select=id');
    const relationshipsOf = async (configId: string) => (await get<Detail[]>(`/api/db/config_detail?id=eq.${configId}`))[0]!.summary.relationships;
    expect(await relationshipsOf(id)).toBe(2);
    // orders is related to checkout only; the component is checkout's, not one of orders' own.
    expect(await relationshipsOf(orders!.id)).toBe(1);

    expect(await get(`/api/db/config_names?id=eq.${id}`)).toEqual([
      { id, name: 'checkout', type: 'Shop::Service', config_class: 'Service', agent_id: detail!.agent.id, deleted_at: null },
    ]);

    const [seen] = await get<Array<{ last_scraped_time: string }>>(`/api/db/config_items_last_scraped_time?config_id=eq.${id}`);
    const { rows } = await server.pool.query<{ last_scraped_time: Date }>('select last_scraped_time from config_items_last_scraped_time where config_id = $1', [id]);
    expect(new Date(seen!.last_scraped_time).getTime()).toBe(rows[0]!.last_scraped_time.getTime());

    const unknown = await get<unknown[]>('/api/db/config_detail?id=eq.00000000-0000-0000-0000-0000000000ff');
    expect(unknown).toEqual([]);
  });
});
