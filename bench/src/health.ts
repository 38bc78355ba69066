/**
 * `npm run bench:health`: 10,000 HTTP checks on a 60 s schedule against a local HTTP server, run by a
 * real `pharos serve`: scheduling lag, the server's CPU and memory against a plain Node loop making the
 * same requests, lag while ten people sign in and load the dashboard, every check run once after a
 * restart, and GET /api/canary/api/summary over 30 days of history against a plain read of the checks.
 *
 * BENCH_HEALTH_QUIET_S (default 180) and BENCH_HEALTH_RAW_HOURS (default 24) shorten a run;
 * BENCH_HEALTH_SUMMARY_ONLY=1 skips everything but the summary; BENCH_HEALTH_SUMMARY_REQUESTS (default
 * 200) is the requests per range; BENCH_HEALTH_PROFILE=DIR writes the server's CPU profiles (node
 * --cpu-prof) there.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { lagsOf, percentile, type LagResult } from './health-lag.js';
import { createCanaries, seedHistory, type Layout, type SeededCanary } from './health-seed.js';
import { HealthServer } from './health-server.js';
import { signInAndLoadDashboard } from './health-sign-in.js';
import { CheckTarget } from './health-target.js';
import { CpuMeter, cpuSeconds, rssMb, treeCpuSeconds } from './proc-usage.js';
import { CleanUps, log, runBench, verdict } from './report.js';
import { openBenchDatabase } from './bench-database.js';
import { freePort } from './serve-process.js';
import { createIdentity, createToken, transaction } from './server.js';

const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const BASELINE_SCRIPT = fileURLToPath(new URL('./health-baseline.ts', import.meta.url));
const LAYOUTS: readonly Layout[] = [
  { canaries: 500, checksEach: 10 },
  { canaries: 5, checksEach: 1000 },
];
const CHECKS = LAYOUTS.reduce((sum, layout) => sum + layout.canaries * layout.checksEach, 0);
const INTERVAL_MS = 60_000;
const SCHEDULE = '@every 1m';
const RATE = CHECKS / (INTERVAL_MS / 1000);
const QUIET_S = Number(process.env['BENCH_HEALTH_QUIET_S'] ?? 180);
const BUSY_S = 60;
const WARMUP_S = 30;
const BASELINE_S = 30;
/** Longer than the interval: after it every schedule is overdue and runs at start. */
const DOWNTIME_S = 65;
const PEOPLE = 10;
const SIGN_IN_EVERY_S = 15;
const PASSWORD = 'a long bench password 42';
const HISTORY_DAYS = 30;
const RAW_HOURS = Number(process.env['BENCH_HEALTH_RAW_HOURS'] ?? 24);
const SUMMARY_REQUESTS = Number(process.env['BENCH_HEALTH_SUMMARY_REQUESTS'] ?? 200);
const SUMMARY_ONLY = process.env['BENCH_HEALTH_SUMMARY_ONLY'] === '1';
const PROFILE_DIR = process.env['BENCH_HEALTH_PROFILE']?.trim();

const TARGET_LAG_P95_MS = 5_000;
const TARGET_CORES = 0.5;
const TARGET_SUMMARY_P95_MS = 100;
/** Lag while people sign in may exceed the quiet lag by this factor (and 250 ms of noise) at most. */
const MAX_BUSY_LAG_RATIO = 1.5;

const cleanups = new CleanUps();
const cleanUp = cleanups.run;

const s = (ms: number): string => (ms / 1000).toFixed(2);
/** The machine's load average over 1, 5 and 15 minutes: a shared machine's figures read against it. */
const loadAverage = (): string => os.loadavg().map((load) => load.toFixed(1)).join(' / ');
const mb = (value: number): string => value.toFixed(0);

/** Samples a process's RSS every second until stopped: average and peak MB. */
function rssSampler(pid: number): { stop(): { avg: number; max: number } } {
  const samples: number[] = [];
  const timer = setInterval(() => {
    try {
      samples.push(rssMb(pid));
    } catch {
      // exited
    }
  }, 1000);
  return {
    stop: () => {
      clearInterval(timer);
      return { avg: samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length), max: Math.max(...samples) };
    },
  };
}

