/**
 * The expression and body part of `npm run bench:abuse`: `pharos serve` in its own process while 20
 * viewers send the costliest expressions (a string that doubles seven times over, a backtracking
 * regular expression, an incident rule whose title ranges over a hundred million) and hostile bodies
 * (JSON nested a million deep, a billion-laughs YAML, a 400,000-deep webhook body), against Run Now of
 * a check and a normal read on the quiet server, in the same run; the server must keep its process.
 */
import { setMaxListeners } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { probe, probeRow, PROBE_HEADER, type Probe } from './abuse-probe.js';
import { log, verdict } from './report.js';
import { freePort, ServeProcess } from './serve-process.js';
import { createToken } from './server.js';

const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const CLIENTS = 20;
const PHASE_SECONDS = 15;
const MAX_RATIO = 2;
const NORMAL_READ = '/api/db/incidents?select=id,title,status,severity,created_at,created_by(id,name)&order=created_at.desc&limit=50&offset=100';

/** Ten to the eighth strings from a short expression: past any heap an evaluation may have (string functions are capped, lists are not). */
const MEMORY_BOMB = `size(${['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].reduce((inner, name) => `[0,1,2,3,4,5,6,7,8,9].map(${name}, ${inner})`, "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'")}) > 0`;
const BACKTRACKING = `"${'a'.repeat(40)}!".matches("^(a+)+$")`;
const RANGE_BOMB = '{{ range $i := until 100000000 }}{{ end }}';

function billionLaughs(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  const names = 'bcdefghi';
  for (let i = 0; i < names.length; i++) {
    const previous = i === 0 ? 'a' : names[i - 1]!;
    lines.push(`${names[i]!}: &${names[i]!} [${Array.from({ length: 9 }, () => `*${previous}`).join(',')}]`);
  }
  return `${lines.join('\n')}\n`;
}

interface Attack {
  name: string;
  path: string;
  contentType: string;
  body: string;
}

/** BENCH_ABUSE_BODIES=skip leaves the body attacks out, to measure the expression attacks alone. */
const SKIP_BODIES = process.env['BENCH_ABUSE_BODIES'] === 'skip';

