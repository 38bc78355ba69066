/**
 * `npm run bench:notifications`: 10,000 check failures in one minute against 100 notification
 * rules (check.failed, a CEL filter each, a generic webhook each on loopback, ten with a repeat
 * interval, five groups silenced). Every failure must end as exactly one send: delivered, or
 * recorded as silenced or repeat-interval; none twice; delivery lag (the check turning unhealthy →
 * the webhook receiving the message) p95 under 5 s. The baseline, in the same run, is a bare event
 * consumer taking the same 10,000 failures of other checks at the same pace.
 *
 * Then the same number of failures under a topology of 10 roots (checks linked to their children),
 * with two rules: without grouping by topology a send per failure, with it one send per root; once
 * with the roots unhealthy before the failures, once with the roots unhealthy only because of them
 * (their health worked out again by the topology engine's handler), the failures settling first.
 *
 * BENCH_NOTIFICATIONS_FAILURES (default 10000) and BENCH_NOTIFICATIONS_WINDOW_MS (default 60000)
 * change the load; BENCH_NOTIFICATIONS_GROUP_WINDOW (default 3m, longer than the failures take to be recorded) the grouping rule's window;
 * BENCH_NOTIFICATIONS_TOPOLOGY_ONLY=1 runs the topology part alone; DATABASE_URL uses that database
 * instead of an embedded one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { openDatabase } from '../../../server/dist/db/database.js';
import { migrate } from '../../../server/dist/db/migrate.js';
import { EventDispatcher } from '../../../server/dist/events/dispatcher.js';
import { ExpressionSandbox } from '../../../server/dist/expressions/sandbox.js';
import { silentLogger } from '../../../server/dist/logger.js';
import { registerNotifications } from '../../../server/dist/notifications/register.js';
import { TOPOLOGY_HEALTH_STALE } from '../../../server/dist/topology/engine/register.js';
import { healthStaleHandler } from '../../../server/dist/topology/engine/sync.js';
import { ServerSecrets } from '../../../server/dist/secrets/server-secrets.js';
import { percentile } from '../health-lag.js';
import { CleanUps, log, runBench, verdict } from '../report.js';
import { HookServer } from './hook.js';
import { runTopologyPhase, TOPOLOGY_ROOTS, type RootsTurn } from './topology.js';
import { expectedStatus, RULES, seedChecks, seedRules, type SeededCheck } from './seed.js';

const FAILURES = Number(process.env['BENCH_NOTIFICATIONS_FAILURES'] ?? 10_000);
const WINDOW_MS = Number(process.env['BENCH_NOTIFICATIONS_WINDOW_MS'] ?? 60_000);
const TICK_MS = 100;
const TARGET_LAG_P95_MS = 5_000;
const GROUP_WINDOW = process.env['BENCH_NOTIFICATIONS_GROUP_WINDOW'] ?? '3m';
const TOPOLOGY_ONLY = process.env['BENCH_NOTIFICATIONS_TOPOLOGY_ONLY'] === '1';

/** Turns the checks unhealthy at an even pace over the window; answers when each was turned. */
async function failOverWindow(pool: pg.Pool, checks: readonly SeededCheck[]): Promise<Map<string, number>> {
  const at = new Map<string, number>();
  const ticks = Math.max(1, Math.round(WINDOW_MS / TICK_MS));
  const started = Date.now();
  for (let tick = 0; tick < ticks; tick++) {
    const batch = checks.slice(Math.floor((tick * checks.length) / ticks), Math.floor(((tick + 1) * checks.length) / ticks));
    if (batch.length > 0) {
      const now = Date.now();
      for (const check of batch) at.set(check.id, now);
      await pool.query("update checks set status = 'unhealthy' where id = any($1::uuid[])", [batch.map((check) => check.id)]);
    }
    await sleep(Math.max(0, started + (tick + 1) * TICK_MS - Date.now()));
  }
  return at;
}

async function waitFor(what: string, done: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(200);
  }
}

const summary = (lags: readonly number[]): string => `p50 ${percentile(lags, 50)} ms, p95 ${percentile(lags, 95)} ms, max ${Math.max(...lags)} ms`;

const cleanUps = new CleanUps();

