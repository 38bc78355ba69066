/**
 * `npm run bench:soak`: three `pharos serve` processes on one database while BENCH_SOAK_CHECKS
 * (default 5,000) HTTP and TCP checks run on 30–60 s schedules against a loopback target; first 50
 * signed-in clients browse the main screens (baseline), then BENCH_SOAK_CLIENTS (default 500) for
 * BENCH_SOAK_MINUTES (default 10). Prints p50/p95 per screen call at 50 clients and at the full
 * number, every failed call (there must be none), and each server's RSS and the database's
 * connections over the soak (flat: no leak).
 *
 * Clients are signed in with API tokens, one person each (createToken, as `pharos token create`
 * does): 500 password sign-ins would spend the soak's first minutes hashing passwords on the
 * servers, and a token reaches the same permission checks as a session cookie. Think time between
 * screens: BENCH_SOAK_THINK_MIN_S/BENCH_SOAK_THINK_MAX_S (default 5/15). BENCH_SOAK_WARMUP_S
 * (default 60) and BENCH_SOAK_BASELINE_S (default 120) are the 50-client phases. DATABASE_URL
 * uses that database instead of an embedded one.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { seedCatalog } from './catalog-seed.js';
import { percentile } from './health-lag.js';
import { CheckTarget } from './health-target.js';
import { rssMb } from './proc-usage.js';
import { CleanUps, log, runBench, verdict } from './report.js';
import { openBenchDatabase } from './bench-database.js';
import { freePort, ServeProcess } from './serve-process.js';
import { createToken, seedScale, type Database } from './server.js';
import { CallLog, SoakClients } from './soak-clients.js';
import { CALL_NAMES } from './soak-mix.js';
import { UsageSampler, trendOf, type Sample } from './soak-sampler.js';
import { checksRunSince, seedSoakCanaries, statusesBetween } from './soak-seed.js';
import { seedTree } from './topology-seed.js';

const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const envNumber = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${process.env[name]}"`);
  return value;
};
const SOAK_MINUTES = envNumber('BENCH_SOAK_MINUTES', 10);
const CLIENTS = Math.round(envNumber('BENCH_SOAK_CLIENTS', 500));
const CHECKS = Math.round(envNumber('BENCH_SOAK_CHECKS', 5000));
const WARMUP_S = envNumber('BENCH_SOAK_WARMUP_S', 60);
const BASELINE_S = envNumber('BENCH_SOAK_BASELINE_S', 120);
const THINK_MIN_S = envNumber('BENCH_SOAK_THINK_MIN_S', 5);
const THINK_MAX_S = Math.max(THINK_MIN_S, envNumber('BENCH_SOAK_THINK_MAX_S', 15));
const BASELINE_CLIENTS = Math.min(50, CLIENTS);
const SERVERS = 3;
const SAMPLE_EVERY_MS = 5_000;
const FIRST_RUN_TIMEOUT_MS = 10 * 60_000;
/** RSS may grow over the soak by this share of its first readings plus a fixed allowance (GC noise). */
const RSS_TOLERANCE_SHARE = 0.1;
const RSS_TOLERANCE_MB = 20;
const CONNECTION_TOLERANCE = 2;
/** What the other screens read: a catalog, a topology tree and incidents of an install in use. */
const CATALOG = { configs: 5_000, changes: 50_000, analysis: 5_000, relationships: 5_000 };
const TREE = { roots: 5, children: 10, leaves: 10 };
const INCIDENTS = 1_000;

const cleanups = new CleanUps();
const cleanUp = cleanups.run;
const s = (ms: number): string => (ms / 1000).toFixed(1);

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]): string => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)];
}

function latencyRows(baseline: CallLog, soak: CallLog): string[][] {
  return CALL_NAMES.map((name) => {
    const before = baseline.times.get(name) ?? [];
    const after = soak.times.get(name) ?? [];
    const p95Before = percentile(before, 95);
    const p95After = percentile(after, 95);
    return [
      name,
      String(before.length),
      percentile(before, 50).toFixed(0),
      p95Before.toFixed(0),
      String(after.length),
      percentile(after, 50).toFixed(0),
      p95After.toFixed(0),
      (p95After / p95Before).toFixed(2),
    ];
  });
}

