import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { databaseReader } from '../support/database-reader.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { allPages, insertComponent, saveBackend, searchLogs, unique } from './helpers.js';

/**
 * Log backends of kind postgres: rows of a table this test creates in the tests' embedded
 * PostgreSQL, read from Pharos's own database and through a saved connection, searched through
 * POST /api/logs: newest first, ILIKE text, labels (a jsonb column or plain columns), time range
 * and pages, including many lines of the same time.
 */

let server: TestServer;
let admin: string;
let viewer: string;
const table = `app_logs_${Date.now()}`;
const NOW = Date.now();
const timeOf = (index: number): Date => new Date(NOW - 3_600_000 + Math.floor(index / 2) * 1000);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(['admin']);
  viewer = await server.tokenFor(['viewer']);
  await server.pool.query(`create table ${table} (id bigint generated always as identity, logged_at timestamptz not null, body text, labels jsonb, service text, level text)`);
  await server.pool.query(`create index on ${table} (logged_at desc)`);
  // 400 rows, two a second; every 7th an error of the billing service.
  await server.pool.query(
    `insert into ${table} (logged_at, body, labels, service, level)
     select t, 'Request ' || i || case when i % 7 = 0 then ' FAILED: timeout' else ' ok' end,
            jsonb_build_object('service', case when i % 7 = 0 then 'billing' else 'shop' end, 'level', case when i % 7 = 0 then 'error' else 'info' end),
            case when i % 7 = 0 then 'billing' else 'shop' end, case when i % 7 = 0 then 'error' else 'info' end
     from unnest($1::timestamptz[]) with ordinality as r(t, i)`,
    [Array.from({ length: 400 }, (_, index) => timeOf(index + 1))],
  );
});

afterAll(async () => {
  await server?.pool.query(`drop table if exists ${table}`);
  await server?.close();
});

const request = (index: number) => `Request ${index}${index % 7 === 0 ? ' FAILED: timeout' : ' ok'}`;

describe('postgres log backend', () => {
  it("reads a table of Pharos's own database newest first, a page at a time, lines of one time kept apart", async () => {
    const backend = unique('pg-own');
    await saveBackend(server, admin, backend, { postgres: { table, columns: { timestamp: 'logged_at', message: 'body', labels: 'labels' } } });
    const component = await insertComponent(server, [{ name: backend, type: 'postgres' }]);
    const first = await searchLogs(server, viewer, { id: component, start: '2h', limit: 3 });
    expect(first.status).toBe(200);
    // Rows 399 and 400 share a second: the message breaks the tie, descending.
    expect(first.body.results).toEqual([
      { timestamp: timeOf(400).toISOString(), message: request(400), labels: { service: 'shop', level: 'info' } },
      { timestamp: timeOf(399).toISOString(), message: request(399), labels: { service: 'billing', level: 'error' } },
      { timestamp: timeOf(398).toISOString(), message: request(398), labels: { service: 'shop', level: 'info' } },
    ]);
    const pages = await allPages(server, viewer, { id: component, start: '2h', limit: 9 });
    const messages = pages.flat().map((line) => line.message);
    expect(messages).toHaveLength(400);
    expect(new Set(messages).size).toBe(400);
    expect(pages.flat().map((line) => Date.parse(line.timestamp))).toEqual([...pages.flat().map((line) => Date.parse(line.timestamp))].sort((a, b) => b - a));
  });

  it('matches text case-insensitively (LIKE wildcards taken literally), labels with @> and the time range', async () => {
    const backend = unique('pg-search');
    await saveBackend(server, admin, backend, { postgres: { table, columns: { timestamp: 'logged_at', message: 'body', labels: 'labels' } } });
    const failed = await searchLogs(server, viewer, { name: backend, query: 'failed: TIME', labels: { service: 'billing' }, start: timeOf(300).toISOString(), end: timeOf(330).toISOString(), limit: 100 });
    expect(failed.status).toBe(200);
    expect(failed.body.results.map((line) => line.message)).toEqual([329, 322, 315, 308, 301].map(request));
    const literal = await searchLogs(server, viewer, { name: backend, query: 'Request 1_', start: '2h' });
    expect(literal.body.results).toEqual([]);
    const none = await searchLogs(server, viewer, { name: backend, labels: { service: 'shop' }, query: 'failed', start: '2h' });
    expect(none.body.results).toEqual([]);
  });

  it('reads labels from plain columns and goes through a saved connection', async () => {
    // A role that reads the log table alone: Pharos refuses its own database reached as its own role.
    const reader = await databaseReader(inject('databaseUrl'), [table]);
    const connection = unique('pg-logs');
    const saved = await fetch(`${server.url}/api/connections`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: connection, type: 'postgres', url: reader.url, username: reader.username, password: reader.password }),
    });
    expect(saved.status).toBe(201);
    const backend = unique('pg-connection');
    await saveBackend(server, admin, backend, {
      postgres: { connection: `connection://default/${connection}`, query: `select logged_at, body, service, level from ${table} where level = 'error'`, columns: { timestamp: 'logged_at', message: 'body', labels: ['service', 'level'] } },
    });
    const component = await insertComponent(server, [{ name: 'errors', backend, type: 'postgres', labels: { service: 'billing' } }]);
    const { status, body } = await searchLogs(server, viewer, { id: component, name: 'errors', start: '2h', limit: 2 });
    expect(status).toBe(200);
    expect(body.results).toEqual([399, 392].map((index) => ({ timestamp: timeOf(index).toISOString(), message: request(index), labels: { service: 'billing', level: 'error' } })));
  });

  it("refuses to read Pharos's own tables, and says what PostgreSQL said of a broken table", async () => {
    const own = unique('pg-pharos');
    await saveBackend(server, admin, own, { postgres: { table: 'connections', columns: { timestamp: 'created_at', message: 'name' } } });
    const refused = await searchLogs(server, viewer, { name: own });
    expect(refused).toEqual({ status: 400, body: expect.objectContaining({ message: "connections is one of Pharos's own tables, not a log table" }) });
    const missing = unique('pg-missing');
    await saveBackend(server, admin, missing, { postgres: { table: 'no_such_log_table' } });
    const broken = await searchLogs(server, viewer, { name: missing });
    expect(broken).toEqual({ status: 502, body: expect.objectContaining({ message: 'PostgreSQL: relation "no_such_log_table" does not exist' }) });
  });
});
