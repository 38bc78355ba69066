/**
 * `npm run bench:jobs`: 100,000 jobs through two worker processes and 100,000 domain events through
 * their consumers, with pickup latency while idle and lost/duplicated counts, against a baseline of
 * plain `INSERT …; DELETE … RETURNING` queue tables on the same database in the same run.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { WorkerMessage, WorkerReport } from './jobs-worker.js';
import { log, runBench, verdict } from './report.js';
import { loadEngineConfig, migrate, openDatabase } from './server.js';

const COUNT = 100_000;
const IDLE_SAMPLES = 200;
const WORKERS = 2;
const INSERT_BATCH = 5_000;
const TARGET_PICKUP_P95_MS = 50;
const TARGET_EVENTS_PER_SECOND = 2_000;
const WORKER_SCRIPT = fileURLToPath(new URL('./jobs-worker.ts', import.meta.url));


interface Worker {
  child: ChildProcess;
  ask(message: WorkerMessage): void;
}

function startWorker(databaseUrl: string): Promise<Worker> {
  const child = fork(WORKER_SCRIPT, { execArgv: ['--import', 'tsx'], env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => (message === 'ready' ? resolve({ child, ask: (m) => child.send(m) }) : reject(new Error(String(message)))));
    child.once('exit', (code) => reject(new Error(`a worker exited with ${code} before it was ready`)));
  });
}

async function collect(workers: readonly Worker[]): Promise<WorkerReport> {
  const reports = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<WorkerReport>((resolve) => {
          worker.child.once('message', (message) => resolve(message as WorkerReport));
          worker.ask('report');
        }),
    ),
  );
  return {
    jobs: reports.flatMap((report) => report.jobs),
    jobPickups: reports.flatMap((report) => report.jobPickups),
    events: reports.flatMap((report) => report.events),
    eventPickups: reports.flatMap((report) => report.eventPickups),
  };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Numbers 1..expected never seen, and those seen more than once. */
function lostAndDuplicated(seen: readonly number[], expected: number): { lost: number; duplicated: number } {
  const unique = new Set(seen);
  let lost = 0;
  for (let n = 1; n <= expected; n++) if (!unique.has(n)) lost++;
  return { lost, duplicated: seen.length - unique.size };
}

async function until(pool: pg.Pool, sql: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ count: string }>(sql);
    if (Number(rows[0]!.count) === 0) return;
    if (Date.now() > deadline) throw new Error(`still ${rows[0]!.count} left after ${timeoutMs} ms: ${sql}`);
    await sleep(100);
  }
}

/** Inserts 1..COUNT in batches through `insertRange(from, to)`. */
async function inBatches(insertRange: (from: number, to: number) => Promise<unknown>): Promise<void> {
  for (let from = 1; from <= COUNT; from += INSERT_BATCH) await insertRange(from, Math.min(COUNT, from + INSERT_BATCH - 1));
}

/**
 * The floor: a plain table filled with INSERT and emptied by `consumers` connections with
 * DELETE … RETURNING (SKIP LOCKED), `take` rows a statement, as a job (1) or an event batch (100) is.
 */
async function baseline(pool: pg.Pool, consumers: number, take: number): Promise<number> {
  await pool.query('drop table if exists bench_baseline; create table bench_baseline (id bigserial primary key, n int not null, payload jsonb not null)');
  const started = performance.now();
  await inBatches((from, to) => pool.query("insert into bench_baseline (n, payload) select n, jsonb_build_object('n', n) from generate_series($1::int, $2::int) n", [from, to]));
  const consume = async () => {
    for (;;) {
      const { rowCount } = await pool.query(
        'delete from bench_baseline where id in (select id from bench_baseline order by id limit $1 for update skip locked) returning n',
        [take],
      );
      if (!rowCount) return;
    }
  };
  await Promise.all(Array.from({ length: consumers }, consume));
  const seconds = (performance.now() - started) / 1000;
  await pool.query('drop table bench_baseline');
  return COUNT / seconds;
}

async function idleJobPickups(pool: pg.Pool): Promise<void> {
  for (let n = 1; n <= IDLE_SAMPLES; n++) {
    await pool.query("select graphile_worker.add_job('bench.job', json_build_object('data', json_build_object('n', $1::int, 'sentAt', $2::bigint)))", [n, Date.now()]);
    await sleep(20);
  }
  await until(pool, "select count(*) from graphile_worker.jobs where task_identifier = 'bench.job'", 30_000);
}

async function idleEventPickups(pool: pg.Pool): Promise<void> {
  for (let n = 1; n <= IDLE_SAMPLES; n++) {
    await pool.query("select enqueue_event('bench.event', $1::text, jsonb_build_object('n', $2::int, 'sentAt', $3::bigint))", [String(n), n, Date.now()]);
    await sleep(20);
  }
  await until(pool, "select count(*) from event_queue where name = 'bench.event'", 30_000);
}