async function waitForFirstRuns(database: Database, since: Date): Promise<void> {
  const deadline = Date.now() + FIRST_RUN_TIMEOUT_MS;
  for (let ran = 0; ran < CHECKS; ran = await checksRunSince(database.pool, since)) {
    if (Date.now() > deadline) throw new Error(`only ${ran} of ${CHECKS} checks ran within ${s(FIRST_RUN_TIMEOUT_MS)} s of the servers' start`);
    await sleep(2_000);
  }
}

async function phase(clients: SoakClients, label: string, count: number, seconds: number): Promise<CallLog> {
  log(`${label}: ${count} clients for ${seconds} s`);
  clients.log = new CallLog();
  clients.grow(count);
  await sleep(seconds * 1000);
  return clients.log;
}

async function main(): Promise<void> {
  log(
    `Pharos soak benchmark: ${SERVERS} servers on one database, ${CHECKS} checks, ${BASELINE_CLIENTS} then ${CLIENTS} clients for ${SOAK_MINUTES} min (think ${THINK_MIN_S}–${THINK_MAX_S} s), node ${process.version}, ${os.availableParallelism()} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const { pool, postmaster, database, dataDir } = await openBenchDatabase(cleanups, 'soak', 4);

  log(`seeding: ${CATALOG.configs} catalog items, a topology of ${TREE.roots}x${TREE.children}x${TREE.leaves}, ${INCIDENTS} incidents, ${CLIENTS} people with tokens`);
  await seedCatalog(pool, CATALOG, () => undefined);
  await seedTree(pool, TREE);
  await seedScale(pool, INCIDENTS);
  const { rows: configRows } = await pool.query<{ id: string }>('select id from configs where deleted_at is null order by id limit 200');
  const stamp = Date.now();
  const tokens: string[] = [];
  for (let n = 0; n < CLIENTS; n++) tokens.push(await createToken(pool, { email: `soak-${stamp}-${n}@example.com`, roles: ['viewer'], tokenName: 'soak' }));

  const { target, url: targetUrl } = await CheckTarget.start();
  cleanups.push(() => target.close());
  target.arrivals.length = 0;
  const checksPerSecond = await seedSoakCanaries(pool, CHECKS, targetUrl);
  log(`${CHECKS} checks (half HTTP, half TCP) on 30/45/60 s schedules: ${checksPerSecond.toFixed(0)} checks/s expected`);

  // Every process on one database needs the same key (README, PHAROS_SECRET_KEY); each has its own data folder.
  process.env['PHAROS_SECRET_KEY'] ||= randomBytes(32).toString('hex');
  const started = new Date();
  const servers: ServeProcess[] = [];
  for (let n = 0; n < SERVERS; n++) {
    const serverDir = path.join(dataDir, `serve-${n}`);
    await mkdir(serverDir);
    const server = await ServeProcess.start({ rootDir: ROOT_DIR, dataDir: serverDir, databaseUrl: database.url, port: await freePort(), logLevel: 'warn' });
    servers.push(server);
    cleanups.push(() => server.stop());
  }
  log(`servers: ${servers.map((server) => `${server.url} (pid ${server.pid})`).join(', ')}`);
  await waitForFirstRuns(database, started);
  log(`every check ran once ${s(Date.now() - started.getTime())} s after the servers' start`);
  // Arrivals are not needed: keep the target from holding millions of them.
  const keepArrivalsEmpty = setInterval(() => (target.arrivals.length = 0), 10_000);
  cleanups.push(async () => clearInterval(keepArrivalsEmpty));

  const sampler = new UsageSampler(pool, servers.map((server) => server.pid), SAMPLE_EVERY_MS);
  cleanups.push(async () => sampler.stop());
  const clients = new SoakClients({ servers: servers.map((server) => server.url), tokens, configIds: configRows.map((row) => row.id), thinkMinMs: THINK_MIN_S * 1000, thinkMaxMs: THINK_MAX_S * 1000 });
  cleanups.push(() => clients.stop());

  const warmup = await phase(clients, 'warm-up', BASELINE_CLIENTS, WARMUP_S);
  const baseline = await phase(clients, 'baseline', BASELINE_CLIENTS, BASELINE_S);
  const ramp = await phase(clients, 'ramp-up (not measured)', CLIENTS, THINK_MAX_S);
  const soakFrom = performance.now();
  const soakFromDate = new Date();
  const soak = await phase(clients, 'soak', CLIENTS, SOAK_MINUTES * 60);
  const soakTo = performance.now();
  const soakToDate = new Date();
  await clients.stop();
  sampler.stop();
  const statuses = await statusesBetween(pool, soakFromDate, soakToDate);
  const expectedStatuses = checksPerSecond * ((soakToDate.getTime() - soakFromDate.getTime()) / 1000);
  const postgresRss = postmaster ? rssMb(postmaster) : undefined;

  log('');
  log(`per call (ms), ${BASELINE_CLIENTS} clients for ${BASELINE_S} s vs ${CLIENTS} clients for ${SOAK_MINUTES} min:`);
  for (const line of table(['call', `n@${BASELINE_CLIENTS}`, `p50@${BASELINE_CLIENTS}`, `p95@${BASELINE_CLIENTS}`, `n@${CLIENTS}`, `p50@${CLIENTS}`, `p95@${CLIENTS}`, 'p95 ratio'], latencyRows(baseline, soak))) log(line);
  log('');
  const soakSeconds = (soakTo - soakFrom) / 1000;
  log(`calls: baseline ${baseline.calls} (${(baseline.calls / BASELINE_S).toFixed(1)}/s), soak ${soak.calls} (${(soak.calls / soakSeconds).toFixed(1)}/s)`);
  log(`checks during the soak: ${statuses} results written, ${expectedStatuses.toFixed(0)} scheduled (${((100 * statuses) / expectedStatuses).toFixed(0)}%)`);
  const samples: Sample[] = sampler.between(soakFrom, soakTo);
  const rssTrends = servers.map((_, n) => {
    const points = samples.map((sample) => ({ at: sample.at, value: sample.rss[n]! }));
    const firstThird = points.slice(0, Math.max(1, Math.floor(points.length / 3))).map((point) => point.value);
    const tolerance = RSS_TOLERANCE_MB + RSS_TOLERANCE_SHARE * (firstThird.reduce((a, b) => a + b, 0) / Math.max(1, firstThird.length));
    return { trend: trendOf(points, tolerance), tolerance };
  });
  for (const [n, { trend, tolerance }] of rssTrends.entries()) {
    log(
      `server ${n + 1} RSS over the soak (${samples.length} readings): first ${trend.first.toFixed(0)} MB, last ${trend.last.toFixed(0)} MB, max ${trend.max.toFixed(0)} MB, slope ${trend.slopePerMinute.toFixed(1)} MB/min, last third - first third ${trend.growth.toFixed(1)} MB (flat within ${tolerance.toFixed(0)} MB)`,
    );
  }
  const connections = trendOf(samples.map((sample) => ({ at: sample.at, value: sample.connections })), CONNECTION_TOLERANCE);
  log(
    `database connections over the soak: first ${connections.first}, last ${connections.last}, max ${connections.max}, slope ${connections.slopePerMinute.toFixed(2)}/min, last third - first third ${connections.growth.toFixed(1)} (flat within ${CONNECTION_TOLERANCE})`,
  );
  if (postgresRss !== undefined) log(`embedded PostgreSQL postmaster RSS at the end: ${postgresRss.toFixed(0)} MB`);
  const errors = warmup.failed + baseline.failed + ramp.failed + soak.failed;
  for (const failure of [...warmup.failures, ...baseline.failures, ...ramp.failures, ...soak.failures].slice(0, 10)) log(`  failed: ${failure}`);
  const warnings = servers.flatMap((server) => server.warnings());
  if (warnings.length > 0) log(`server warnings (last kept): ${warnings.length}; first: ${warnings[0]!.slice(0, 300)}`);
  const serversUp = servers.every((server) => server.running);

  log('');
  log(`errors (non-2xx or network) over all phases = 0: ${errors}: ${verdict(errors === 0)}`);
  log(`every server still running: ${verdict(serversUp)}`);
  log(`RSS flat over the soak on every server: ${verdict(rssTrends.every(({ trend }) => trend.flat))}`);
  log(`database connections flat over the soak: ${verdict(connections.flat)}`);
  if (errors > 0 || !serversUp || !rssTrends.every(({ trend }) => trend.flat) || !connections.flat) process.exitCode = 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

await runBench(main, cleanUp);
