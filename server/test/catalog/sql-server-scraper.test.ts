import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCatalog } from '../../src/catalog/register.js';
import { loadEngineConfig } from '../../src/engine/config.js';
import { Engine } from '../../src/engine/engine.js';
import { silentLogger } from '../../src/logger.js';
import { startTdsStandIn, type TdsStandIn } from '../support/peers/tds-server.js';
import { freshDatabase, type FreshDatabase } from '../support/server.js';
import { catalogTest } from './helpers.js';

/**
 * `sql` scrapers of SQL Server. No SQL Server can run here (no Debian package, no Docker), so the
 * scrapers reach a stand-in that speaks TDS 7.4 on loopback (server/test/support/peers/tds-server.ts)
 * through the real tedious client: PRELOGIN without TLS, a SQL login checked against its password,
 * and batches answered with typed columns (nvarchar, int, bit, datetime, nvarchar(max)) from rows of
 * a PostgreSQL database of the tests. Rows become items, a changed row a change with its JSON patch,
 * and a wrong password the login error in the scraper's job history.
 */

const env = catalogTest('pharos-sqlserver-scrape-');
const PASSWORD = 'Tds-secret-1';
let inventory: FreshDatabase;
let standIn: TdsStandIn;

beforeAll(async () => {
  inventory = await freshDatabase();
  const client = new pg.Client({ connectionString: inventory.url });
  await client.connect();
  await client.query(`create table hosts (hostname varchar(40) primary key, os text, cpus integer, active boolean, seen timestamp);
    insert into hosts values ('db-1', 'windows 2022', 8, true, '2026-01-01 08:30:00'), ('web-1', 'windows 2022', 4, false, null);
    create table documents (body text);
    insert into documents values ('{"id": "policy-1", "kind": "Policy", "notes": "${'x'.repeat(6000)}"}');`);
  await client.end();
  standIn = await startTdsStandIn({ username: 'pharos', password: PASSWORD, database: 'inventory', postgresUrl: inventory.url });
});

afterAll(async () => {
  await standIn?.close();
  await inventory?.drop();
});

async function updateHosts(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inventory.url });
  await client.connect();
  await client.query(sql);
  await client.end();
}

describe('sql scrapers of SQL Server', () => {
  it('read rows through a saved sql_server connection, and a changed row gives a change with its patch', async () => {
    const [, id] = await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata:
  name: inventory-mssql
spec:
  sql_server:
    url:
      value: ${standIn.url}&encrypt=false
    username:
      value: pharos
    password:
      value: ${PASSWORD}
---
apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: mssql-hosts
spec:
  sql:
    - type: MSSQL::Host
      id: $.hostname
      name: $.hostname
      connection: connection://default/inventory-mssql
      query: select hostname, os, cpus, active, seen from hosts order by hostname
    - type: $.kind
      id: $.id
      connection: inventory-mssql
      query: select body from documents
`);
    const first = await env.run(id!);
    expect(first.errors).toEqual([]);
    expect(standIn.logins).toContain('pharos');
    expect(standIn.batches).toContain('select hostname, os, cpus, active, seen from hosts order by hostname');
    const { rows } = await env.server.pool.query<{ type: string; name: string; config: Record<string, unknown>; source: string }>(
      'select type, name, config, source from configs where scraper_id = $1 order by type, name',
      [id],
    );
    expect(rows.map(({ type, name }) => [type, name])).toEqual([
      ['MSSQL::Host', 'db-1'],
      ['MSSQL::Host', 'web-1'],
      ['Policy', 'policy-1'],
    ]);
    expect(rows[0]!.config).toEqual({ hostname: 'db-1', os: 'windows 2022', cpus: 8, active: true, seen: '2026-01-01T08:30:00.000Z' });
    expect(rows[1]!.config).toEqual({ hostname: 'web-1', os: 'windows 2022', cpus: 4, active: false, seen: null });
    expect(rows[2]!.config).toMatchObject({ id: 'policy-1', kind: 'Policy', notes: 'x'.repeat(6000) });
    expect(rows[0]!.source).toBe(`sqlserver://127.0.0.1:${standIn.port}/inventory`);

    await updateHosts("update hosts set cpus = 16, active = false where hostname = 'db-1'");
    const second = await env.run(id!);
    expect(second.errors).toEqual([]);
    expect(second.summary['MSSQL::Host']).toMatchObject({ updated: 1, unchanged: 1, changes: 1 });
    expect(second.summary['Policy']).toMatchObject({ unchanged: 1 });
    const { rows: changes } = await env.server.pool.query<{ change_type: string; summary: string; patches: unknown }>(
      'select c.change_type, c.summary, c.patches from config_changes c join configs i on i.id = c.config_id where i.scraper_id = $1',
      [id],
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]!.change_type).toBe('diff');
    expect(changes[0]!.summary).toMatch(/cpus: 8 → 16/);
    expect(changes[0]!.patches).toEqual(
      expect.arrayContaining([
        { op: 'replace', path: '/cpus', value: 16 },
        { op: 'replace', path: '/active', value: false },
      ]),
    );
  });

  it('say in job history that the login failed when the password is wrong', async () => {
    const pool = new pg.Pool({ connectionString: env.database.url, max: 4 });
    const engine = new Engine({ pool, logger: silentLogger(), metrics: new Registry(), config: { ...loadEngineConfig(), schedulerIntervalMs: 200 }, events: { pollIntervalMs: 200 } });
    registerCatalog(engine, { ...env.options(), pool });
    await engine.start();
    try {
      await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: mssql-denied
spec:
  schedule: '@every 1h'
  sql:
    - type: MSSQL::Host
      id: $.hostname
      connection: ${standIn.url}&encrypt=false
      auth:
        username:
          value: pharos
        password:
          value: wrong
      query: select hostname from hosts
`);
      const id = await env.scraperId('mssql-denied');
      const finished = async () =>
        (
          await pool.query<{ status: string; error_count: number; details: { errors?: string[] } }>(
            "select status, error_count, details from job_histories where name = 'Scraper' and resource_id = $1 and status <> 'RUNNING'",
            [id],
          )
        ).rows;
      await expect.poll(async () => (await finished()).length, { timeout: 20_000, interval: 250 }).toBe(1);
      const [run] = await finished();
      expect(run).toMatchObject({ status: 'FAILED', error_count: 1, details: { errors: ["sql[0]: ELOGIN: Login failed for user 'pharos'."] } });
      const { rows } = await pool.query('select id from configs where scraper_id = $1', [id]);
      expect(rows).toEqual([]);
    } finally {
      await engine.stop();
      await pool.end();
    }
  });
});
