import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runScraper } from '../../server/dist/catalog/run-scraper.js';
import { ServerSecrets } from '../../server/dist/secrets/server-secrets.js';
import { randomBytes } from 'node:crypto';
import { migrate } from './server.js';

const ITEMS = 100_000;
/** Every 100th item changes between the runs. */
const changed = (index: number): boolean => index % 100 === 7;
const DATABASE = 'bench_catalog_file_scale';

export interface FileScaleResult {
  items: number;
  firstMs: number;
  firstAdded: number;
  secondMs: number;
  unchanged: number;
  expectedChanged: number;
  /** Configs whose row the second run rewrote, changes and config events it created. */
  updatedRows: number;
  changes: number;
  events: number;
}

function inventory(second: boolean): string {
  const hosts = Array.from({ length: ITEMS }, (_, index) => ({
    hostname: `host-${String(index).padStart(6, '0')}`,
    rack: `r${index % 250}`,
    os: { name: 'debian', version: second && changed(index) ? '13' : '12' },
    packages: ['openssh-server', 'nginx', 'postgresql-client'],
    owner: `team-${index % 40}`,
  }));
  return JSON.stringify({ hosts });
}

const SPEC = {
  file: [{ type: 'Inventory::Host', id: '$.hostname', name: '$.hostname', items: '$.hosts[*]', labels: { rack: '$.rack', owner: '$.owner' }, paths: ['hosts.json'] }],
};

/**
 * A file scraper of 100,000 hosts run the way the engine's job runs it (runScraper), in a database
 * of its own next to the catalog's: the first run's time, then a second run with 1% of the hosts
 * changed and what it wrote (rows rewritten, changes, config events).
 */
export async function runFileScale(admin: pg.Pool, adminUrl: string, log: (message: string) => void): Promise<FileScaleResult> {
  await admin.query(`drop database if exists ${DATABASE}`);
  await admin.query(`create database ${DATABASE}`);
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pharos-bench-file-'));
  try {
    await migrate(pool);
    const { rows } = await pool.query<{ id: string }>("insert into config_scrapers (name, namespace, spec, source) values ('hosts', 'bench', $1, 'bench') returning id", [JSON.stringify(SPEC)]);
    const id = rows[0]!.id;
    const options = { pool, secrets: new ServerSecrets(randomBytes(32)), baseDir: dir };

    await writeFile(path.join(dir, 'hosts.json'), inventory(false));
    let started = performance.now();
    const first = await runScraper(options, id, AbortSignal.timeout(600_000));
    const firstMs = performance.now() - started;
    if (first.errors.length > 0) throw new Error(`the first scrape failed: ${first.errors.join('; ')}`);
    log(`  first run: ${(firstMs / 1000).toFixed(1)} s`);

    await pool.query("delete from event_queue where name like 'config.%'");
    const { rows: before } = await pool.query<{ at: Date }>('select now() as at');
    await writeFile(path.join(dir, 'hosts.json'), inventory(true));
    started = performance.now();
    const second = await runScraper(options, id, AbortSignal.timeout(600_000));
    const secondMs = performance.now() - started;
    if (second.errors.length > 0) throw new Error(`the second scrape failed: ${second.errors.join('; ')}`);
    log(`  second run: ${(secondMs / 1000).toFixed(1)} s`);
    const { rows: written } = await pool.query<{ updated: number; changes: number; events: number }>(
      `select (select count(*) from configs where scraper_id = $1 and updated_at >= $2)::integer as updated,
              (select count(*) from config_changes where created_at >= $2)::integer as changes,
              (select count(*) from event_queue where name like 'config.%')::integer as events`,
      [id, before[0]!.at],
    );
    const summary = (run: typeof first) => run.summary['Inventory::Host'];
    return {
      items: ITEMS,
      firstMs,
      firstAdded: summary(first)?.added ?? 0,
      secondMs,
      unchanged: summary(second)?.unchanged ?? 0,
      expectedChanged: Array.from({ length: ITEMS }, (_, index) => index).filter(changed).length,
      updatedRows: written[0]!.updated,
      changes: written[0]!.changes,
      events: written[0]!.events,
    };
  } finally {
    await pool.end();
    await rm(dir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${DATABASE}`);
  }
}
