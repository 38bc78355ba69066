import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../src/engine/queue.js';
import { saveSchedule } from '../../src/engine/schedules.js';
import { createRunsTable, startEngineProcess, testRuns, type EngineProcess, type TestRun } from '../support/engine-processes.js';
import { freshDatabase, type FreshDatabase } from '../support/server.js';

/**
 * Several server processes on one database share the work: each tick of a schedule runs once, the
 * jobs of a process killed with SIGKILL finish on the others (none lost, none run twice at once), and
 * a restart after downtime runs each resource once. Real processes (see support/engine-process.ts)
 * on a database of their own.
 */

let database: FreshDatabase;
let pool: pg.Pool;
const processes: EngineProcess[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  await createRunsTable(pool);
});

afterAll(async () => {
  await Promise.all(processes.map((engine) => engine.kill()));
  await pool?.end();
  await database?.drop();
});

async function start(name: string): Promise<EngineProcess> {
  const engine = await startEngineProcess(database.url, name);
  processes.push(engine);
  return engine;
}

/** No schedules, no runs, and no job a test left queued (a tick queued just before its processes stopped). */
async function reset(): Promise<void> {
  await pool.query('delete from job_schedules where task like $1', ['test.%']);
  // The queue exists once a first process has started.
  await pool.query("do $$ begin if to_regclass('graphile_worker._private_jobs') is not null then delete from graphile_worker._private_jobs; end if; end $$");
  await pool.query('truncate engine_test_runs');
}

/** Jobs queued or running (graphile-worker deletes a job once it succeeded). */
async function queuedJobs(): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from graphile_worker._private_jobs');
  return rows[0]!.n;
}

function byKey(runs: TestRun[]): Map<string, TestRun[]> {
  const grouped = new Map<string, TestRun[]>();
  for (const run of runs) grouped.set(run.key, [...(grouped.get(run.key) ?? []), run]);
  return grouped;
}

describe('two server processes on one database', () => {
  it('run 100 schedules of every second exactly once per tick between them', async () => {
    await reset();
    const keys = Array.from({ length: 100 }, (_, index) => `every-second-${index}`);
    for (const key of keys) {
      await saveSchedule(pool, { key, task: 'test.tick', schedule: '@every 1s', payload: { key }, history: { name: 'TestTick', resourceId: key } });
    }
    const [first, second] = await Promise.all([start('first'), start('second')]);
    // Until every schedule has run for several ticks; a busy machine may skip a tick (as after a
    // downtime), never run one twice.
    const schedulesWithFiveTicks = async () =>
      (await pool.query<{ n: number }>('select count(*)::int as n from (select key from engine_test_runs group by key having count(distinct tick) >= 5) ran')).rows[0]!.n;
    await expect.poll(schedulesWithFiveTicks, { timeout: 60_000, interval: 500 }).toBe(keys.length);
    await Promise.all([first!.stop(), second!.stop()]);

    const runs = await testRuns(pool);
    const grouped = byKey(runs);
    expect([...grouped.keys()].sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const ticks = grouped.get(key)!.map((run) => run.tick!.getTime());
      // no tick twice
      expect(new Set(ticks).size).toBe(ticks.length);
      // each a whole second of the schedule
      for (const tick of ticks) expect(tick % 1000).toBe(0);
    }
    // both processes did their share
    const perProcess = new Map<string, number>();
    for (const run of runs) perProcess.set(run.process, (perProcess.get(run.process) ?? 0) + 1);
    expect(perProcess.get('first')).toBeGreaterThan(runs.length / 10);
    expect(perProcess.get('second')).toBeGreaterThan(runs.length / 10);
  }, 120_000);

  it('finish the jobs of a process killed mid-run on the other, none lost and none twice at once', async () => {
    await reset();
    const doomed = await start('doomed');
    const keys = Array.from({ length: 12 }, (_, index) => `slow-${index}`);
    for (const key of keys) await enqueueJob(pool, 'test.slow', { key, ms: 3_000 });
    // the doomed process alone takes its 8 jobs and is killed while it runs them
    await expect.poll(async () => (await testRuns(pool)).length, { timeout: 10_000 }).toBe(8);
    await doomed.kill();
    const killedAt = Date.now();
    const survivor = await start('survivor');

    await expect.poll(async () => (await testRuns(pool)).filter((run) => run.finished_at).length, { timeout: 30_000, interval: 250 }).toBe(12);
    // Nothing left queued that could run a job again.
    await expect.poll(queuedJobs, { timeout: 30_000, interval: 250 }).toBe(0);
    await survivor.stop();

    const grouped = byKey(await testRuns(pool));
    expect([...grouped.keys()].sort()).toEqual([...keys].sort());
    for (const [key, runs] of grouped) {
      const finished = runs.filter((run) => run.finished_at);
      expect(finished, key).toHaveLength(1);
      expect(finished[0]!.process).toBe('survivor');
      const interrupted = runs.filter((run) => !run.finished_at);
      for (const run of interrupted) expect(run.process).toBe('doomed');
      // a job the dead process held started again only after it died
      if (interrupted.length > 0) expect(finished[0]!.started_at.getTime()).toBeGreaterThan(killedAt - 100);
    }
  }, 60_000);

  it('run each resource once after a downtime, not once per missed tick', async () => {
    await reset();
    const keys = Array.from({ length: 20 }, (_, index) => `daily-${index}`);
    for (const key of keys) {
      await saveSchedule(pool, { key, task: 'test.tick', schedule: '@daily', payload: { key }, history: { name: 'TestDaily', resourceId: key } });
    }
    // as if the processes were down for three days
    await pool.query("update job_schedules set next_run_at = now() - interval '3 days' where key like 'daily-%'");
    const engine = await start('after-downtime');
    await expect.poll(async () => (await testRuns(pool)).length, { timeout: 30_000 }).toBe(20);
    // Nothing left queued that could run a missed tick after all.
    await expect.poll(queuedJobs, { timeout: 30_000, interval: 250 }).toBe(0);
    await engine.stop();

    const runs = await testRuns(pool);
    expect(runs).toHaveLength(20);
    const midnight = new Date();
    midnight.setUTCHours(0, 0, 0, 0);
    for (const run of runs) expect(run.tick?.toISOString()).toBe(midnight.toISOString());
    const { rows } = await pool.query<{ next_run_at: Date }>("select distinct next_run_at from job_schedules where key like 'daily-%'");
    expect(rows.map((row) => row.next_run_at.toISOString())).toEqual([new Date(midnight.getTime() + 86_400_000).toISOString()]);
  }, 60_000);
});
