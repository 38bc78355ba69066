/**
 * `npm run bench:agents`: one agent pushes 100,000 config items and 1,000,000 check statuses to a real
 * `pharos serve` with the agent's own push code (pages of 500 read from its database, acknowledged
 * one by one), against a plain COPY of the same rows into the same tables in the same run; then ten
 * agents push at once while GET /api/canary/api/summary is timed (from a process of its own, as a
 * person's browser is not the agents' machine), against the same requests on a quiet server.
 *
 * The summary's p95 while they push must stay within twice its quiet p95.
 *
 * BENCH_AGENTS_CONFIGS (default 100000), BENCH_AGENTS_STATUSES (default 1000000) and
 * BENCH_AGENTS_EACH (rows each of the ten agents pushes, default 50000) shorten a run;
 * BENCH_AGENTS_NODE_ARGS adds node flags to the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { copyBaseline } from './agents-copy.js';
import { seedAgentData } from './agents-seed.js';
import { percentile } from './health-lag.js';
import { CleanUps, log, runBench, verdict } from './report.js';
import { freePort, ServeProcess } from './serve-process.js';
import { createLogger, createToken, migrate, openDatabase, pushAllTables, UpstreamClient } from './server.js';

const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const CONFIGS = Number(process.env['BENCH_AGENTS_CONFIGS'] ?? 100_000);
const STATUSES = Number(process.env['BENCH_AGENTS_STATUSES'] ?? 1_000_000);
const EACH = Number(process.env['BENCH_AGENTS_EACH'] ?? 50_000);
const AGENTS = 10;
const PAGE = 500;
const TARGET_PUSH_S = 60;
const SUMMARY_SAMPLES = 300;
/** Requests before the quiet ones are timed: the first builds the answer and warms the server up. */
const SUMMARY_WARM_UP = 10;
/** The summary's p95 while ten agents push, at most this many times its quiet p95. */
const TARGET_SUMMARY_RATIO = 2;

const cleanups = new CleanUps();

async function extraDatabase(admin: pg.Pool, baseUrl: string, name: string): Promise<pg.Pool> {
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on('error', (error) => log(`${name}: an idle connection failed: ${error.message}`));
  cleanups.push(() => pool.end());
  await migrate(pool);
  return pool;
}

