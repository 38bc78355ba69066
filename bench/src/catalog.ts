/**
 * `npm run bench:catalog`: the catalog at scale. 1,000,000 config items and 10,000,000 changes in the
 * shape the scraper's write path leaves (seeded once in bulk into an embedded PostgreSQL kept in
 * .pharos/bench-catalog, or DATABASE_URL), then a real `pharos serve` answers the catalog screens'
 * reads — the summary, the search box's configs query, the changes page (all types and one type)
 * and config_detail — each p50/p95 over repeated requests next to the plain `SELECT count(*)` of the
 * same filter in the same run. Then a file scraper of 100,000 items, run twice with 1% changed
 * between, in a database of its own.
 *
 * BENCH_CATALOG_REQUESTS (default 100) is the requests per read; BENCH_CATALOG_SCALE (default 1)
 * shrinks the catalog for a quick try (its own data folder); BENCH_CATALOG_SEED_ONLY=1 only seeds;
 * BENCH_CATALOG_SKIP_FILE=1 skips the file scraper; BENCH_CATALOG_EXPLAIN=1 prints EXPLAIN ANALYZE of
 * each read's count and of the summary.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFileScale, type FileScaleResult } from './catalog-file-scale.js';
import { catalogProbes, type ProbeContext } from './catalog-probes.js';
import { measureProbe, type ProbeResult } from './catalog-requests.js';
import { explainReads } from './catalog-explain.js';
import { openSeededCatalog } from './catalog-store.js';
import { CleanUps, log, runBench, verdict } from './report.js';
import { freePort, ServeProcess } from './serve-process.js';
import { createToken } from './server.js';

const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const SCALE = Number(process.env['BENCH_CATALOG_SCALE'] ?? 1);
const SIZE = { configs: 1_000_000, changes: 10_000_000, analysis: 100_000, relationships: 200_000 };
for (const key of Object.keys(SIZE) as (keyof typeof SIZE)[]) SIZE[key] = Math.round(SIZE[key] * SCALE);
const DATA_DIR = process.env['BENCH_CATALOG_DATA_DIR']?.trim() || path.join(ROOT_DIR, '.pharos', SCALE === 1 ? 'bench-catalog' : `bench-catalog-${SCALE}`);
const REQUESTS = Number(process.env['BENCH_CATALOG_REQUESTS'] ?? 100);
const SEED_ONLY = process.env['BENCH_CATALOG_SEED_ONLY'] === '1';
const SKIP_FILE = process.env['BENCH_CATALOG_SKIP_FILE'] === '1';
const EXPLAIN = process.env['BENCH_CATALOG_EXPLAIN'] === '1';
/** The changes page's type filter: a type of about 1.5% of the items, so its 200 newest changes are spread thin. */
const CHANGES_TYPE = 'AWS::EC2::Instance';
const DETAIL_CONFIGS = 50;

const TARGET_P95_MS = 200;
const TARGET_FILE_MS = 60_000;

const cleanups = new CleanUps();
const ms = (value: number): string => value.toFixed(1);

function resultLine(result: ProbeResult): string {
  return `${result.name}\n    p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms; count(*) of the same filter (${result.rows.toLocaleString('en')} rows) p50 ${ms(result.countP50)} ms, p95 ${ms(result.countP95)} ms; p95 ratio ${(result.p95 / result.countP95).toFixed(2)}`;
}

async function main(): Promise<void> {
  const external = process.env['DATABASE_URL']?.trim() || undefined;
  const seeded = await openSeededCatalog(DATA_DIR, external, SIZE, log);
  const { database } = seeded;
  cleanups.push(() => database.close());
  log(`catalog seeded ${seeded.seededAt.toISOString()} in ${seeded.seedSeconds.toFixed(0)} s${seeded.seededNow ? '' : ' (reused)'}`);
  if (SEED_ONLY) return;
  const { pool } = database;
  const { rows: sizes } = await pool.query<{ configs: string; live: string; changes: string; analysis: string }>(
    `select (select count(*) from configs) as configs, (select count(*) from configs where deleted_at is null) as live,
            (select count(*) from config_changes) as changes, (select count(*) from config_analysis) as analysis`,
  );
  const counted = sizes[0]!;
  log(`catalog: ${Number(counted.configs).toLocaleString('en')} configs (${Number(counted.live).toLocaleString('en')} live), ${Number(counted.changes).toLocaleString('en')} changes, ${Number(counted.analysis).toLocaleString('en')} insights`);

  const { rows: detailRows } = await pool.query<{ id: string }>(
    "select id from configs where source = 'bench' and deleted_at is null order by md5(id::text) limit $1",
    [DETAIL_CONFIGS],
  );
  const token = await createToken(pool, { email: `bench-catalog-${Date.now()}@example.com`, roles: ['viewer'], tokenName: 'bench' });
  const port = await freePort();
  const server = await ServeProcess.start({ rootDir: ROOT_DIR, dataDir: DATA_DIR, databaseUrl: database.url, port, logLevel: 'warn' });
  cleanups.push(() => server.stop());
  const context: ProbeContext = { url: server.url, token, detailIds: detailRows.map((row) => row.id), changesType: CHANGES_TYPE };
  const probes = catalogProbes(context);
  if (EXPLAIN) await explainReads(pool, probes, CHANGES_TYPE, log);

  const results: ProbeResult[] = [];
  for (const probe of probes) {
    log(`measuring ${probe.name}: ${REQUESTS} requests`);
    results.push(await measureProbe(pool, probe, REQUESTS));
  }
  await server.stop();

  let file: FileScaleResult | undefined;
  if (!SKIP_FILE) {
    log('file scraper: 100,000 items in a database of its own, a first run and a second with 1% changed');
    file = await runFileScale(pool, database.url, log);
  }

  log('');
  for (const result of results) log(resultLine(result));
  if (file) {
    log(`file scraper of ${file.items.toLocaleString('en')} items: first run ${ms(file.firstMs / 1000)} s (${file.firstAdded.toLocaleString('en')} added); second run with 1% changed ${ms(file.secondMs / 1000)} s: ${file.updatedRows.toLocaleString('en')} configs rewritten, ${file.changes.toLocaleString('en')} changes, ${file.events.toLocaleString('en')} events, ${file.unchanged.toLocaleString('en')} unchanged`);
  }
  log('');
  for (const result of results) log(`${result.name}: p95 ${ms(result.p95)} ms < ${TARGET_P95_MS} ms: ${verdict(result.p95 < TARGET_P95_MS)}`);
  if (file) {
    log(`file scraper of 100,000 items under ${TARGET_FILE_MS / 1000} s: ${ms(file.firstMs / 1000)} s: ${verdict(file.firstMs < TARGET_FILE_MS)}`);
    const onlyChanged = file.updatedRows === file.expectedChanged && file.changes === file.expectedChanged;
    log(`second run writes only the ${file.expectedChanged.toLocaleString('en')} changed items: ${file.updatedRows.toLocaleString('en')} rewritten, ${file.changes.toLocaleString('en')} changes: ${verdict(onlyChanged)}`);
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanups.run().finally(() => process.exit(130));
  });
}

await runBench(main, cleanups.run);