async function jobThroughput(pool: pg.Pool): Promise<number> {
  const started = performance.now();
  await inBatches((from, to) =>
    pool.query(
      `select count(*) from graphile_worker.add_jobs(array(
         select row('bench.job', json_build_object('data', json_build_object('n', n)), null, null, null, null, null, null)::graphile_worker.job_spec
           from generate_series($1::int, $2::int) n))`,
      [from, to],
    ),
  );
  await until(pool, "select count(*) from graphile_worker.jobs where task_identifier = 'bench.job'", 600_000);
  return COUNT / ((performance.now() - started) / 1000);
}

async function eventThroughput(pool: pg.Pool): Promise<number> {
  const started = performance.now();
  await inBatches(async (from, to) => {
    await pool.query(
      "insert into event_queue (name, subject_id, properties) select 'bench.event', n::text, jsonb_build_object('n', n) from generate_series($1::int, $2::int) n",
      [from, to],
    );
    await pool.query("notify pharos_events, 'bench.event'");
  });
  await until(pool, "select count(*) from event_queue where name = 'bench.event'", 600_000);
  return COUNT / ((performance.now() - started) / 1000);
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')).join('\n');
}

async function main(): Promise<void> {
  const concurrency = loadEngineConfig().concurrency;
  log(`Pharos engine benchmark: ${COUNT} jobs and ${COUNT} events, ${WORKERS} worker processes of concurrency ${concurrency}, node ${process.version}, ${os.availableParallelism()} CPUs`);
  const external = process.env['DATABASE_URL']?.trim() || undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-bench-jobs-'));
  const database = await openDatabase({ databaseUrl: external, dataDir, poolSize: 8 });
  const workers: Worker[] = [];
  try {
    const { pool } = database;
    await migrate(pool);
    const databaseUrl = database.url;

    log('baseline: plain INSERT, then DELETE … RETURNING with SKIP LOCKED');
    const jobBaseline = await baseline(pool, WORKERS * concurrency, 1);
    const eventBaseline = await baseline(pool, WORKERS, 100);

    workers.push(...(await Promise.all(Array.from({ length: WORKERS }, () => startWorker(databaseUrl)))));
    log(`idle pickup: ${IDLE_SAMPLES} jobs, then ${IDLE_SAMPLES} events, one every 20 ms`);
    await idleJobPickups(pool);
    await idleEventPickups(pool);
    const idle = await collect(workers);

    log(`throughput: ${COUNT} jobs`);
    const jobsPerSecond = await jobThroughput(pool);
    log(`throughput: ${COUNT} events`);
    const eventsPerSecond = await eventThroughput(pool);
    const heavy = await collect(workers);

    const jobs = lostAndDuplicated(heavy.jobs, COUNT);
    const events = lostAndDuplicated(heavy.events, COUNT);
    const idleJobs = lostAndDuplicated(idle.jobs, IDLE_SAMPLES);
    const idleEvents = lostAndDuplicated(idle.events, IDLE_SAMPLES);
    const lost = jobs.lost + events.lost + idleJobs.lost + idleEvents.lost;
    const duplicated = jobs.duplicated + events.duplicated + idleJobs.duplicated + idleEvents.duplicated;
    const jobP95 = percentile(idle.jobPickups, 95);

    log('');
    log(
      table([
        ['', 'per second', 'baseline/s', 'ratio', 'pickup p50 ms', 'pickup p95 ms', 'lost', 'duplicated'],
        ['jobs', jobsPerSecond.toFixed(0), jobBaseline.toFixed(0), (jobsPerSecond / jobBaseline).toFixed(3), String(percentile(idle.jobPickups, 50)), String(jobP95), String(jobs.lost + idleJobs.lost), String(jobs.duplicated + idleJobs.duplicated)],
        ['events', eventsPerSecond.toFixed(0), eventBaseline.toFixed(0), (eventsPerSecond / eventBaseline).toFixed(3), String(percentile(idle.eventPickups, 50)), String(percentile(idle.eventPickups, 95)), String(events.lost + idleEvents.lost), String(events.duplicated + idleEvents.duplicated)],
      ]),
    );
    log('');
    log(`per second: from the first insert to an empty queue; baseline: the same count through a plain table (jobs one row a statement, events 100)`);
    log(`job pickup p95 when idle < ${TARGET_PICKUP_P95_MS} ms: ${jobP95} ms: ${verdict(jobP95 < TARGET_PICKUP_P95_MS)}`);
    log(`events consumed >= ${TARGET_EVENTS_PER_SECOND}/s: ${eventsPerSecond.toFixed(0)}/s: ${verdict(eventsPerSecond >= TARGET_EVENTS_PER_SECOND)}`);
    log(`lost 0 and duplicated 0: ${lost} lost, ${duplicated} duplicated: ${verdict(lost === 0 && duplicated === 0)}`);
  } finally {
    for (const worker of workers) worker.ask('stop');
    await Promise.all(workers.map((worker) => new Promise((resolve) => (worker.child.exitCode === null ? worker.child.once('exit', resolve) : resolve(undefined)))));
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await runBench(main);