function attacks(): Attack[] {
  const preview = (filter: string): string => JSON.stringify({ filter });
  const all: (Attack & { isBody?: true })[] = [
    { name: 'preview bomb', path: '/api/notifications/silences/preview', contentType: 'application/json', body: preview(MEMORY_BOMB) },
    { name: 'backtracking regex', path: '/api/notifications/silences/preview', contentType: 'application/json', body: preview(BACKTRACKING) },
    { name: 'apply JSON 10^6 deep', path: '/api/apply', contentType: 'application/json', body: `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, isBody: true },
    { name: 'apply billion laughs', path: '/api/apply', contentType: 'application/yaml', body: billionLaughs(), isBody: true },
    { name: 'webhook JSON 400k deep', path: '/api/playbook/webhook/bench-hook', contentType: 'application/json', body: `${'{"a":'.repeat(400_000)}1${'}'.repeat(400_000)}`, isBody: true },
  ];
  return SKIP_BODIES ? all.filter((attack) => !attack.isBody) : all;
}

interface Setup {
  server: ServeProcess;
  admin: string;
  viewers: string[];
  checkId: string;
  target: Server;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function setUp(pool: pg.Pool, databaseUrl: string, dataDir: string): Promise<Setup> {
  const target = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  const stamp = Date.now();
  const admin = await createToken(pool, { email: `bench-expr-admin-${stamp}@example.com`, roles: ['admin'], tokenName: 'bench' });
  const viewers = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => createToken(pool, { email: `bench-expr-viewer-${stamp}-${i}@example.com`, roles: ['viewer'], tokenName: 'bench' })));
  // A recent send, so that a preview evaluates its filter; a failing component for the incident rule.
  const { rows: configs } = await pool.query<{ id: string }>(`insert into configs (name, type, health) values ('bench-orders', 'Bench::Database', 'unhealthy') returning id`);
  const { rows: rules } = await pool.query<{ id: string }>(`insert into notifications (name, title, events) values ('bench-db', 'bench db', '{config.unhealthy}') returning id`);
  await pool.query(
    `insert into notification_send_history (notification_id, status, source_event, resource_id, resource_type, resource_name, recipient)
     values ($1, 'sent', 'config.unhealthy', $2, 'config', 'bench-orders', 'ops@example.com')`,
    [rules[0]!.id, configs[0]!.id],
  );
  await pool.query(`insert into components (name, type, status, health, labels) values ('bench-web', 'WebApp', 'unhealthy', 'unhealthy', '{"bench": "bomb"}')`);
  await pool.query(`insert into properties (name, value) values ('jobs.IncidentRules.schedule', '@every 5s') on conflict (name) do update set value = excluded.value`);

  const server = await ServeProcess.start({ rootDir: ROOT_DIR, dataDir, databaseUrl, port: await freePort(), logLevel: process.env['BENCH_SERVE_LOG_LEVEL'] ?? 'warn' });
  const apply = async (yaml: string): Promise<void> => {
    const response = await fetch(`${server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/yaml' }, body: yaml });
    if (!response.ok) throw new Error(`apply: ${response.status} ${await response.text()}`);
  };
  await apply(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: bench-run-now
spec:
  schedule: "@every 1h"
  http:
    - name: bench-run-now
      url: ${targetUrl}/
      test:
        expr: "code == 200"
`);
  await apply(`apiVersion: mission-control.flanksource.com/v1
kind: IncidentRule
metadata:
  name: bench-range-title
spec:
  components:
    - labelSelector: bench=bomb
  template:
    title: '${RANGE_BOMB}'
`);
  const checkId = await until(
    async () => (await pool.query<{ id: string }>(`select c.id from checks c join canaries k on k.id = c.canary_id where k.name = 'bench-run-now' and c.deleted_at is null`)).rows[0]?.id,
    (id) => id !== undefined,
    60_000,
    "the Run Now check's creation",
  );
  return { server, admin, viewers, checkId: checkId!, target };
}

async function measure(setup: Setup): Promise<{ runNow: Probe; read: Probe }> {
  const [runNow, read] = await Promise.all([
    probe(`${setup.server.url}/api/canary/run/check/${setup.checkId}`, { method: 'POST', headers: { authorization: `Bearer ${setup.admin}` } }, PHASE_SECONDS),
    probe(`${setup.server.url}${NORMAL_READ}`, { headers: { authorization: `Bearer ${setup.viewers[0]!}`, prefer: 'count=exact' } }, PHASE_SECONDS),
  ]);
  return { runNow, read };
}

/** 20 viewers sending the attacks in turn until stopped; answers counted by attack and status. */
function startAttacks(setup: Setup): { stop(): Promise<Map<string, Map<number | string, number>>> } {
  const controller = new AbortController();
  // Every request of the phase listens to this one signal.
  setMaxListeners(0, controller.signal);
  const answers = new Map<string, Map<number | string, number>>();
  const list = attacks();
  const count = (attack: string, outcome: number | string): void => {
    const byOutcome = answers.get(attack) ?? new Map<number | string, number>();
    byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
    answers.set(attack, byOutcome);
  };
  const client = async (index: number): Promise<void> => {
    for (let turn = index; !controller.signal.aborted; turn++) {
      const attack = list[turn % list.length]!;
      try {
        const response = await fetch(`${setup.server.url}${attack.path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${setup.viewers[index]!}`, 'content-type': attack.contentType },
          body: attack.body,
          signal: controller.signal,
        });
        await response.arrayBuffer();
        count(attack.name, response.status);
      } catch (error) {
        if (controller.signal.aborted) continue;
        count(attack.name, (error as Error).message.slice(0, 40));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));
  return {
    stop: async () => {
      controller.abort();
      await Promise.all(clients);
      return answers;
    },
  };
}

/** Runs the expression and body attacks against `pharos serve` on the benchmark's database; true when every target was met. */
export async function attackExpressions(pool: pg.Pool, databaseUrl: string, dataDir: string): Promise<boolean> {
  log(`\nExpressions${SKIP_BODIES ? '' : ' and bodies'}: pharos serve in its own process, ${CLIENTS} viewers attacking`);
  const setup = await setUp(pool, databaseUrl, dataDir);
  try {
    const pid = setup.server.pid;
    await probe(`${setup.server.url}/api/canary/run/check/${setup.checkId}`, { method: 'POST', headers: { authorization: `Bearer ${setup.admin}` } }, 2);
    log(`${PHASE_SECONDS} s quiet`);
    const quiet = await measure(setup);
    log(`${PHASE_SECONDS} s under attack`);
    const attack = startAttacks(setup);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const loaded = await measure(setup);
    const answers = await attack.stop();

    log('\nOne client each for Run Now (POST /api/canary/run/check/{id}, an HTTP check with a CEL test) and the normal read; times in ms\n');
    log(PROBE_HEADER);
    log(probeRow('quiet', 'Run Now', quiet.runNow));
    log(probeRow('quiet', 'normal read', quiet.read));
    log(probeRow('attack', 'Run Now', loaded.runNow));
    log(probeRow('attack', 'normal read', loaded.read));
    log('\nattack answers by status:');
    for (const [name, byOutcome] of answers) log(`  ${name.padEnd(24)} ${[...byOutcome.entries()].map(([outcome, n]) => `${outcome}: ${n}`).join(', ')}`);
    const { rows } = await pool.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from job_histories where name = 'IncidentRules' and resource_name = 'bench-range-title' group by status order by status`,
    );
    log(`incident rule with the range title, its runs: ${rows.map((row) => `${row.status}: ${row.n}`).join(', ') || 'none'}`);

    const runNowRatio = loaded.runNow.p95 / quiet.runNow.p95;
    const readRatio = loaded.read.p95 / quiet.read.p95;
    const samePid = setup.server.running && setup.server.pid === pid;
    const runNowOk = runNowRatio <= MAX_RATIO && loaded.runNow.failures === 0;
    const readOk = readRatio <= MAX_RATIO && loaded.read.failures === 0;
    log(`\nRun Now p95 under attack / quiet: ${runNowRatio.toFixed(2)} (target <= ${MAX_RATIO}): ${verdict(runNowOk)}`);
    log(`normal read p95 under attack / quiet: ${readRatio.toFixed(2)} (target <= ${MAX_RATIO}): ${verdict(readOk)}`);
    log(`server process: pid ${pid} before, ${setup.server.running ? `pid ${setup.server.pid} running` : 'exited'} after: ${verdict(samePid)}`);
    if (!setup.server.running) log(`its last output:\n${setup.server.output().trimEnd().slice(-3_000)}`);
    return runNowOk && readOk && samePid;
  } finally {
    await setup.server.stop().catch((error: unknown) => log(`stopping pharos serve: ${String(error)}`));
    await new Promise((resolve) => setup.target.close(resolve));
  }
}
