import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/http.js';
import { startTdsStandIn, type TdsStandIn } from '../support/peers/tds-server.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { saveConnection, testSaved } from './helpers.js';

/**
 * POST /api/connection/test/{id} for sql_server connections. No SQL Server can run here (no Debian
 * package, no Docker): the test connects with the real tedious client to a stand-in speaking TDS 7.4
 * on loopback (server/test/support/peers/tds-server.ts), which checks the SQL login and answers
 * SELECT 1 from the tests' PostgreSQL. Success, a wrong password, a database the login may not open,
 * and a port nobody listens on, each with the reason the server gave.
 */

const PASSWORD = 'Tds-pass-1';
let server: TestServer;
let token: string;
let standIn: TdsStandIn;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['admin']);
  standIn = await startTdsStandIn({ username: 'pharos', password: PASSWORD, database: 'inventory', postgresUrl: inject('databaseUrl') });
});

afterAll(async () => {
  await standIn?.close();
  await server?.close();
});

async function test(url: string, password: string): Promise<{ status: number; message: string }> {
  const saved = await saveConnection(server, token, { type: 'sql_server', url, username: 'pharos', password });
  return testSaved(server, token, saved.id);
}

describe('sql_server connections', () => {
  it('log in and run SELECT 1', async () => {
    const batches = standIn.batches.length;
    expect(await test(`${standIn.url}&encrypt=false`, PASSWORD)).toEqual({ status: 200, message: 'ok' });
    expect(standIn.batches.slice(batches)).toContain('SELECT 1');
  });

  it('say the login failed with a wrong password', async () => {
    expect(await test(`${standIn.url}&encrypt=false`, 'wrong')).toEqual({ status: 400, message: "ELOGIN: Login failed for user 'pharos'." });
  });

  it('say the database cannot be opened', async () => {
    const result = await test(`sqlserver://127.0.0.1:${standIn.port}?database=payroll&encrypt=false`, PASSWORD);
    expect(result).toEqual({ status: 400, message: 'ELOGIN: Cannot open database "payroll" requested by the login. The login failed.' });
  });

  it('say nothing listens', async () => {
    const port = await freePort();
    const result = await test(`sqlserver://127.0.0.1:${port}?database=inventory&encrypt=false`, PASSWORD);
    expect(result).toEqual({ status: 400, message: `ESOCKET: Failed to connect to 127.0.0.1:${port} - connect ECONNREFUSED 127.0.0.1:${port}` });
  });

  it('refuse a URL that is not SQL Server', async () => {
    expect(await test('postgres://127.0.0.1/inventory', PASSWORD)).toEqual({ status: 400, message: "'postgres://' is not a SQL Server URL: sqlserver://host:port?database=name" });
  });
});
