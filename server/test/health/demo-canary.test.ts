import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import { runCli } from '../support/cli.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';

/** `pharos seed --demo` adds a canary that checks this Pharos and its machine for real; one check fails on purpose. */

let database: FreshDatabase;
let server: TestServer;
let sandbox: ExpressionSandbox;

beforeAll(async () => {
  database = await freshDatabase();
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox }, database.url);
});

afterAll(async () => {
  await server?.close();
  await sandbox?.close();
  await database?.drop();
});

describe('the demo canary', () => {
  it('checks the running Pharos, its port and the disk, and one endpoint that fails on purpose', async () => {
    const seeded = await runCli(['seed', '--demo'], { DATABASE_URL: database.url, PORT: new URL(server.url).port });
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(seeded.stdout).toContain('canaries');
    const { rows } = await server.pool.query<{ id: string }>("select id from canaries where name = 'pharos-self' and namespace = 'demo'");
    await syncCanary(server.pool, rows[0]!.id);
    await runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId: rows[0]!.id }, AbortSignal.timeout(30_000));
    const { rows: checks } = await server.pool.query<{ name: string; status: string }>('select name, status from checks where canary_id = $1 order by name', [rows[0]!.id]);
    expect(Object.fromEntries(checks.map((check) => [check.name, check.status]))).toEqual({
      'disk-space': 'healthy',
      'fails-on-purpose': 'unhealthy',
      'pharos-api': 'healthy',
      'pharos-port': 'healthy',
    });
  });
});