async function main(): Promise<void> {
  log(`Pharos notification benchmark: ${FAILURES} check failures in ${WINDOW_MS / 1000} s against ${RULES} rules, node ${process.version}, ${os.availableParallelism()} CPUs`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-bench-notifications-'));
  cleanUps.push(() => rm(dataDir, { recursive: true, force: true }));
  const database = await openDatabase({ databaseUrl: process.env['DATABASE_URL']?.trim() || undefined, dataDir: path.join(dataDir, 'db'), poolSize: 20 });
  cleanUps.push(() => database.close());
  const { pool } = database;
  await migrate(pool);
  const hook = new HookServer();
  await hook.start();
  cleanUps.push(() => hook.close());
  const sandbox = new ExpressionSandbox();
  cleanUps.push(() => sandbox.close());
  const logger = silentLogger();

  const events = new EventDispatcher(pool, logger);
  const delivery = registerNotifications({ events }, { pool, secrets: new ServerSecrets(Buffer.alloc(32, 7)), sandbox, logger, delivery: { smtpUrl: undefined, smtpFrom: '', publicUrl: 'http://pharos.bench' } });
  cleanUps.push(() => delivery.stop());
  events.on([TOPOLOGY_HEALTH_STALE], healthStaleHandler(pool, sandbox), 'topology-health');
  if (!TOPOLOGY_ONLY) await ruleLoad(pool, hook, events, logger);
  else await events.start();
  cleanUps.push(() => events.stop());
  await topology(pool, 'first');
  await topology(pool, 'from-dependents');
}

/** The topology part: sends with and without grouping by topology for the same failures. */
async function topology(pool: pg.Pool, roots: RootsTurn): Promise<void> {
  await pool.query("update notifications set deleted_at = now() where source = 'bench'");
  const hook = new HookServer();
  await hook.start();
  cleanUps.push(() => hook.close());
  log('');
  const how = roots === 'first' ? 'unhealthy before them' : 'unhealthy only because of them (the failures settle first)';
  log(`topology: ${FAILURES} failures of checks under ${TOPOLOGY_ROOTS} roots ${how}, a rule without and one with groupByTopology (window ${GROUP_WINDOW})`);
  // the settle period (30 s at most) comes before the window when the roots follow their dependents
  const outcome = await runTopologyPhase(pool, hook, FAILURES, GROUP_WINDOW, roots === 'first' ? 300_000 : 360_000, roots);
  log(`sends without the switch: ${outcome.plainSends} (${FAILURES} failures)`);
  log(`sends with the switch: ${outcome.groupedSends} (${TOPOLOGY_ROOTS} roots), settled in ${outcome.settledMs} ms (every failure held after ${outcome.heldMs} ms)`);
  log(`a grouped message: ${outcome.groupedTitles[0] ?? '(none)'}`);
  log('');
  log(`sends with the switch drop to the number of roots: ${verdict(outcome.groupedSends === TOPOLOGY_ROOTS && outcome.plainSends === FAILURES)}`);
}

/** The rule load: 100 rules with filters, silences and repeat intervals, against a bare consumer. */
async function ruleLoad(pool: pg.Pool, hook: HookServer, events: EventDispatcher, logger: ReturnType<typeof silentLogger>): Promise<void> {
  log(`baseline: a bare consumer of check.failed, ${FAILURES} failures of other checks`);
  const baseChecks = await seedChecks(pool, 'baseline', FAILURES);
  const bare = new EventDispatcher(pool, logger);
  const handled = new Map<string, number>();
  bare.on(['check.failed'], async (event) => void handled.set(event.subjectId, Date.now()), 'bare');
  await bare.start();
  const baseSent = await failOverWindow(pool, baseChecks);
  await waitFor('the bare consumer', () => handled.size >= FAILURES, 120_000);
  await bare.stop();
  const baseLags = baseChecks.map((check) => handled.get(check.id)! - baseSent.get(check.id)!);

  log(`notifications: ${FAILURES} failures, ${RULES} rules`);
  const checks = await seedChecks(pool, 'shop', FAILURES);
  const ruleIds = await seedRules(pool, hook.url, checks);
  const { rows: seeded } = await pool.query<{ resource_id: string }>('select resource_id from notification_send_history where event_id is null');
  const alreadySent = new Set(seeded.map((row) => row.resource_id));
  const expected = checks.map((check) => expectedStatus(check, alreadySent));
  const toDeliver = expected.filter((status) => status === 'sent').length;
  await events.start();
  const sentAt = await failOverWindow(pool, checks);
  const settled = async () =>
    Number((await pool.query<{ count: string }>("select count(*) from notification_send_history where event_id is not null and status <> 'pending'")).rows[0]!.count) >= FAILURES &&
    hook.received.length >= toDeliver;
  await waitFor('the notifications', settled, 180_000);
  await sleep(1_000);

  const { rows: sends } = await pool.query<{ resource_id: string; status: string; notification_id: string; created_at: Date }>(
    'select resource_id, status, notification_id, created_at from notification_send_history where event_id is not null',
  );
  const byCheck = new Map<string, string[]>();
  for (const send of sends) byCheck.set(send.resource_id, [...(byCheck.get(send.resource_id) ?? []), send.status]);
  let wrong = 0;
  checks.forEach((check, index) => {
    const statuses = byCheck.get(check.id) ?? [];
    if (statuses.length !== 1 || statuses[0] !== expected[index]) wrong++;
  });
  const byName = new Map(checks.map((check) => [check.name, check]));
  const seen = new Set<string>();
  let twice = 0;
  let misrouted = 0;
  const lags: number[] = [];
  for (const message of hook.received) {
    const check = byName.get(message.title);
    if (!check || check.group !== message.rule) misrouted++;
    if (seen.has(message.title)) twice++;
    seen.add(message.title);
    if (check) lags.push(message.at - sentAt.get(check.id)!);
  }
  const recordLags = sends.map((send) => send.created_at.getTime() - sentAt.get(send.resource_id)!);
  const counts = (status: string) => sends.filter((send) => send.status === status).length;
  const p95 = percentile(lags, 95);

  log('');
  log(`bare consumer (baseline): ${summary(baseLags)} (${baseLags.length} events)`);
  log(`recording lag (check unhealthy → send recorded): ${summary(recordLags)}`);
  log(`delivery lag (check unhealthy → webhook received): ${summary(lags)}; ratio to the bare consumer p95 ${(p95 / Math.max(1, percentile(baseLags, 95))).toFixed(1)}`);
  log(`sends: ${counts('sent')} sent, ${counts('silenced')} silenced, ${counts('repeat-interval')} repeat-interval, ${counts('failed')} failed, ${counts('pending')} pending; ${hook.received.length} received by the hooks (${toDeliver} expected) of ${ruleIds.length} rules`);
  log(`failures without exactly their one expected send: ${wrong}; messages received twice: ${twice}; at the wrong hook: ${misrouted}`);
  log('');
  log(`delivery lag p95 < ${TARGET_LAG_P95_MS} ms: ${p95} ms: ${verdict(p95 < TARGET_LAG_P95_MS)}`);
  log(`every failure delivered or recorded silenced/repeat, none twice: ${verdict(wrong === 0 && twice === 0 && misrouted === 0 && hook.received.length === toDeliver)}`);
}

await runBench(main, cleanUps.run);
