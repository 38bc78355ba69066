/**
 * `npm run bench:sla`: GET /api/reports/sla over 10,000 checks and one year of history, answered by a
 * real `pharos serve`, next to the same report read from the daily roll-up alone in the same run (what
 * it would cost without the monthly roll-up). Target: under 1 s.
 *
 * The history is what a year of running leaves: the monthly roll-up of every ended month, the daily
 * roll-up of the last 270 days, with one check in twenty failing on some days.
 * BENCH_SLA_CHECKS (default 10000) and BENCH_SLA_REQUESTS (default 20) change the size.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { percentile } from './health-lag.js';
import { CleanUps, log, runBench, verdict } from './report.js';
import { openBenchDatabase } from './bench-database.js';
import { seedStep } from './seed-step.js';
import { freePort, ServeProcess } from './serve-process.js';
import { createToken } from './server.js';

const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const CHECKS = Number(process.env['BENCH_SLA_CHECKS'] ?? 10_000);
const REQUESTS = Number(process.env['BENCH_SLA_REQUESTS'] ?? 20);
const TARGET_MS = 1_000;

const cleanups = new CleanUps();
const ms = (value: number): string => value.toFixed(1);
const summary = (label: string, times: number[]): string => `${label}: p50 ${ms(percentile(times, 50))} ms, p95 ${ms(percentile(times, 95))} ms`;

/** The year from the daily roll-up alone, totals per check as the report makes them. */
const DAILY_ONLY = `
  SELECT check_id, sum(passed), sum(failed), sum(total), sum(duration_sum), max(duration_max)
    FROM check_statuses_1d WHERE time >= now() - interval '365 days' GROUP BY check_id`;

async function main(): Promise<void> {
  log(`Pharos SLA report benchmark: ${CHECKS.toLocaleString('en')} checks × 1 year, node ${process.version}, ${os.availableParallelism()} CPUs`);
  const { pool, database, dataDir } = await openBenchDatabase(cleanups, 'sla', 4);

  log('seeding');
  const db = await pool.connect();
  try {
    const step = seedStep(db, log);
    await db.query('set synchronous_commit = off');
    await step('canary', `insert into canaries (id, name, spec) values ('00000000-0000-4000-8000-00000000beef', 'bench-sla', '{}')`);
    await step(
      'checks',
      `insert into checks (id, canary_id, name, type, labels)
       select md5('bench-sla-' || n)::uuid, '00000000-0000-4000-8000-00000000beef', 'sla-check-' || n, 'http', jsonb_build_object('team', 'team-' || n % 20)
         from generate_series(1, $1) n`,
      [CHECKS],
    );
    // A day of one check in twenty fails 30 of its 1,440 results; the others pass all day.
    const day = `SELECT md5('bench-sla-' || n)::uuid AS check_id, d AS time, 1440 AS total,
                        CASE WHEN (n + extract(doy FROM d)::int) % 20 = 0 THEN 1410 ELSE 1440 END AS passed,
                        CASE WHEN (n + extract(doy FROM d)::int) % 20 = 0 THEN 30 ELSE 0 END AS failed,
                        1440 * (100 + n % 50)::bigint AS duration_sum, 50 AS duration_min, 400 + n % 100 AS duration_max
                   FROM generate_series(1, $1) n,
                        generate_series(date_trunc('day', now() - interval '365 days', 'UTC'), date_trunc('day', now(), 'UTC'), interval '1 day') d`;
    await step('daily roll-up, a year (the benchmark keeps what a longer retention would)', `insert into check_statuses_1d ${day}`, [CHECKS]);
    await step(
      'monthly roll-up of the ended months',
      `insert into check_statuses_1mo (check_id, time, total, passed, failed, duration_sum, duration_min, duration_max)
       select check_id, date_trunc('month', time, 'UTC'), sum(total), sum(passed), sum(failed), sum(duration_sum), min(duration_min), max(duration_max)
         from check_statuses_1d where time < date_trunc('month', now(), 'UTC') group by 1, 2`,
    );
    await step('analyze', 'analyze check_statuses_1d; analyze check_statuses_1mo; analyze checks');
  } finally {
    db.release();
  }

  const server = await ServeProcess.start({ rootDir: ROOT_DIR, dataDir, databaseUrl: database.url, port: await freePort(), logLevel: 'warn' });
  cleanups.push(() => server.stop());
  const token = await createToken(pool, { email: `bench-sla-${Date.now()}@example.com`, roles: ['viewer'], tokenName: 'bench' });
  const report = async (query: string): Promise<number> => {
    const begun = performance.now();
    const response = await fetch(`${server.url}/api/reports/sla?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET /api/reports/sla answered ${response.status}: ${Buffer.from(body).toString().slice(0, 200)}`);
    return performance.now() - begun;
  };
  const dailyOnly = async (): Promise<number> => {
    const begun = performance.now();
    await pool.query(DAILY_ONLY);
    return performance.now() - begun;
  };

  await report('period=365d');
  await dailyOnly();
  log(`measuring: ${REQUESTS} requests of each`);
  const kinds: [string, string][] = [
    ['period=365d&limit=10000 (every check)', 'period=365d&limit=10000'],
    ['period=365d&group_by=label:team', 'period=365d&group_by=label:team'],
    ['period=365d&format=csv&limit=10000', 'period=365d&format=csv&limit=10000'],
    ['period=30d (daily roll-up)', 'period=30d'],
  ];
  const figures = new Map<string, number[]>();
  for (const [label, query] of kinds) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) times.push(await report(query));
    figures.set(label, times);
  }
  const baseline: number[] = [];
  for (let i = 0; i < REQUESTS; i++) baseline.push(await dailyOnly());
  await server.stop();

  log('');
  for (const [label, times] of figures) log(summary(`GET /api/reports/sla?${label} (over HTTP)`, times));
  log(summary('baseline: the year summed per check from the daily roll-up alone (pg in the bench, no HTTP, no JSON)', baseline));
  const yearP95 = percentile(figures.get(kinds[0]![0])!, 95);
  log(`daily-only baseline / report p95: ${(percentile(baseline, 95) / yearP95).toFixed(2)}`);
  log('');
  log(`a year of ${CHECKS.toLocaleString('en')} checks answers in < ${TARGET_MS} ms (p95): ${ms(yearP95)} ms: ${verdict(yearP95 < TARGET_MS)}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanups.run().finally(() => process.exit(130));
  });
}

await runBench(main, cleanups.run);
