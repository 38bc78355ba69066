import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import { startTdsStandIn, type TdsStandIn } from '../support/peers/tds-server.js';
import { startTestServer, TEST_SECRETS, type TestServer } from '../support/server.js';

/**
 * mssql checks (canary-checker's SQL Server check). No SQL Server can run here (no Debian package, no
 * Docker): the real tedious client connects to a stand-in speaking TDS 7.4 on loopback
 * (support/peers/tds-server.ts), which checks the SQL login and runs the query on the tests' PostgreSQL.
 */

const PASSWORD = 'Tds-check-1';
let server: TestServer;
let sandbox: ExpressionSandbox;
let standIn: TdsStandIn;

beforeAll(async () => {
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox });
  standIn = await startTdsStandIn({ username: 'checker', password: PASSWORD, database: 'inventory', postgresUrl: inject('databaseUrl') });
});

afterAll(async () => {
  await standIn?.close();
  await server?.close();
  await sandbox?.close();
});

describe('mssql checks', () => {
  it('pass on the query and its row count, and fail with the login the server refused', async () => {
    const url = `${standIn.url}&encrypt=false`;
    const spec = {
      mssql: [
        { name: 'rows', url, username: { value: 'checker' }, password: { value: PASSWORD }, query: 'select 1 as one union all select 2', results: 2, test: { expr: 'rows[1].one == 2' } },
        { name: 'wrong-login', url, username: { value: 'checker' }, password: { value: 'nope' }, query: 'select 1' },
      ],
    };
    const { rows } = await server.pool.query<{ id: string }>('insert into canaries (name, spec) values ($1, $2) returning id', ['sql-server', spec]);
    await syncCanary(server.pool, rows[0]!.id);
    await runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId: rows[0]!.id }, AbortSignal.timeout(60_000));
    const { rows: statuses } = await server.pool.query<{ name: string; status: boolean; error: string | null }>(
      'select c.name, s.status, s.error from check_statuses s join checks c on c.id = s.check_id where c.canary_id = $1 order by c.name',
      [rows[0]!.id],
    );
    expect(statuses).toEqual([
      { name: 'rows', status: true, error: null },
      { name: 'wrong-login', status: false, error: "ELOGIN: Login failed for user 'checker'." },
    ]);
  });
});
