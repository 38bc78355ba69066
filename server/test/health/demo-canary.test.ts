import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import { loadServerKey } from '../../src/secrets/server-key.js';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';
import { runCli } from '../support/cli.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * `pharos seed --demo` adds a canary that checks this Pharos and its machine for real: its health
 * endpoint, port and database, a name the system resolves, scripts, and one check that fails on purpose.
 */

const KEY = 'demo-canary-test-key-of-at-least-32-characters';

let database: FreshDatabase;
let server: TestServer;
let sandbox: ExpressionSandbox;
let secrets: ServerSecrets;

beforeAll(async () => {
  database = await freshDatabase();
  sandbox = new ExpressionSandbox();
  secrets = new ServerSecrets(await loadServerKey({ PHAROS_SECRET_KEY: KEY }, '/nonexistent'));
  server = await startTestServer({ sandbox, secrets }, database.url);
});

afterAll(async () => {
  await server?.close();
  await sandbox?.close();
  await database?.drop();
});

interface CheckResult {
  name: string;
  type: string;
  status: string;
  message: string | null;
  error: string | null;
  invalid: boolean;
}

describe('the demo canary', () => {
  it("checks the running Pharos, its port and database, localhost, the disk and memory, and one endpoint that fails on purpose", async () => {
    const password = decodeURIComponent(new URL(database.url).password);
    // The database check is only worth its name if there is a password to keep out of the spec.
    expect(password).not.toBe('');
    const seeded = await runCli(['seed', '--demo'], { DATABASE_URL: database.url, PORT: new URL(server.url).port, PHAROS_SECRET_KEY: KEY });
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(seeded.stdout).toContain('canaries');
    const { rows } = await server.pool.query<{ id: string; spec: unknown }>("select id, spec from canaries where name = 'pharos-self' and namespace = 'demo'");
    const canaryId = rows[0]!.id;

    // The password is sealed in the saved connection, and in clear nowhere in the spec.
    expect(JSON.stringify(rows[0]!.spec)).not.toContain(password);
    const { rows: connections } = await server.pool.query<{ type: string; url: string; username: string; password: string }>(
      "select type, url, username, password from connections where namespace = 'demo' and name = 'pharos-database' and deleted_at is null",
    );
    expect(connections).toHaveLength(1);
    expect(connections[0]!.type).toBe('postgres');
    expect(connections[0]!.url).not.toContain(password);
    // A reader role of its own, never the server's, with a generated password sealed in the row.
    expect(connections[0]!.username).not.toBe(decodeURIComponent(new URL(database.url).username));
    expect(connections[0]!.password).toMatch(/^v1:/);
    expect(secrets.open(connections[0]!.password)).not.toBe(password);
    expect(JSON.stringify(rows[0]!.spec)).not.toContain(secrets.open(connections[0]!.password));

    await syncCanary(server.pool, canaryId);
    await runCanary({ pool: server.pool, sandbox, secrets }, { canaryId }, AbortSignal.timeout(30_000));
    const { rows: checks } = await server.pool.query<CheckResult>(
      `select c.name, c.type, c.status, s.message, s.error, s.invalid
         from checks c join lateral (select * from check_statuses s where s.check_id = c.id order by s.time desc limit 1) s on true
        where c.canary_id = $1 order by c.name`,
      [canaryId],
    );
    const byName = Object.fromEntries(checks.map((check) => [check.name, check]));
    expect(Object.fromEntries(checks.map((check) => [check.name, [check.type, check.status, check.error]]))).toEqual({
      'disk-space': ['exec', 'healthy', null],
      'fails-on-purpose': ['http', 'unhealthy', expect.any(String)],
      'localhost-name': ['dns', 'healthy', null],
      'memory-available': ['exec', 'healthy', null],
      'pharos-api': ['http', 'healthy', null],
      'pharos-database': ['postgres', 'healthy', null],
      'pharos-port': ['tcp', 'healthy', null],
    });
    expect(checks.every((check) => !check.invalid)).toBe(true);
    const { rows: count } = await server.pool.query<{ count: number }>('select count(*)::int as count from canaries where deleted_at is null');
    expect(byName['pharos-database']!.message).toMatch(new RegExp(`^${count[0]!.count} canaries in \\d+ ms$`));
    expect(byName['localhost-name']!.message).toBe('A localhost: 127.0.0.1');
    expect(byName['memory-available']!.message).toMatch(/^\d+ MB available$/);
    expect(byName['pharos-api']!.message).toMatch(/^200 in \d+ ms$/);

    // Seeding again updates the canary and the connection in place.
    const again = await runCli(['seed', '--demo'], { DATABASE_URL: database.url, PORT: new URL(server.url).port, PHAROS_SECRET_KEY: KEY });
    expect(again.code, again.stderr).toBe(0);
    const { rows: after } = await server.pool.query<{ canaries: number; connections: number }>(
      "select (select count(*)::int from canaries where namespace = 'demo' and deleted_at is null) as canaries, (select count(*)::int from connections where namespace = 'demo' and deleted_at is null) as connections",
    );
    expect(after[0]).toEqual({ canaries: 1, connections: 1 });
  });
});
