import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScraper } from '../../src/catalog/run-scraper.js';
import { databaseReader, readerUrl } from '../support/database-reader.js';
import { startMariaDb } from '../support/peers/mariadb.js';
import type { PeerProcess } from '../support/peers/process.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * `sql` scrapers query real databases: a table in a PostgreSQL database of the test cluster through
 * a saved connection, and MariaDB (Debian's mariadb-server on loopback) through its URL and `auth`;
 * each row is an item, or the JSON of a single column; a row changed in the database gives a change.
 */

const PASSWORD = 'catalog-secret';
let database: FreshDatabase;
let inventory: FreshDatabase;
let server: TestServer;
let token: string;
let maria: { url: string; process: PeerProcess };

beforeAll(async () => {
  database = await freshDatabase();
  inventory = await freshDatabase();
  server = await startTestServer({}, database.url);
  token = await server.tokenFor(['admin']);
  const client = new pg.Client({ connectionString: inventory.url });
  await client.connect();
  await client.query(`create table hosts (hostname text primary key, os text, cpus integer, seen timestamptz);
    insert into hosts values ('db-1', 'debian 12', 8, '2026-01-01T00:00:00Z'), ('web-1', 'debian 12', 4, '2026-01-01T00:00:00Z');
    create table documents (body text);
    insert into documents values ('{"id": "doc-1", "kind": "Policy", "rules": [1, 2]}');`);
  await client.end();
  maria = await startMariaDb(PASSWORD);
  const root = await mysql.createConnection({ uri: maria.url.replace('mysql://', `mysql://pharos:${PASSWORD}@`) });
  await root.query('create table if not exists queues (name varchar(40) primary key, depth int)');
  await root.query("insert into queues values ('orders', 3), ('emails', 0)");
  await root.end();
}, 180_000);

afterAll(async () => {
  await maria?.process.stop();
  await server?.close();
  await inventory?.drop();
  await database?.drop();
});

async function apply(yaml: string): Promise<string[]> {
  const response = await fetch(`${server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' }, body: yaml });
  expect(response.status, await response.clone().text()).toBe(200);
  const { resources } = (await response.json()) as { resources: Array<{ kind: string; id: string }> };
  return resources.filter((resource) => resource.kind === 'ScrapeConfig').map((resource) => resource.id);
}

const run = (id: string) => runScraper({ pool: server.pool, secrets: TEST_SECRETS }, id, AbortSignal.timeout(60_000));

describe('sql scrapers', () => {
  it('read PostgreSQL rows through a saved connection, and a changed row gives a change', async () => {
    // A role that reads the two tables alone (the database is a migrated one, which Pharos refuses to reach as a role that reads its identities).
    const url = new URL(readerUrl(await databaseReader(inventory.url, ['hosts', 'documents'])));
    const [id] = await apply(`apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata:
  name: inventory-db
spec:
  postgres:
    url:
      value: ${url.toString()}
---
apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: hosts-table
spec:
  sql:
    - type: Inventory::Host
      id: $.hostname
      name: $.hostname
      connection: connection://default/inventory-db
      query: select hostname, os, cpus, seen from hosts order by hostname
    - type: $.kind
      id: $.id
      connection: inventory-db
      query: select body from documents
`);
    const first = await run(id!);
    expect(first.errors).toEqual([]);
    const { rows } = await server.pool.query<{ type: string; name: string; config: unknown }>('select type, name, config from configs where scraper_id = $1 order by type, name', [id]);
    expect(rows).toEqual([
      { type: 'Inventory::Host', name: 'db-1', config: { hostname: 'db-1', os: 'debian 12', cpus: 8, seen: '2026-01-01T00:00:00.000Z' } },
      { type: 'Inventory::Host', name: 'web-1', config: { hostname: 'web-1', os: 'debian 12', cpus: 4, seen: '2026-01-01T00:00:00.000Z' } },
      { type: 'Policy', name: 'doc-1', config: { id: 'doc-1', kind: 'Policy', rules: [1, 2] } },
    ]);

    const client = new pg.Client({ connectionString: inventory.url });
    await client.connect();
    await client.query("update hosts set cpus = 16 where hostname = 'db-1'");
    await client.end();
    const second = await run(id!);
    expect(second.summary['Inventory::Host']).toMatchObject({ updated: 1, unchanged: 1, changes: 1 });
    expect(second.summary['Policy']).toMatchObject({ unchanged: 1 });
    const { rows: changes } = await server.pool.query<{ summary: string }>("select c.summary from config_changes c join configs i on i.id = c.config_id where i.scraper_id = $1", [id]);
    expect(changes).toEqual([{ summary: 'cpus: 8 → 16' }]);
  });

  it('read MariaDB rows through a URL with auth credentials, and say why a wrong password fails', async () => {
    const [id, denied] = await apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: queues-table
spec:
  sql:
    - type: MQ::Queue
      id: $.name
      name: $.name
      connection: ${maria.url}
      auth:
        username:
          value: pharos
        password:
          value: ${PASSWORD}
      query: select name, depth from queues order by name
---
apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: queues-denied
spec:
  sql:
    - type: MQ::Queue
      id: $.name
      connection: ${maria.url}
      auth:
        username:
          value: pharos
        password:
          value: wrong
      query: select name from queues
`);
    const ok = await run(id!);
    expect(ok.errors).toEqual([]);
    const { rows } = await server.pool.query<{ name: string; config: unknown }>('select name, config from configs where scraper_id = $1 order by name', [id]);
    expect(rows).toEqual([
      { name: 'emails', config: { name: 'emails', depth: 0 } },
      { name: 'orders', config: { name: 'orders', depth: 3 } },
    ]);
    const failed = await run(denied!);
    expect(failed.errors).toHaveLength(1);
    expect(failed.errors[0]).toMatch(/^sql\[0\]: ER_ACCESS_DENIED_ERROR: Access denied for user 'pharos'/);
  });
});
