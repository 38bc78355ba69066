import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomeOf, runScraper } from '../../src/catalog/run-scraper.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';
import { VERSION } from '../../src/version.js';
import { runCli } from '../support/cli.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * `pharos seed --demo` adds scrapers of real things on this machine: the tables of Pharos's own
 * database (through a saved connection whose password is sealed), the running server's /api/about and
 * the embedded PostgreSQL's settings in the data folder. The test database is not an embedded one, so
 * the test writes that settings file into the data folder it gives the CLI.
 */

const SECRET_KEY = 'demo-scrapers-test-key-0123456789';
const secrets = new ServerSecrets(createHash('sha256').update(SECRET_KEY).digest());

let database: FreshDatabase;
let server: TestServer;
let sandbox: ExpressionSandbox;
let dataDir: string;

beforeAll(async () => {
  database = await freshDatabase();
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox }, database.url);
  dataDir = await mkdtemp(path.join(tmpdir(), 'pharos-demo-data-'));
  await mkdir(path.join(dataDir, 'postgres'));
  await writeFile(path.join(dataDir, 'postgres', 'postgresql.conf'), "# written by initdb\nmax_connections = 100\nshared_buffers = 128MB\nlisten_addresses = '127.0.0.1'\n");
});

afterAll(async () => {
  await server?.close();
  await sandbox?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const seed = () => runCli(['seed', '--demo'], { DATABASE_URL: database.url, PORT: new URL(server.url).port, PHAROS_DATA_DIR: dataDir, PHAROS_SECRET_KEY: SECRET_KEY });

interface Item {
  type: string;
  name: string;
  config: Record<string, unknown>;
}

describe('the demo scrapers', () => {
  it('read the database, the data folder and the API of this Pharos, each run a success', async () => {
    const seeded = await seed();
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(seeded.stdout).toContain('scrapers');
    const { rows: scrapers } = await server.pool.query<{ id: string; name: string }>("select id, name from config_scrapers where namespace = 'demo' and deleted_at is null order by name");
    expect(scrapers.map((scraper) => scraper.name)).toEqual(['pharos-api', 'pharos-data-folder', 'pharos-database']);
    // A file entry needs an icon on the scraper form (spec 3 §5): the demo's can be updated there as seeded.
    const { rows: fileEntries } = await server.pool.query<{ icon: string }>("select spec #>> '{file,0,icon}' as icon from config_scrapers where namespace = 'demo' and name = 'pharos-data-folder'");
    expect(fileEntries).toEqual([{ icon: 'postgres' }]);

    const items: Record<string, Item[]> = {};
    for (const scraper of scrapers) {
      const run = await runScraper({ pool: server.pool, secrets, sandbox, baseDir: dataDir }, scraper.id, AbortSignal.timeout(30_000));
      expect(run.errors, scraper.name).toEqual([]);
      expect(outcomeOf(run).status).toBe('SUCCESS');
      const { rows } = await server.pool.query<Item>('select type, name, config from configs where scraper_id = $1 and deleted_at is null order by type, name', [scraper.id]);
      items[scraper.name] = rows;
    }

    const tables = items['pharos-database']!.filter((item) => item.type === 'PostgreSQL::Table').map((item) => item.name);
    expect(tables).toEqual(expect.arrayContaining(['canaries', 'config_scrapers', 'configs', 'connections']));
    const databaseName = new URL(database.url).pathname.slice(1);
    const [db] = items['pharos-database']!.filter((item) => item.type === 'PostgreSQL::Database');
    expect(db).toMatchObject({ name: databaseName, config: { name: databaseName } });
    expect(String(db!.config['version'])).toMatch(/^PostgreSQL \d+/);

    expect(items['pharos-api']).toEqual([{ type: 'Pharos::Server', name: 'pharos', config: { Version: VERSION, registration: 'open', authMode: 'self-hosted' } }]);
    expect(items['pharos-data-folder']).toEqual([{ type: 'PostgreSQL::Settings', name: 'postgresql.conf', config: expect.objectContaining({ max_connections: '100', shared_buffers: '128MB' }) as unknown }]);
  });

  it("keep a reader role's generated password sealed in their connection, never the server's, and seeding again changes nothing", async () => {
    const own = new URL(database.url);
    const { rows } = await server.pool.query<{ url: string; username: string; password: string | null }>("select url, username, password from connections where namespace = 'demo' and name = 'pharos-database'");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.username).not.toBe(decodeURIComponent(own.username));
    expect(rows[0]!.password).toMatch(/^v1:/);
    const generated = secrets.open(rows[0]!.password!);
    expect(rows[0]!.url).not.toContain(generated);
    if (own.password) {
      expect(rows[0]!.url).not.toContain(decodeURIComponent(own.password));
      expect(generated).not.toBe(decodeURIComponent(own.password));
    }
    const again = await seed();
    expect(again.code, again.stderr).toBe(0);
    const { rows: counted } = await server.pool.query<{ scrapers: number; connections: number }>(
      "select (select count(*)::int from config_scrapers where namespace = 'demo' and deleted_at is null) as scrapers, (select count(*)::int from connections where namespace = 'demo' and deleted_at is null) as connections",
    );
    expect(counted[0]).toEqual({ scrapers: 3, connections: 1 });
  });
});
