/**
 * `npm run bench:suspects`: GET /api/suspects?check_id= of a failing check over a catalog of
 * 1,000,000 configs (a tree of fan-out 10) and 10,000,000 changes over 7 days, answered by a real
 * `pharos serve`, next to a naive query in the same run: one recursive SQL walk of the relationships
 * joined to every change of the configs it meets in the window, scored and sorted in SQL.
 *
 * BENCH_SUSPECTS_SCALE (default 1) shrinks the configs and changes for a quick try (0.1: 100,000 and
 * 1,000,000); BENCH_SUSPECTS_REQUESTS (default 200) is the requests of each kind.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { percentile } from './health-lag.js';
import { CleanUps, log, runBench, verdict } from './report.js';
import { openBenchDatabase } from './bench-database.js';
import { freePort, ServeProcess } from './serve-process.js';
import { createToken } from './server.js';
import { seedSuspects, type SuspectsSize } from './suspects-seed.js';

const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const SCALE = Number(process.env['BENCH_SUSPECTS_SCALE'] ?? 1);
const SIZE: SuspectsSize = { configs: Math.round(1_000_000 * SCALE), changes: Math.round(10_000_000 * SCALE), checks: 200 };
const REQUESTS = Number(process.env['BENCH_SUSPECTS_REQUESTS'] ?? 200);
const TARGET_P95_MS = 300;

const cleanups = new CleanUps();
const ms = (value: number): string => value.toFixed(1);
const summary = (label: string, times: number[]): string => `${label}: p50 ${ms(percentile(times, 50))} ms, p95 ${ms(percentile(times, 95))} ms`;

/** The straightforward way: walk and rank in one statement, every change of the window read and scored. */
const NAIVE = `
  WITH RECURSIVE walk(id, depth) AS (
    SELECT config_id, 1 FROM check_config_relationships WHERE check_id = $1 AND deleted_at IS NULL
    UNION
    SELECT CASE WHEN r.config_id = w.id THEN r.related_id ELSE r.config_id END, w.depth + 1
      FROM walk w JOIN config_relationships r ON (r.config_id = w.id OR r.related_id = w.id) AND r.deleted_at IS NULL
     WHERE w.depth < 3
  ),
  nodes AS (SELECT id, min(depth) AS distance FROM walk GROUP BY id),
  at AS (SELECT min(time) AS t FROM check_statuses WHERE check_id = $1 AND NOT status AND time > (SELECT max(time) FROM check_statuses WHERE check_id = $1 AND status))
  SELECT ch.id, ch.config_id, ch.change_type, ch.severity, ch.summary, ch.diff, ch.created_at, n.distance,
         0.35 * (1 - extract(epoch FROM (at.t - ch.created_at)) / 3600) + 0.3 / (1 + n.distance) AS score
    FROM config_changes ch JOIN nodes n ON n.id = ch.config_id JOIN configs c ON c.id = ch.config_id AND c.deleted_at IS NULL, at
   WHERE ch.created_at > at.t - interval '1 hour' AND ch.created_at <= at.t
   ORDER BY score DESC LIMIT 20`;

async function main(): Promise<void> {
  log(`Pharos suspects benchmark: ${SIZE.configs.toLocaleString('en')} configs, ${SIZE.changes.toLocaleString('en')} changes over 7 days, ${SIZE.checks} failing checks, node ${process.version}, ${os.availableParallelism()} CPUs`);
  const { pool, database, dataDir } = await openBenchDatabase(cleanups, 'suspects', 4);
  log('seeding');
  await seedSuspects(pool, SIZE, log);
  const server = await ServeProcess.start({ rootDir: ROOT_DIR, dataDir, databaseUrl: database.url, port: await freePort(), logLevel: 'warn' });
  cleanups.push(() => server.stop());
  const token = await createToken(pool, { email: `bench-suspects-${Date.now()}@example.com`, roles: ['viewer'], tokenName: 'bench' });
  const { rows: checks } = await pool.query<{ id: string }>("select id from checks where name like 'suspects-check-%' order by name");

  let found = 0;
  const ranked = async (index: number): Promise<number> => {
    const checkId = checks[index % checks.length]!.id;
    const begun = performance.now();
    const response = await fetch(`${server.url}/api/suspects?check_id=${checkId}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    const elapsed = performance.now() - begun;
    if (response.status !== 200) throw new Error(`GET /api/suspects answered ${response.status}: ${text.slice(0, 200)}`);
    found += (JSON.parse(text) as { suspects: unknown[] }).suspects.length;
    return elapsed;
  };
  const naive = async (client: pg.Pool, index: number): Promise<number> => {
    const begun = performance.now();
    await client.query(NAIVE, [checks[index % checks.length]!.id]);
    return performance.now() - begun;
  };

  await ranked(0);
  await naive(pool, 0);
  log(`measuring: ${REQUESTS} requests of each, over ${checks.length} checks`);
  const api: number[] = [];
  for (let i = 0; i < REQUESTS; i++) api.push(await ranked(i));
  const baseline: number[] = [];
  for (let i = 0; i < REQUESTS; i++) baseline.push(await naive(pool, i));
  await server.stop();

  const apiP95 = percentile(api, 95);
  log('');
  log(summary('GET /api/suspects (walk of 3 hops, per-config index range scans, ranked; over HTTP)', api));
  log(`  ${(found / REQUESTS).toFixed(1)} suspects a request on average`);
  log(summary('naive query (one recursive walk joined to the window of changes, scored in SQL; pg in the bench, no HTTP)', baseline));
  log(`naive / API p95: ${(percentile(baseline, 95) / apiP95).toFixed(2)}`);
  log('');
  log(`GET /api/suspects p95 < ${TARGET_P95_MS} ms: ${ms(apiP95)} ms: ${verdict(apiP95 < TARGET_P95_MS)}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanups.run().finally(() => process.exit(130));
  });
}

await runBench(main, cleanups.run);
