import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScraper } from '../../src/catalog/run-scraper.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * `transform.relationship`: selectors with value expressions (a literal, CEL, a label) or a CEL
 * `expr` answering selectors relate scraped items to the configs they find, `parent` the other way
 * round; a relationship no longer found is unlinked on the next scrape.
 */

let database: FreshDatabase;
let server: TestServer;
let sandbox: ExpressionSandbox;
let dir: string;

beforeAll(async () => {
  database = await freshDatabase();
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox }, database.url);
  dir = await mkdtemp(path.join(tmpdir(), 'pharos-relationships-'));
});

afterAll(async () => {
  await server?.close();
  await sandbox?.close();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const landscape = (checkoutDatabase: string) =>
  JSON.stringify({
    clusters: [{ name: 'prod' }],
    databases: [{ name: 'orders-db', team: 'shop' }, { name: 'catalog-db', team: 'search' }],
    services: [
      { name: 'checkout', database: checkoutDatabase, team: 'shop' },
      { name: 'search', database: 'catalog-db', team: 'search' },
    ],
  });

describe('relationships from selectors', () => {
  it('link items to what their selectors find, parents the other way round, and unlink what is no longer found', async () => {
    await writeFile(path.join(dir, 'landscape.json'), landscape('orders-db'));
    const token = await server.tokenFor(['admin']);
    const response = await fetch(`${server.url}/api/apply`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' },
      body: `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: landscape
spec:
  file:
    - type: App::Cluster
      id: $.name
      name: $.name
      items: $.clusters[*]
      paths: [landscape.json]
    - type: App::Database
      id: $.name
      name: $.name
      items: $.databases[*]
      labels:
        team: $.team
      paths: [landscape.json]
    - type: App::Service
      id: $.name
      name: $.name
      items: $.services[*]
      labels:
        team: $.team
      paths: [landscape.json]
      transform:
        relationship:
          - filter: config_type == 'App::Service'
            type:
              value: App::Database
            name:
              expr: config.database
            labels:
              team:
                label: team
          - expr: "[{'type': 'App::Cluster', 'name': 'prod'}]"
            parent: true
`,
    });
    expect(response.status).toBe(200);
    const { resources } = (await response.json()) as { resources: Array<{ id: string }> };
    const id = resources[0]!.id;
    const run = () => runScraper({ pool: server.pool, secrets: TEST_SECRETS, sandbox, baseDir: dir }, id, AbortSignal.timeout(30_000));
    const edges = async () =>
      (
        await server.pool.query<{ edge: string }>(
          `select a.name || ' -> ' || b.name as edge from config_relationships r
           join configs a on a.id = r.config_id join configs b on b.id = r.related_id
           where r.deleted_at is null and r.relation = 'related' order by 1`,
        )
      ).rows.map((row) => row.edge);

    const first = await run();
    expect(first.errors).toEqual([]);
    expect(first.summary['App::Service']).toMatchObject({ added: 2, relationships: 4 });
    expect(await edges()).toEqual(['checkout -> orders-db', 'prod -> checkout', 'prod -> search', 'search -> catalog-db']);

    await writeFile(path.join(dir, 'landscape.json'), landscape('catalog-db'));
    await run();
    // catalog-db belongs to the search team: the label in the selector keeps checkout from it.
    expect(await edges()).toEqual(['prod -> checkout', 'prod -> search', 'search -> catalog-db']);
    const { rows } = await server.pool.query<{ deleted: boolean }>(
      `select r.deleted_at is not null as deleted from config_relationships r join configs a on a.id = r.config_id join configs b on b.id = r.related_id
       where a.name = 'checkout' and b.name = 'orders-db'`,
    );
    expect(rows).toEqual([{ deleted: true }]);
  });
});
