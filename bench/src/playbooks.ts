/**
 * `npm run bench:playbooks`: 1,000 runs of a one-action exec playbook started over HTTP
 * (POST /api/playbook/run) and run by two worker processes: start latency (from sending the request
 * to the action running) at a steady pace, runs per second in a burst, and runs lost or run twice
 * (each run's script writes its id to a file), against the engine's bare job pickup (a job that
 * does nothing, queued at the same pace to the same workers) in the same run as the baseline.
 *
 * BENCH_PLAYBOOKS_RUNS (default 1000) and BENCH_PLAYBOOKS_PACE_MS (default 40: 25 runs a second)
 * change the load.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { PlaybooksWorkerMessage } from './playbooks-worker.js';
import { CleanUps, log, runBench, verdict } from './report.js';
import { buildApp, createToken, loadEngineConfig, migrate, openDatabase } from './server.js';

const RUNS = Number(process.env['BENCH_PLAYBOOKS_RUNS'] ?? 1000);
const PACE_MS = Number(process.env['BENCH_PLAYBOOKS_PACE_MS'] ?? 40);
const WORKERS = 2;
const BURST_PARALLEL = 16;
const TARGET_START_P95_MS = 100;
const WORKER_SCRIPT = fileURLToPath(new URL('./playbooks-worker.ts', import.meta.url));

interface Worker {
  child: ChildProcess;
  ask(message: PlaybooksWorkerMessage): void;
}

function startWorker(databaseUrl: string): Promise<Worker> {
  const child = fork(WORKER_SCRIPT, { execArgv: ['--import', 'tsx'], env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => (message === 'ready' ? resolve({ child, ask: (m) => child.send(m) }) : reject(new Error(String(message)))));
    child.once('exit', (code) => reject(new Error(`a worker exited with ${code} before it was ready`)));
  });
}

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

async function until(pool: pg.Pool, sql: string, values: unknown[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ count: string }>(sql, values);
    if (Number(rows[0]!.count) === 0) return;
    if (Date.now() > deadline) throw new Error(`still ${rows[0]!.count} left after ${timeoutMs} ms`);
    await sleep(100);
  }
}

const cleanUps = new CleanUps();

async function main(): Promise<void> {
  const concurrency = loadEngineConfig().concurrency;
  log(`Pharos playbook benchmark: ${RUNS} runs of a one-action exec playbook, ${WORKERS} worker processes of concurrency ${concurrency}, node ${process.version}, ${os.availableParallelism()} CPUs`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-bench-playbooks-'));
  cleanUps.push(() => rm(dataDir, { recursive: true, force: true }));
  const database = await openDatabase({ databaseUrl: process.env['DATABASE_URL']?.trim() || undefined, dataDir: path.join(dataDir, 'db'), poolSize: 24 });
  cleanUps.push(() => database.close());
  const { pool } = database;
  await migrate(pool);

  const workers = await Promise.all(Array.from({ length: WORKERS }, () => startWorker(database.url)));
  cleanUps.push(async () => {
    for (const worker of workers) worker.ask('stop');
    await Promise.all(workers.map((worker) => new Promise((resolve) => (worker.child.exitCode === null ? worker.child.once('exit', resolve) : resolve(undefined)))));
  });
  const app = await buildApp({ pool, webDir: null });
  cleanUps.push(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const token = await createToken(pool, { email: 'bench@example.com', roles: ['admin'] });

  const ranFile = path.join(dataDir, 'ran');
  const { rows } = await pool.query<{ id: string }>(`insert into playbooks (name, title, spec) values ('bench', 'Bench', $1) returning id`, [
    JSON.stringify({ actions: [{ name: 'note', exec: { script: `echo {{.run.id}} >> ${ranFile}` } }] }),
  ]);
  const playbookId = rows[0]!.id;
  const start = async (): Promise<{ runId: string; sentAt: number }> => {
    const sentAt = Date.now();
    const response = await fetch(`${url}/api/playbook/run`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ id: playbookId }) });
    if (response.status !== 201) throw new Error(`POST /api/playbook/run answered ${response.status}: ${await response.text()}`);
    return { runId: ((await response.json()) as { run_id: string }).run_id, sentAt };
  };
  const pending = "select count(*) from playbook_runs where status not in ('completed', 'failed', 'cancelled')";

  log(`baseline: ${RUNS} bare jobs, one every ${PACE_MS} ms`);
  for (let n = 0; n < RUNS; n++) {
    await pool.query("select graphile_worker.add_job('bench.pickup', json_build_object('data', json_build_object('sentAt', $1::bigint)))", [Date.now()]);
    await sleep(PACE_MS);
  }
  await until(pool, "select count(*) from graphile_worker.jobs where task_identifier = 'bench.pickup'", [], 60_000);
  const pickups = (await Promise.all(workers.map((worker) => new Promise<number[]>((resolve) => (worker.child.once('message', (m) => resolve(m as number[])), worker.ask('report')))))).flat();

  log(`steady: ${RUNS} runs, one every ${PACE_MS} ms`);
  const paced: { runId: string; sentAt: number }[] = [];
  for (let n = 0; n < RUNS; n++) {
    const next = Date.now() + PACE_MS;
    paced.push(await start());
    await sleep(Math.max(0, next - Date.now()));
  }
  await until(pool, pending, [], 300_000);
  const { rows: failures } = await pool.query<{ error: string; count: string }>("select coalesce(a.error, r.error) as error, count(*) from playbook_runs r left join playbook_run_actions a on a.playbook_run_id = r.id where r.status <> 'completed' group by 1");
  for (const failure of failures) log(`  ${failure.count} runs did not complete: ${failure.error}`);
  const { rows: starts } = await pool.query<{ id: string; started: Date }>(
    `select r.id, a.start_time as started from playbook_runs r join playbook_run_actions a on a.playbook_run_id = r.id where r.id = any($1::uuid[]) and a.start_time is not null`,
    [paced.map((run) => run.runId)],
  );
  const startedAt = new Map(starts.map((row) => [row.id, row.started.getTime()]));
  const latencies = paced.filter((run) => startedAt.has(run.runId)).map((run) => startedAt.get(run.runId)! - run.sentAt);

  log(`burst: ${RUNS} runs, ${BURST_PARALLEL} requests at a time`);
  const burstStarted = performance.now();
  let sent = 0;
  await Promise.all(
    Array.from({ length: BURST_PARALLEL }, async () => {
      while (sent < RUNS) {
        sent++;
        await start();
      }
    }),
  );
  await until(pool, pending, [], 600_000);
  const runsPerSecond = RUNS / ((performance.now() - burstStarted) / 1000);

  const ran = (await readFile(ranFile, 'utf8')).split('\n').filter(Boolean);
  const { rows: counts } = await pool.query<{ completed: string; total: string }>("select count(*) filter (where status = 'completed') as completed, count(*) as total from playbook_runs");
  const unique = new Set(ran);
  const lost = Number(counts[0]!.total) - unique.size;
  const twice = ran.length - unique.size;
  const p95 = percentile(latencies, 95);
  const baseP95 = percentile(pickups, 95);

  log('');
  log(`bare job pickup (baseline): p50 ${percentile(pickups, 50)} ms, p95 ${baseP95} ms (${pickups.length} jobs)`);
  log(`run start latency (request sent → action running): p50 ${percentile(latencies, 50)} ms, p95 ${p95} ms, max ${Math.max(...latencies)} ms; ratio to the bare pickup p95 ${(p95 / Math.max(1, baseP95)).toFixed(1)}`);
  log(`burst: ${runsPerSecond.toFixed(1)} runs per second (request to completed, ${RUNS} runs)`);
  log(`runs: ${counts[0]!.total} started, ${counts[0]!.completed} completed, ${lost} lost, ${twice} run twice`);
  log('');
  log(`start latency p95 < ${TARGET_START_P95_MS} ms: ${p95} ms: ${verdict(p95 < TARGET_START_P95_MS)}`);
  log(`none lost or run twice: ${verdict(lost === 0 && twice === 0 && Number(counts[0]!.completed) === Number(counts[0]!.total))}`);
}

await runBench(main, cleanUps.run);