async function generateAgent(url: string, admin: string, name: string): Promise<{ id: string; token: string }> {
  const response = await fetch(`${url}/api/agent/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (response.status !== 201) throw new Error(`creating agent ${name} answered ${response.status}: ${await response.text()}`);
  const agent = (await response.json()) as { id: string; access_token: string };
  return { id: agent.id, token: agent.access_token };
}

const SUMMARY_TIMER = fileURLToPath(new URL('./agents-summary-timer.ts', import.meta.url));

/**
 * Milliseconds of each GET /api/canary/api/summary, one after another, timed by a process of its own
 * (agents-summary-timer.ts): `count` of them, or until `stop` is called.
 */
function timeSummary(url: string, token: string, count = 0): { times: Promise<number[]>; stop: () => void } {
  const child = fork(SUMMARY_TIMER, [url, token, String(count)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const times = new Promise<number[]>((resolve, reject) => {
    child.once('message', (message) => resolve(message as number[]));
    child.once('exit', (code) => reject(new Error(`the summary timer exited with ${code} before answering`)));
  });
  return { times, stop: () => child.send('stop') };
}

const NOW = new Date().toISOString();

/** One of the ten agents: its canary and check, then `rows` results in pages of 500, one page at a time. */
async function pushAsAgent(client: InstanceType<typeof UpstreamClient>, rows: number): Promise<void> {
  const canaryId = randomUUID();
  const checkId = randomUUID();
  await client.push({
    canaries: [{ id: canaryId, name: `bench-${canaryId}`, namespace: 'bench', labels: {}, spec: {}, source: 'UI', icon: null, created_at: NOW, updated_at: NOW, deleted_at: null }],
    checks: [{
      id: checkId, canary_id: canaryId, type: 'tcp', name: 'port', namespace: 'bench', description: null, icon: null, owner: null, endpoint: null,
      labels: {}, severity: null, spec: {}, status: 'healthy', last_runtime: NOW, next_runtime: null, last_transition_time: null, silenced_at: null,
      created_at: NOW, updated_at: NOW, deleted_at: null,
    }],
  });
  const start = Date.now() - rows * 1000;
  for (let offset = 0; offset < rows; offset += PAGE) {
    const page = Array.from({ length: Math.min(PAGE, rows - offset) }, (_, index) => ({
      check_id: checkId, time: new Date(start + (offset + index) * 1000).toISOString(), status: index % 9 !== 0, invalid: false,
      duration: index % 300, message: 'ok', error: null, detail: null, created_at: NOW,
    }));
    const answer = await client.push({ check_statuses: page });
    if (answer.tables.check_statuses?.applied !== page.length) throw new Error(`a page was not stored whole: ${JSON.stringify(answer.tables)}`);
  }
}

async function main(): Promise<void> {
  log(`Pharos agent sync benchmark: ${CONFIGS} config items and ${STATUSES} check statuses from one agent, then ${AGENTS} agents × ${EACH} statuses at once; node ${process.version}, ${os.availableParallelism()} CPUs`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-bench-agents-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const copyDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-bench-agents-copy-'));
  await chmod(copyDir, 0o777);
  cleanups.push(() => rm(copyDir, { recursive: true, force: true }));
  const database = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 4 });
  cleanups.push(() => database.close());
  await migrate(database.pool);
  const agentPool = await extraDatabase(database.pool, database.url, 'bench_agent');
  const copyPool = await extraDatabase(database.pool, database.url, 'bench_copy');

  let started = performance.now();
  await seedAgentData(agentPool, CONFIGS, STATUSES);
  log(`seeded the agent's database in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const baseline = await copyBaseline(agentPool, copyPool, copyDir);
  log(`baseline: COPY of ${baseline.rows} rows into the same tables: ${baseline.seconds.toFixed(2)} s, ${(baseline.rows / baseline.seconds).toFixed(0)} rows/s`);

  const serverDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-bench-agents-server-'));
  cleanups.push(() => rm(serverDir, { recursive: true, force: true }));
  const nodeArgs = (process.env['BENCH_AGENTS_NODE_ARGS'] ?? '').split(' ').filter((arg) => arg !== '');
  const server = await ServeProcess.start({ rootDir: ROOT_DIR, dataDir: serverDir, databaseUrl: database.url, port: await freePort(), logLevel: 'warn', nodeArgs });
  cleanups.push(() => server.stop());
  const admin = await createToken(database.pool, { email: `bench-${randomUUID()}@example.com`, roles: ['admin'] });
  const agents = [];
  for (let index = 0; index <= AGENTS; index += 1) agents.push(await generateAgent(server.url, admin, `bench-agent-${index}`));

  await timeSummary(server.url, admin, SUMMARY_WARM_UP).times;
  const quiet = await timeSummary(server.url, admin, SUMMARY_SAMPLES).times;

  const logger = createLogger('warn', 'stderr');
  started = performance.now();
  const sent = await pushAllTables({ pool: agentPool, upstream: new UpstreamClient(server.url, agents[0]!.token), logger });
  const pushSeconds = (performance.now() - started) / 1000;
  const pushedRows = (sent['configs'] ?? 0) + (sent['check_statuses'] ?? 0);
  const { rows: stored } = await database.pool.query<{ configs: string; statuses: string }>(
    `select (select count(*) from configs where agent_id = $1)::text as configs,
            (select count(*) from check_statuses s join checks c on c.id = s.check_id where c.agent_id = $1)::text as statuses`,
    [agents[0]!.id],
  );
  log(`one agent: pushed ${JSON.stringify(sent)} in ${pushSeconds.toFixed(2)} s, ${(pushedRows / pushSeconds).toFixed(0)} rows/s; upstream holds ${stored[0]!.configs} items and ${stored[0]!.statuses} statuses of it`);

  const busyTimer = timeSummary(server.url, admin);
  started = performance.now();
  await Promise.all(agents.slice(1).map((agent) => pushAsAgent(new UpstreamClient(server.url, agent.token), EACH)));
  const tenSeconds = (performance.now() - started) / 1000;
  busyTimer.stop();
  const busy = await busyTimer.times;
  log(`${AGENTS} agents at once: ${AGENTS * EACH} statuses in ${tenSeconds.toFixed(2)} s, ${((AGENTS * EACH) / tenSeconds).toFixed(0)} rows/s`);

  const complete = Number(stored[0]!.configs) === CONFIGS && Number(stored[0]!.statuses) === STATUSES;
  const ratio = pushedRows / pushSeconds / (baseline.rows / baseline.seconds);
  log('');
  log(`push, one agent           ${(pushedRows / pushSeconds).toFixed(0).padStart(9)} rows/s   COPY ${(baseline.rows / baseline.seconds).toFixed(0)} rows/s   ratio ${ratio.toFixed(3)}`);
  log(`push time                 ${pushSeconds.toFixed(2).padStart(9)} s        target < ${TARGET_PUSH_S} s   ${verdict(pushSeconds < TARGET_PUSH_S)}`);
  log(`every row upstream once   ${String(complete).padStart(9)}                         ${verdict(complete)}`);
  log(`summary p95 quiet         ${percentile(quiet, 95).toFixed(1).padStart(9)} ms       (${quiet.length} requests)`);
  log(`summary p95, 10 pushing   ${percentile(busy, 95).toFixed(1).padStart(9)} ms       (${busy.length} requests)`);
  const slowdown = percentile(busy, 95) / percentile(quiet, 95);
  log(`summary p95 pushing/quiet ${slowdown.toFixed(2).padStart(9)} ×        target ≤ ${TARGET_SUMMARY_RATIO} ×    ${verdict(slowdown <= TARGET_SUMMARY_RATIO)}`);
  if (!complete || pushSeconds >= TARGET_PUSH_S || slowdown > TARGET_SUMMARY_RATIO) process.exitCode = 1;
}

void runBench(main, cleanups.run);
