/**
 * `npm run bench:topology`: 10,000 components in 3 levels (10 systems of 30 services of 33 pods) with
 * a live HTTP check linked to every pod, run by a real `pharos serve` against a local target, plus
 * catalog items with insights and an incident linked to some of them. Measures GET /api/topology for
 * the root (the systems, their services and every summary) over repeated requests while the checks
 * keep running, next to a plain SELECT of the same rows in the same run, and GET /api/topology?id=
 * of one system (its services as cards with their pods) for information.
 *
 * BENCH_TOPOLOGY_REQUESTS (default 200) is the requests per read; BENCH_TOPOLOGY_SCALE (default 1)
 * shrinks the pods per service for a quick try; BENCH_TOPOLOGY_EXPLAIN=1 prints EXPLAIN ANALYZE of the
 * root's statement.
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { CheckTarget } from './health-target.js';
import { percentile } from './health-lag.js';
import { explainRoot } from './topology-explain.js';
import { CleanUps, log, runBench, verdict } from './report.js';
import { openBenchDatabase } from './bench-database.js';
import { freePort, ServeProcess } from './serve-process.js';
import { createToken } from './server.js';
import { componentCount, createLeafCanaries, leafCount, seedTree, type TreeShape } from './topology-seed.js';

const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const SCALE = Number(process.env['BENCH_TOPOLOGY_SCALE'] ?? 1);
const SHAPE: TreeShape = { roots: 10, children: 30, leaves: Math.max(1, Math.round(33 * SCALE)) };
const REQUESTS = Number(process.env['BENCH_TOPOLOGY_REQUESTS'] ?? 200);
/** Each check runs every five minutes: about 33 checks a second while the reads are measured. */
const SCHEDULE = '@every 5m';
const TARGET_P95_MS = 200;
const EXPLAIN = process.env['BENCH_TOPOLOGY_EXPLAIN'] === '1';

const cleanups = new CleanUps();
const ms = (value: number): string => value.toFixed(1);

async function waitForChecks(pool: pg.Pool, count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ ran: string }>("select count(*) as ran from checks where name like 'leaf-check-%' and status is not null and deleted_at is null");
    if (Number(rows[0]!.ran) >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${rows[0]!.ran} of ${count} checks ran within ${timeoutMs / 1000} s`);
    await sleep(1000);
  }
}

async function repeat(count: number, work: () => Promise<number>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await work());
  return times;
}

const summary = (label: string, times: number[]): string => `${label}: p50 ${ms(percentile(times, 50))} ms, p95 ${ms(percentile(times, 95))} ms`;

async function main(): Promise<void> {
  const components = componentCount(SHAPE);
  const leaves = leafCount(SHAPE);
  log(`Pharos topology benchmark: ${components.toLocaleString('en')} components (${SHAPE.roots} x ${SHAPE.children} x ${SHAPE.leaves}), ${leaves.toLocaleString('en')} HTTP checks ${SCHEDULE}, node ${process.version}, ${os.availableParallelism()} CPUs`);
  const { pool, database, dataDir } = await openBenchDatabase(cleanups, 'topology', 4);
  const { target, url: targetUrl } = await CheckTarget.start();
  cleanups.push(() => target.close());

  await createLeafCanaries(pool, leaves, targetUrl, SCHEDULE);
  const server = await ServeProcess.start({ rootDir: ROOT_DIR, dataDir, databaseUrl: database.url, port: await freePort(), logLevel: 'warn' });
  cleanups.push(() => server.stop());
  const started = performance.now();
  log(`waiting for the server to sync the canaries and run every check once`);
  await waitForChecks(pool, leaves, 10 * 60_000);
  log(`every check ran ${(performance.now() - started) / 1000 | 0} s after the start; seeding the components`);
  await seedTree(pool, SHAPE);
  const token = await createToken(pool, { email: `bench-topology-${Date.now()}@example.com`, roles: ['viewer'], tokenName: 'bench' });

  const read = async (query: string, check: (body: { components: { components?: unknown[] }[] }) => boolean): Promise<number> => {
    const begun = performance.now();
    const response = await fetch(`${server.url}/api/topology${query}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    const elapsed = performance.now() - begun;
    if (response.status !== 200 || !check(JSON.parse(text) as { components: { components?: unknown[] }[] })) throw new Error(`GET /api/topology${query} answered ${response.status}: ${text.slice(0, 200)}`);
    return elapsed;
  };
  const rootRead = () => read('', (body) => body.components.length === SHAPE.roots && body.components.every((c) => c.components?.length === SHAPE.children));
  const { rows: firstRoot } = await pool.query<{ id: string }>("select id from components where parent_id is null and name = 'system-0'");
  const systemRead = () => read(`?id=${firstRoot[0]!.id}`, (body) => body.components.length === 1 && body.components[0]!.components?.length === SHAPE.children);
  /** The floor: the same rows (the systems and their services) read with pg and written as JSON by the bench itself. */
  const plainRead = async (): Promise<number> => {
    const begun = performance.now();
    const { rows } = await pool.query(
      `select * from components where deleted_at is null and not hidden
          and (parent_id is null or parent_id in (select id from components where parent_id is null and deleted_at is null))`,
    );
    if (rows.length !== SHAPE.roots * (1 + SHAPE.children)) throw new Error(`the plain read found ${rows.length} rows`);
    JSON.stringify(rows);
    return performance.now() - begun;
  };

  const cold = await rootRead();
  if (EXPLAIN) await explainRoot(pool, log);
  await plainRead();
  await systemRead();
  const arrivalsBefore = target.arrivals.length;
  const measuredFrom = performance.now();
  log(`measuring: ${REQUESTS} requests of each, the checks still running`);
  const root = await repeat(REQUESTS, rootRead);
  const plain = await repeat(REQUESTS, plainRead);
  const system = await repeat(REQUESTS, systemRead);
  const checkRate = (target.arrivals.length - arrivalsBefore) / ((performance.now() - measuredFrom) / 1000);
  await server.stop();

  const rootP95 = percentile(root, 95);
  const plainP95 = percentile(plain, 95);
  log('');
  log(`checks run while measuring: ${checkRate.toFixed(1)} a second`);
  log(`GET /api/topology (root), first request ${ms(cold)} ms`);
  log(summary(`GET /api/topology (root: ${SHAPE.roots} systems with ${SHAPE.children} services each, summaries over ${components.toLocaleString('en')} components)`, root));
  log(summary(`plain SELECT of the same ${SHAPE.roots * (1 + SHAPE.children)} rows (baseline, pg + JSON.stringify in the bench)`, plain));
  log(`root / plain p95: ${(rootP95 / plainP95).toFixed(2)}`);
  log(summary(`GET /api/topology?id= (one system: ${SHAPE.children} service cards with ${SHAPE.leaves} pods each)`, system));
  log('');
  log(`GET /api/topology root p95 < ${TARGET_P95_MS} ms: ${ms(rootP95)} ms: ${verdict(rootP95 < TARGET_P95_MS)}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanups.run().finally(() => process.exit(130));
  });
}

await runBench(main, cleanups.run);
