import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { syncCanary } from '../../src/health/sync.js';
import { loadServerKey } from '../../src/secrets/server-key.js';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';
import { api, saveConnection, testSaved } from '../connections/helpers.js';
import { searchLogs } from '../logs/helpers.js';
import { runCli } from '../support/cli.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * Pharos's own database is never reachable through a connection to its identities, sessions,
 * credentials or secrets. The demo's database connection (`pharos seed --demo`) is a reader role of
 * its own that reads only the tables the demo looks at, so a log backend through it cannot read
 * password hashes; a connection that reaches the database as the server's own role is refused at
 * use — connection test, SQL check, log backend — with the reason.
 */

const KEY = 'own-database-test-key-of-at-least-32-characters';
const EMAIL = `own-db-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'Correct-horse-battery-9';
let database: FreshDatabase;
let server: TestServer;
let admin: string;
let editor: string;
let viewer: string;

beforeAll(async () => {
  database = await freshDatabase();
  const secrets = new ServerSecrets(await loadServerKey({ PHAROS_SECRET_KEY: KEY }, '/nonexistent'));
  server = await startTestServer({ secrets }, database.url);
  [admin, editor, viewer] = await Promise.all([server.tokenFor(['admin']), server.tokenFor(['editor']), server.tokenFor(['viewer'])]);
  const env = { DATABASE_URL: database.url, PORT: new URL(server.url).port, PHAROS_SECRET_KEY: KEY };
  const seeded = await runCli(['seed', '--demo'], env, 120_000);
  expect(seeded.code, seeded.stderr).toBe(0);
  const person = await runCli(['user', 'create', '--email', EMAIL, '--first-name', 'Ada', '--last-name', 'Lovelace', '--role', 'viewer', '--password', PASSWORD], env, 60_000);
  expect(person.code, person.stderr).toBe(0);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

async function applyBackend(token: string, name: string, namespace: string, postgres: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${server.url}/api/apply`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' },
    body: stringify({ apiVersion: 'pharos.io/v1', kind: 'LoggingBackend', metadata: { name, namespace }, spec: { postgres } }),
  });
  expect(response.status, await response.text()).toBe(200);
}

