// Repeated failovers of the PostgreSQL under two `pharos serve` processes: a Patroni cluster of two
// nodes behind HAProxy (scripts/cluster/up.sh), a canary ticking every second, and each round the
// primary's postmaster killed (kill -9). Prints, per round, when Patroni promoted the replica, how
// long each Pharos process answered 503 on /api/ready, and the longest gap between check ticks.
// BENCH_FAILOVER_ROUNDS (3) sets the rounds.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { BenchCluster } from './failover/cluster.js';
import { CleanUps, log, runBench } from './report.js';
import { createToken } from './server.js';
import { freePort, ServeProcess } from './serve-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ROUNDS = Number(process.env['BENCH_FAILOVER_ROUNDS'] ?? 3);
/** A round that has not recovered by then fails the benchmark. */
const ROUND_TIMEOUT_MS = 180_000;

const seconds = (ms: number): string => `${(ms / 1_000).toFixed(1)} s`;

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = ROUND_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

const status = (url: string): Promise<number> =>
  fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
    async (response) => {
      await response.arrayBuffer();
      return response.status;
    },
    () => 0,
  );

/** Polls /api/ready of one process: the first answer other than 200 and the first 200 after it. */
async function watchReady(url: string, stop: AbortSignal): Promise<{ from: number; to: number } | null> {
  let from: number | null = null;
  while (!stop.aborted) {
    const at = Date.now();
    const answer = await status(`${url}/api/ready`);
    if (answer !== 200 && from === null) from = at;
    if (answer === 200 && from !== null) return { from, to: at };
    await sleep(100);
  }
  return from === null ? null : { from, to: Date.now() };
}

async function main(cleanUps: CleanUps): Promise<void> {
  const ticks: number[] = [];
  const target = createServer((request, response) => {
    if (request.url === '/tick') ticks.push(Date.now());
    response.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  cleanUps.push(() => new Promise((resolve) => target.close(resolve)));
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

  log('starting the cluster (etcd, two Patroni nodes, HAProxy)');
  const cluster = await BenchCluster.start(ROOT);
  cleanUps.push(() => cluster.down());
  process.env['PHAROS_SECRET_KEY'] ??= 'bench-failover-key-of-at-least-32-characters';
  const servers: ServeProcess[] = [];
  for (const name of ['first', 'second']) {
    const dataDir = await mkdtemp(path.join(tmpdir(), `pharos-bench-failover-${name}-`));
    cleanUps.push(() => rm(dataDir, { recursive: true, force: true }));
    const server = await ServeProcess.start({ rootDir: ROOT, dataDir, databaseUrl: cluster.databaseUrl, port: await freePort(), logLevel: 'warn' });
    cleanUps.push(() => server.stop());
    servers.push(server);
  }
  const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 1 });
  pool.on('error', () => undefined);
  cleanUps.push(() => pool.end());
  const token = await createToken(pool, { email: 'bench-failover@example.com', roles: ['admin'] });
  const applied = await fetch(`${servers[0]!.url}/api/apply`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' },
    body: `apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata: {name: failover-bench, namespace: default}\nspec:\n  schedule: "@every 1s"\n  http:\n    - {name: tick, url: "${targetUrl}/tick"}\n`,
  });
  if (applied.status !== 200) throw new Error(`applying the canary answered ${applied.status}: ${await applied.text()}`);
  await waitFor('the first ticks', async () => ticks.length, (count) => count >= 3);

  const rows: string[][] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const before = await waitFor('a leader and a streaming replica', () => cluster.members(), (members) => members.length === 2 && members.every((member) => member.state === 'running' || member.state === 'streaming'));
    const leader = before.find((member) => member.role === 'leader')!.name;
    const stop = new AbortController();
    const watches = servers.map((server) => watchReady(server.url, stop.signal));
    const killedAt = await cluster.killPostgres(leader);
    const promoted = await waitFor('the promotion', () => cluster.lastPromotion(), (at) => at !== null && at > killedAt);
    await waitFor('both Pharos processes ready', () => Promise.all(servers.map((server) => status(`${server.url}/api/ready`))), (answers) => answers.every((answer) => answer === 200));
    const recoveredAt = Date.now();
    await waitFor('ticks after recovery', async () => ticks.filter((at) => at > recoveredAt).length, (count) => count >= 2);
    stop.abort();
    const outages = await Promise.all(watches);
    const around = ticks.filter((at) => at > killedAt.getTime() - 5_000);
    const gap = Math.max(...around.slice(1).map((at, index) => at - around[index]!));
    const dead = servers.filter((server) => !server.running);
    if (dead.length > 0) throw dead[0]!.failure('a Pharos process died during the failover');
    rows.push([
      String(round),
      leader,
      seconds(promoted!.getTime() - killedAt.getTime()),
      ...outages.map((outage) => (outage ? seconds(outage.to - outage.from) : 'none seen')),
      seconds(gap),
    ]);
    log(`round ${round}: ${rows.at(-1)!.join(' | ')}`);
  }
  log('');
  log('round | killed primary | Patroni promoted after | Pharos first 503 for | Pharos second 503 for | longest tick gap');
  for (const row of rows) log(row.join(' | '));
}

const cleanUps = new CleanUps();
await runBench(() => main(cleanUps), cleanUps.run);