/** The plain loop: CPU cores and RSS of a Node process making RATE requests a second to the target. */
async function baseline(targetUrl: string): Promise<{ cores: number; rss: { avg: number; max: number }; sent: number; failed: number }> {
  const child = fork(BASELINE_SCRIPT, [targetUrl, String(RATE), String(CHECKS), String(BASELINE_S)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the baseline exited with ${code}`)));
  });
  const pid = child.pid!;
  // tsx's start-up is not the loop's: measure from the first second on.
  await sleep(1000);
  const cpu = new CpuMeter(() => cpuSeconds(pid));
  const rss = rssSampler(pid);
  const result = await new Promise<{ sent: number; failed: number }>((resolve) => child.once('message', (message) => resolve(message as { sent: number; failed: number })));
  const cores = cpu.cores();
  const memory = rss.stop();
  child.kill();
  return { cores, rss: memory, ...result };
}

/** Resolves once every check reached the target at or after `since` (Date.now()); answers when the last one did. */
async function allChecksRun(target: CheckTarget, since: number, timeoutMs: number): Promise<number> {
  const seen = new Set<number>();
  let index = 0;
  let last = since;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (; index < target.arrivals.length; index++) {
      const arrival = target.arrivals[index]!;
      if (arrival.at >= since && arrival.check < CHECKS && !seen.has(arrival.check)) {
        seen.add(arrival.check);
        last = arrival.at;
      }
    }
    if (seen.size === CHECKS) return last;
    if (Date.now() > deadline) throw new Error(`only ${seen.size} of ${CHECKS} checks ran within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** Each check's schedule phase (its ticks are phase + k * interval) and layout, from job_schedules. */
async function phases(pool: pg.Pool, canaries: readonly SeededCanary[]): Promise<{ phaseOf: Float64Array; layoutOf: Uint8Array }> {
  const { rows } = await pool.query<{ name: string; next_run_at: Date }>(
    "select c.name, s.next_run_at from canaries c join job_schedules s on s.key = 'canary:' || c.id where c.source = 'bench' and c.deleted_at is null",
  );
  const next = new Map(rows.map((row) => [row.name, row.next_run_at.getTime()]));
  const phaseOf = new Float64Array(CHECKS);
  const layoutOf = new Uint8Array(CHECKS);
  for (const canary of canaries) {
    const at = next.get(canary.name);
    if (at === undefined) throw new Error(`canary ${canary.name} has no schedule`);
    phaseOf.fill(at % INTERVAL_MS, canary.first, canary.first + canary.count);
    layoutOf.fill(canary.layout, canary.first, canary.first + canary.count);
  }
  return { phaseOf, layoutOf };
}

function lagLine(label: string, result: LagResult): { p95: number; line: string } {
  const all = result.lags.flat();
  const p95 = percentile(all, 95);
  const perLayout = LAYOUTS.map((layout, index) => `${layout.canaries}x${layout.checksEach}: ${s(percentile(result.lags[index]!, 95))}`).join(', ');
  return {
    p95,
    line: `${label.padEnd(22)} lag p50 ${s(percentile(all, 50))} s, p95 ${s(p95)} s (${perLayout}), max ${s(Math.max(...all))} s; ${result.expected - result.missed}/${result.expected} ticks ran`,
  };
}

async function main(): Promise<void> {
  const layoutText = LAYOUTS.map((layout) => `${layout.canaries} canaries of ${layout.checksEach}`).join(' + ');
  log(`Pharos health benchmark: ${CHECKS} HTTP checks (${layoutText}) ${SCHEDULE}, ${RATE.toFixed(0)} checks/s, node ${process.version}, ${os.availableParallelism()} CPUs, load average ${loadAverage()}`);
  const { pool, postmaster, database, dataDir } = await openBenchDatabase(cleanups, 'health', 8);
  const { target, url: targetUrl } = await CheckTarget.start();
  cleanups.push(() => target.close());

  if (!SUMMARY_ONLY) log(`baseline: a plain Node loop requesting the target ${RATE.toFixed(0)} times a second for ${BASELINE_S} s`);
  const plain = SUMMARY_ONLY ? undefined : await baseline(targetUrl);

  const canaries = await createCanaries(pool, LAYOUTS, targetUrl, SCHEDULE);
  const stamp = Date.now();
  const people = Array.from({ length: PEOPLE }, (_, i) => `bench-person-${stamp}-${i}@example.com`);
  for (const email of people) {
    await transaction(pool, (client) => createIdentity(client, { traits: { email, name: { first: 'Bench', last: 'Person' } }, password: PASSWORD, roles: ['viewer'], verified: true, adoptExistingPerson: true }));
  }
  const token = await createToken(pool, { email: `bench-reader-${stamp}@example.com`, roles: ['viewer'], tokenName: 'bench' });

  const port = await freePort();
  const serverOptions = { rootDir: ROOT_DIR, dataDir, databaseUrl: database.url, port, nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [] };
  let server = await HealthServer.start(serverOptions);
  cleanups.push(() => server.stop());
  const firstStart = Date.now() - (performance.now() - server.spawnedAt);
  log(`first start: syncing ${canaries.length} canaries, then every check runs once`);
  const firstDone = await allChecksRun(target, firstStart, 10 * 60_000);
  log(`first start: every check ran ${s(firstDone - firstStart)} s after the server was spawned${SUMMARY_ONLY ? '' : `; ${WARMUP_S} s warm-up`}`);
  /** Scheduling lag, CPU and memory, lag with people signing in, and a restart: lines to report and verdicts. */
  const measureScheduling = async (): Promise<{ lines(): void; verdicts(): void }> => {
    await sleep(WARMUP_S * 1000);

    const { phaseOf, layoutOf } = await phases(pool, canaries);
    const lag = (from: number, to: number): LagResult => lagsOf(target.since(from), phaseOf, layoutOf, LAYOUTS.length, INTERVAL_MS, from, to);

    log(`quiet: ${QUIET_S} s`);
    const quietFrom = Date.now();
    const serverCpu = new CpuMeter(() => cpuSeconds(server.pid));
    const databaseCpu = postmaster ? new CpuMeter(() => treeCpuSeconds(postmaster)) : undefined;
    const rss = rssSampler(server.pid);
    await sleep(QUIET_S * 1000);
    const quietTo = Date.now();
    const cores = serverCpu.cores();
    const databaseCores = databaseCpu?.cores();
    const memory = rss.stop();

    log(`busy: ${BUSY_S} s, ${PEOPLE} people signing in at once and loading the dashboard summary every ${SIGN_IN_EVERY_S} s`);
    const busyFrom = Date.now();
    const signIns: { signInMs: number; summaryMs: number; checks: number }[] = [];
    for (let round = 0; round < BUSY_S / SIGN_IN_EVERY_S; round++) {
      const next = sleep(SIGN_IN_EVERY_S * 1000);
      signIns.push(...(await Promise.all(people.map((email) => signInAndLoadDashboard(server.url, email, PASSWORD)))));
      await next;
    }
    const busyTo = Date.now();
    await sleep(20_000);
    const quiet = lagLine('quiet', lag(quietFrom, quietTo));
    const busy = lagLine('people signing in', lag(busyFrom, busyTo));

    log(`restart: SIGTERM, ${DOWNTIME_S} s down, start again`);
    await server.stop();
    await sleep(DOWNTIME_S * 1000);
    server = await HealthServer.start(serverOptions);
    const restartSpawned = Date.now() - (performance.now() - server.spawnedAt);
    const restartDone = await allChecksRun(target, restartSpawned, 5 * 60_000);
    const restartMs = restartDone - restartSpawned;
    const listeningMs = server.listeningAt - server.spawnedAt;
    await server.stop();
    const lagP95 = Math.max(quiet.p95, busy.p95);
    const quietResult = lag(quietFrom, quietTo);
    return {
      lines: () => {
        if (plain) log(`plain loop (baseline)  ${plain.sent} requests, ${plain.failed} failed: ${plain.cores.toFixed(3)} cores, RSS ${mb(plain.rss.avg)} MB avg, ${mb(plain.rss.max)} MB max`);
        log(`pharos serve (quiet)   ${cores.toFixed(3)} cores, RSS ${mb(memory.avg)} MB avg, ${mb(memory.max)} MB max${databaseCores !== undefined ? `; its PostgreSQL ${databaseCores.toFixed(3)} cores` : ''}`);
        if (plain) log(`server / plain loop CPU: ${(cores / plain.cores).toFixed(2)}`);
        log(quiet.line);
        log(busy.line);
        log(`sign-in p95 ${percentile(signIns.map((x) => x.signInMs), 95).toFixed(0)} ms, dashboard summary p95 ${percentile(signIns.map((x) => x.summaryMs), 95).toFixed(0)} ms (${signIns.length} of each)`);
        log(`restart: listening after ${s(listeningMs)} s, every check ran ${s(restartMs)} s after the spawn`);
      },
      verdicts: () => {
        log(`scheduling lag p95 < ${s(TARGET_LAG_P95_MS)} s, no tick missed: ${s(lagP95)} s, ${quietResult.missed} missed: ${verdict(lagP95 < TARGET_LAG_P95_MS && quietResult.missed === 0)}`);
        log(`server CPU <= ${TARGET_CORES} cores on average: ${cores.toFixed(3)}: ${verdict(cores <= TARGET_CORES)}`);
        log(`lag with people signing in not above quiet (x${MAX_BUSY_LAG_RATIO} + 250 ms): ${s(busy.p95)} s vs ${s(quiet.p95)} s: ${verdict(busy.p95 <= quiet.p95 * MAX_BUSY_LAG_RATIO + 250)}`);
        log(`after a restart every check ran within one interval (${s(INTERVAL_MS)} s): ${s(restartMs)} s: ${verdict(restartMs <= INTERVAL_MS)}`);
      },
    };
  };
  if (SUMMARY_ONLY) await server.stop();
  const scheduling = SUMMARY_ONLY ? undefined : await measureScheduling();

  log(`history: ${HISTORY_DAYS} days of roll-ups for every check, raw statuses for the last ${RAW_HOURS} h`);
  const seedStarted = performance.now();
  const end = new Date(Math.floor(firstStart / 3_600_000) * 3_600_000);
  await seedHistory(pool, end, HISTORY_DAYS, RAW_HOURS, (message) => log(`  ${message} (${s(performance.now() - seedStarted)} s)`));
  const { rows: counts } = await pool.query<{ raw: string; hourly: string; daily: string }>(
    'select (select count(*) from check_statuses) as raw, (select count(*) from check_statuses_1h) as hourly, (select count(*) from check_statuses_1d) as daily',
  );
  server = await HealthServer.start(serverOptions);
  /** ms from sending each request to its answer's headers (the server's part), by range. */
  const headersMs = new Map<string, number[]>();
  /** ms from sending the request to the last byte of the answer; the answer is checked after. */
  const summary = async (start: string): Promise<number> => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/canary/api/summary?start=${start}`, { headers: { authorization: `Bearer ${token}` } });
    headersMs.set(start, [...(headersMs.get(start) ?? []), performance.now() - started]);
    const text = await response.text();
    const elapsed = performance.now() - started;
    const body = JSON.parse(text) as { checks_summary?: unknown[] };
    if (response.status !== 200 || body.checks_summary?.length !== CHECKS) throw new Error(`the summary for ${start} answered ${response.status} with ${body.checks_summary?.length} checks`);
    return elapsed;
  };
  /** The floor: the same checks read with pg and written as JSON by the bench itself. */
  const plainRead = async (): Promise<number> => {
    const started = performance.now();
    const { rows } = await pool.query('select id, name, status, labels, last_runtime from checks where deleted_at is null order by name');
    JSON.stringify(rows);
    return performance.now() - started;
  };
  const repeat = async (work: () => Promise<number>, count: number): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < count; i++) times.push(await work());
    return times;
  };
  const coldHour = await summary('1h');
  const coldMonth = await summary('30d');
  await plainRead();
  headersMs.clear();
  const summaryHour = await repeat(() => summary('1h'), SUMMARY_REQUESTS);
  const summaryMonth = await repeat(() => summary('30d'), SUMMARY_REQUESTS);
  const plainTimes = await repeat(plainRead, SUMMARY_REQUESTS);
  await server.stop();

  log('');
  scheduling?.lines();
  log(`history: ${Number(counts[0]!.raw).toLocaleString('en')} raw statuses, ${Number(counts[0]!.hourly).toLocaleString('en')} hourly and ${Number(counts[0]!.daily).toLocaleString('en')} daily roll-ups`);
  const p95Hour = percentile(summaryHour, 95);
  const p95Month = percentile(summaryMonth, 95);
  const p95Plain = percentile(plainTimes, 95);
  log(`GET /api/canary/api/summary ${CHECKS} checks, first request after the start (measures the range): 1h ${coldHour.toFixed(0)} ms, 30d ${coldMonth.toFixed(0)} ms`);
  log(`GET /api/canary/api/summary ${CHECKS} checks, ${SUMMARY_REQUESTS} requests each: 1h p50 ${percentile(summaryHour, 50).toFixed(0)} ms p95 ${p95Hour.toFixed(0)} ms; 30d p50 ${percentile(summaryMonth, 50).toFixed(0)} ms p95 ${p95Month.toFixed(0)} ms`);
  const headersLine = (start: string): string => `${start} p50 ${percentile(headersMs.get(start) ?? [], 50).toFixed(0)} ms p95 ${percentile(headersMs.get(start) ?? [], 95).toFixed(0)} ms`;
  log(`  of which until the answer's headers (the server's part; the rest is its bytes and their decoding): ${headersLine('1h')}; ${headersLine('30d')}`);
  log(`plain read of the checks (baseline, pg + JSON.stringify in the bench): p95 ${p95Plain.toFixed(0)} ms; summary / plain p95: 1h ${(p95Hour / p95Plain).toFixed(2)}, 30d ${(p95Month / p95Plain).toFixed(2)}`);
  log(`load average at the end (1 / 5 / 15 min): ${loadAverage()}`);
  log('');
  scheduling?.verdicts();
  log(`summary p95 < ${TARGET_SUMMARY_P95_MS} ms for 1h and 30d: ${p95Hour.toFixed(0)} / ${p95Month.toFixed(0)} ms: ${verdict(p95Hour < TARGET_SUMMARY_P95_MS && p95Month < TARGET_SUMMARY_P95_MS)}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

await runBench(main, cleanUp);