/** What a private table holds that must never come out: the password hash and the email. */
async function privateValues(): Promise<string[]> {
  const { rows } = await server.pool.query<{ config: unknown }>(
    "select c.config from identity_credentials c join identities i on i.id = c.identity_id where i.traits->>'email' = $1",
    [EMAIL],
  );
  const hash = JSON.stringify(rows[0]?.config ?? {}).match(/\$[a-z0-9]+\$[^"]+/)?.[0];
  expect(hash, 'the person has a password hash to look for').toBeDefined();
  return [hash!, EMAIL];
}

describe("the demo's database connection", () => {
  it("a viewer's search through a backend on the demo connection cannot read identities or credentials", async () => {
    const secretsOut = await privateValues();
    const queries: Record<string, string> = {
      identities: "select created_at as t, traits::text as message from identities",
      credentials: "select created_at as t, config::text as message from identity_credentials",
      sessions: "select now() as t, count(*)::text as message from identity_sessions",
      people: "select created_at as t, email as message from people",
    };
    for (const [table, query] of Object.entries(queries)) {
      const name = `demo-${table}-${randomUUID().slice(0, 8)}`;
      await applyBackend(editor, name, 'demo', { connection: 'connection://demo/pharos-database', query, columns: { timestamp: 't', message: 'message' } });
      const answer = await searchLogs(server, viewer, { name: `demo/${name}`, start: '30d' });
      expect(answer.status, `${table}: ${JSON.stringify(answer.body)}`).not.toBe(200);
      expect(answer.body.message).toMatch(/permission denied for table/);
      for (const value of secretsOut) expect(JSON.stringify(answer.body)).not.toContain(value);
    }
  });

  it('still reads the tables the demo looks at', async () => {
    const name = `demo-canaries-${randomUUID().slice(0, 8)}`;
    await applyBackend(editor, name, 'demo', {
      connection: 'connection://demo/pharos-database',
      query: 'select created_at as t, name as message from canaries where deleted_at is null',
      columns: { timestamp: 't', message: 'message' },
    });
    const answer = await searchLogs(server, viewer, { name: `demo/${name}`, start: '30d' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.results.map((line) => line.message)).toContain('pharos-self');
  });

  it("uses a role of its own with a generated password, sealed, never the server's", async () => {
    const own = new URL(database.url);
    const { rows } = await server.pool.query<{ username: string; password: string }>("select username, password from connections where namespace = 'demo' and name = 'pharos-database'");
    expect(rows[0]!.username).not.toBe(decodeURIComponent(own.username));
    expect(rows[0]!.password).toMatch(/^v1:/);
    const { rows: roles } = await server.pool.query<{ rolsuper: boolean; reads: boolean }>(
      "select rolsuper, has_table_privilege(rolname, 'public.identity_credentials', 'SELECT') as reads from pg_roles where rolname = $1",
      [rows[0]!.username],
    );
    expect(roles).toEqual([{ rolsuper: false, reads: false }]);
  });
});

describe("a backend on a table of Pharos's own database", () => {
  it("cannot read PostgreSQL's own catalog through it: sessions' queries, roles and their passwords", async () => {
    const tables: Record<string, Record<string, unknown>> = {
      'pg_stat_activity': { timestamp: 'backend_start', message: 'query' },
      'pg_catalog.pg_authid': { timestamp: 'rolvaliduntil', message: 'rolpassword' },
      'information_schema.tables': { timestamp: 'table_name', message: 'table_name' },
    };
    for (const [table, columns] of Object.entries(tables)) {
      const name = `system-${randomUUID().slice(0, 8)}`;
      await applyBackend(editor, name, 'default', { table, columns });
      const answer = await searchLogs(server, viewer, { name: `default/${name}`, start: '30d' });
      expect(answer, table).toEqual({ status: 400, body: expect.objectContaining({ message: `${table} is one of PostgreSQL's own tables, not a log table` }) });
    }
  });
});

describe("a connection to Pharos's own database as the server's role", () => {
  let connectionId: string;
  let connectionName: string;
  const REASON = "reaches Pharos's own database";

  beforeAll(async () => {
    const own = new URL(database.url);
    const saved = await saveConnection(server, admin, {
      type: 'postgres',
      url: `postgres://${own.host}${own.pathname}`,
      username: decodeURIComponent(own.username),
      password: decodeURIComponent(own.password) || 'unused',
    });
    connectionId = saved.id;
    connectionName = saved.name;
  });

  it('as a superuser, is refused in any database of the same PostgreSQL, which could read Pharos\'s', async () => {
    const own = new URL(database.url);
    const other = `plain_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await server.pool.query(`create database ${other}`);
    try {
      const saved = await saveConnection(server, admin, {
        type: 'postgres',
        url: `postgres://${own.host}/${other}`,
        username: decodeURIComponent(own.username),
        password: decodeURIComponent(own.password) || 'unused',
      });
      const answer = await testSaved(server, admin, saved.id);
      expect(answer.status).toBe(400);
      expect(answer.message).toContain(`a superuser (${decodeURIComponent(own.username)}) of the PostgreSQL that holds Pharos's own database`);
    } finally {
      await server.pool.query(`drop database if exists ${other}`);
    }
  });

  it('is refused by the connection test with the reason', async () => {
    const answer = await testSaved(server, admin, connectionId);
    expect(answer.status).toBe(400);
    expect(answer.message).toContain(REASON);
    expect(answer.message).toContain('use a role that can read only the tables it needs');
  });

  it('is refused by a SQL check, and the check says why', async () => {
    const { rows } = await server.pool.query<{ id: string }>('insert into canaries (name, spec) values ($1, $2) returning id', [
      `own-db-${randomUUID().slice(0, 8)}`,
      { postgres: [{ name: 'hashes', connection: `connection://default/${connectionName}`, query: 'select config::text from identity_credentials' }] },
    ]);
    await syncCanary(server.pool, rows[0]!.id);
    const { rows: checks } = await server.pool.query<{ id: string }>('select id from checks where canary_id = $1', [rows[0]!.id]);
    const run = await api(server, editor, 'POST', `/api/canary/run/check/${checks[0]!.id}`);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ status: 'unhealthy', error: expect.stringContaining(REASON) });
    for (const value of await privateValues()) expect(run.text).not.toContain(value);
  });

  it("is refused by a log backend, and a viewer's search says why", async () => {
    const name = `own-db-${randomUUID().slice(0, 8)}`;
    await applyBackend(admin, name, 'default', {
      connection: `connection://default/${connectionName}`,
      query: 'select created_at as t, config::text as message from identity_credentials',
      columns: { timestamp: 't', message: 'message' },
    });
    const answer = await searchLogs(server, viewer, { name: `default/${name}`, start: '30d' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(REASON);
    for (const value of await privateValues()) expect(JSON.stringify(answer.body)).not.toContain(value);
  });
});
