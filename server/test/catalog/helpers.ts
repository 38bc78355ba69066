import { chmod, rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect } from 'vitest';
import { runScraper, type ScrapeRun, type ScraperRunOptions } from '../../src/catalog/run-scraper.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { folderOutsideTemporary } from '../support/commands-folder.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * A catalog test file's own database, server (with an expression sandbox unless told otherwise), admin
 * token and scratch directory, started before its tests and removed after them. The file's own
 * beforeAll/afterAll hooks, registered after this call, run after the start and before the removal.
 */
export interface CatalogTest {
  database: FreshDatabase;
  server: TestServer;
  sandbox: ExpressionSandbox | undefined;
  token: string;
  dir: string;
  /** What runScraper needs, reading files relative to the scratch directory. */
  options(): ScraperRunOptions;
  /** POSTs YAML to /api/apply, expects 200 and answers the ids of the resources it saved. */
  apply(yaml: string): Promise<string[]>;
  /** POSTs YAML to /api/apply as the admin and answers the response, whatever its status. */
  applyRaw(yaml: string): Promise<Response>;
  /** One scrape of a scraper, given up after `timeoutMs`. */
  run(scraperId: string, timeoutMs?: number): Promise<ScrapeRun>;
  /** The id of the live scraper of that name. */
  scraperId(name: string): Promise<string>;
  /** GET /api/db/{path} as the admin, expecting 200. */
  db<T>(path: string): Promise<T[]>;
  /** The live configs a scraper saved, read through the data service, by `{type}/{name}`. */
  configsOf(scraperId: string): Promise<Map<string, ScrapedConfig>>;
}

/** A config as the catalog's data service answers it. */
export interface ScrapedConfig {
  id: string;
  type: string;
  name: string;
  config_class: string;
  health: string | null;
  status: string | null;
  labels: Record<string, string>;
  tags: Record<string, string>;
  parent_id: string | null;
  config: Record<string, unknown>;
}

export function catalogTest(dirPrefix: string, { sandbox: withSandbox = true }: { sandbox?: boolean } = {}): CatalogTest {
  const test: CatalogTest = {
    database: undefined as unknown as FreshDatabase,
    server: undefined as unknown as TestServer,
    sandbox: undefined,
    token: '',
    dir: '',
    options: () => ({ pool: test.server.pool, secrets: TEST_SECRETS, ...(test.sandbox ? { sandbox: test.sandbox } : {}), baseDir: test.dir }),
    applyRaw: (yaml) =>
      fetch(`${test.server.url}/api/apply`, {
        method: 'POST',
        headers: { authorization: `Bearer ${test.token}`, 'content-type': 'application/yaml' },
        body: yaml,
      }),
    async apply(yaml) {
      const response = await test.applyRaw(yaml);
      expect(response.status, await response.clone().text()).toBe(200);
      const { resources } = (await response.json()) as { resources: Array<{ id: string }> };
      return resources.map((resource) => resource.id);
    },
    run: (scraperId, timeoutMs = 30_000) => runScraper(test.options(), scraperId, AbortSignal.timeout(timeoutMs)),
    async scraperId(name) {
      const { rows } = await test.server.pool.query<{ id: string }>('select id from config_scrapers where name = $1 and deleted_at is null', [name]);
      return rows[0]!.id;
    },
    async db<T>(relation: string) {
      const response = await fetch(`${test.server.url}/api/db/${relation}`, { headers: { authorization: `Bearer ${test.token}` } });
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as T[];
    },
    async configsOf(scraperId) {
      const rows = await test.db<ScrapedConfig>(`configs?scraper_id=eq.${scraperId}&deleted_at=is.null&select=id,type,name,config_class,health,status,labels,tags,parent_id,config`);
      return new Map(rows.map((row) => [`${row.type}/${row.name}`, row]));
    },
  };

  beforeAll(async () => {
    test.database = await freshDatabase();
    if (withSandbox) test.sandbox = new ExpressionSandbox();
    test.server = await startTestServer(test.sandbox ? { sandbox: test.sandbox } : {}, test.database.url);
    test.token = await test.server.tokenFor(['admin']);
    // Exec scrapers run as unprivileged users of their own, with a /tmp of their own: the files their scripts read are elsewhere, readable by anyone.
    test.dir = await folderOutsideTemporary(dirPrefix);
    await chmod(test.dir, 0o755);
  });

  afterAll(async () => {
    await test.server?.close();
    await test.sandbox?.close();
    await test.database?.drop();
    if (test.dir) await rm(test.dir, { recursive: true, force: true });
  });

  return test;
}
