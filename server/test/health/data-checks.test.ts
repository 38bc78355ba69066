import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { databaseReader } from '../support/database-reader.js';
import { startMariaDb } from '../support/peers/mariadb.js';
import type { PeerProcess } from '../support/peers/process.js';
import { startPrometheus } from '../support/peers/prometheus.js';
import { startRedis } from '../support/peers/redis.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { runSpec as runCanarySpec, type CheckResult } from './canary-runs.js';

/**
 * sql (PostgreSQL, MariaDB), redis and prometheus checks against real servers: the embedded
 * PostgreSQL of the tests, and MariaDB, Redis and Prometheus from Debian packages on loopback;
 * credentials through a saved connection. Each passes and fails with the server's own reason.
 */

const PASSWORD = 'Check-pass-3';
let server: TestServer;
let sandbox: ExpressionSandbox;
const peers: PeerProcess[] = [];
let mariadb: string;
let redis: string;
let prometheus: string;

beforeAll(async () => {
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox });
  const [maria, red, prom] = await Promise.all([startMariaDb(PASSWORD), startRedis(PASSWORD), startPrometheus()]);
  peers.push(maria.process, red.process, prom.process);
  mariadb = maria.url;
  redis = red.url;
  prometheus = prom.url;
}, 180_000);

afterAll(async () => {
  await Promise.all(peers.map((peer) => peer.stop()));
  await server?.close();
  await sandbox?.close();
});

const runSpec = (name: string, spec: Record<string, unknown>): Promise<Record<string, CheckResult>> => runCanarySpec(server, sandbox, name, spec);

describe('data checks', () => {
  it('sql: a query with its row count and test on PostgreSQL (through a saved connection) and MariaDB', async () => {
    // A role of its own: Pharos refuses its own database reached as its own role.
    const reader = await databaseReader(inject('databaseUrl'));
    const connection = await fetch(`${server.url}/api/connections`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await server.tokenFor(['admin'])}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `pg-${Date.now()}`, type: 'postgres', url: reader.url, username: reader.username, password: reader.password }),
    }).then((response) => response.json() as Promise<{ name: string }>);
    const statuses = await runSpec(`sql-${Date.now()}`, {
      postgres: [
        { name: 'pg-rows', connection: `connection://default/${connection.name}`, query: 'select generate_series(1, 3) as n', results: 3, test: { expr: 'rows[2].n == 3' } },
        { name: 'pg-wrong-count', connection: `connection://default/${connection.name}`, query: 'select 1', results: 2 },
        { name: 'pg-bad-sql', connection: `connection://default/${connection.name}`, query: 'select * from no_such_table' },
      ],
      mysql: [
        { name: 'maria-ok', url: mariadb, username: { value: 'pharos' }, password: { value: PASSWORD }, query: 'select 41 + 1 as answer', display: { expr: "'answer ' + string(rows[0].answer)" } },
        { name: 'maria-denied', url: mariadb, username: { value: 'pharos' }, password: { value: 'wrong' } },
      ],
    });
    expect(statuses['pg-rows']).toMatchObject({ status: true, message: '3 rows' });
    expect(statuses['pg-wrong-count']).toMatchObject({ status: false, error: 'the query returned 1 rows, expected 2' });
    expect(statuses['pg-bad-sql']!.error).toMatch(/relation "no_such_table" does not exist/);
    expect(statuses['maria-ok']).toMatchObject({ status: true, message: 'answer 42' });
    expect(statuses['maria-denied']!.error).toMatch(/Access denied for user 'pharos'/);
  });

  it('redis: PING with the password, refused without it', async () => {
    const addr = redis.replace('redis://', '');
    const statuses = await runSpec(`redis-${Date.now()}`, {
      redis: [
        { name: 'cache', addr, password: { value: PASSWORD }, db: 0 },
        { name: 'cache-no-auth', addr },
      ],
    });
    expect(statuses['cache']).toMatchObject({ status: true, message: 'PONG' });
    expect(statuses['cache-no-auth']!.error).toMatch(/NOAUTH/);
  });

  it('prometheus: a query whose values the test reads, and a query Prometheus refuses', async () => {
    const statuses = await runSpec(`prometheus-${Date.now()}`, {
      prometheus: [
        { name: 'vector', url: prometheus, query: 'vector(7)', test: { expr: 'results[0].value == 7.0' } },
        { name: 'broken', url: prometheus, query: 'sum(' },
      ],
    });
    expect(statuses['vector']).toMatchObject({ status: true, message: '1 series' });
    expect(statuses['broken']!.error).toMatch(/^prometheus: .*parse error/);
  });
});
