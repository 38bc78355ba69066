import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.js';
import type { EngineConfig } from '../../src/engine/config.js';
import type { JobDefinition, JobOutcome } from '../../src/engine/job.js';
import { enqueueJob } from '../../src/engine/queue.js';
import { JOB_HISTORY_CLEANUP } from '../../src/engine/retention.js';
import { removeSchedule, saveSchedule } from '../../src/engine/schedules.js';
import { silentLogger } from '../../src/logger.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * One engine in this process on a database of its own: queued jobs with retries and timeouts,
 * scheduled runs and their job history, properties read at runtime, retention, metrics, shutdown.
 */

const FAST: EngineConfig = { concurrency: 4, heartbeatMs: 500, deadAfterMs: 3_000, schedulerIntervalMs: 100, pollIntervalMs: 200, shutdownGraceMs: 2_000 };

let database: FreshDatabase;
let pool: pg.Pool;
let engine: Engine;
let metrics: Registry;
let server: TestServer;

interface Attempt {
  key: string;
  at: number;
  end?: number;
  aborted?: boolean;
}
const attempts: Attempt[] = [];
const outcomes = new Map<string, JobOutcome | Error>();

function recording(name: string, work: (key: string, signal: AbortSignal) => Promise<JobOutcome | void>, extra: Partial<JobDefinition> = {}): JobDefinition<{ key: string }> {
  return {
    name,
    ...extra,
    async run({ key }, { signal }) {
      const attempt: Attempt = { key, at: Date.now() };
      attempts.push(attempt);
      signal.addEventListener('abort', () => (attempt.aborted = true));
      try {
        return await work(key, signal);
      } finally {
        attempt.end = Date.now();
      }
    },
  };
}

const attemptsOf = (key: string) => attempts.filter((attempt) => attempt.key === key);

beforeAll(async () => {
  database = await freshDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  metrics = new Registry();
  engine = new Engine({ pool, logger: silentLogger(), metrics, config: FAST });
  engine.define(
    recording('test.flaky', async (key) => {
      if (attemptsOf(key).length === 1) throw new Error('first attempt fails');
    }),
  );
  engine.define(recording('test.hangs', (_key, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))), { timeoutMs: 300, maxAttempts: 1 }));
  engine.define(
    recording('test.outcome', async (key) => {
      const outcome = outcomes.get(key);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    }),
  );
  engine.define(recording('test.slow', (_key, signal) => sleep(1_500, undefined, { signal })));
  await engine.start();
  server = await startTestServer({ metrics }, database.url);
});

afterAll(async () => {
  await server?.close();
  await engine?.stop();
  await pool?.end();
  await database?.drop();
});

async function history(resourceId: string) {
  const { rows } = await pool.query<{
    name: string;
    status: string;
    resource_type: string;
    resource_name: string;
    success_count: number;
    error_count: number;
    details: Record<string, unknown>;
    duration_millis: number | null;
    time_start: Date;
    time_end: Date | null;
  }>('select * from job_histories where resource_id = $1 order by time_start', [resourceId]);
  return rows;
}

async function metricsText(): Promise<string> {
  const token = await server.tokenFor([]);
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  return response.text();
}

function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('queued jobs', () => {
  it('are retried with backoff after a failure, and /metrics counts runs, failures and retries', async () => {
    await enqueueJob(pool, 'test.flaky', { key: 'flaky' });
    await expect.poll(() => attemptsOf('flaky').length, { timeout: 15_000 }).toBe(2);
    const [first, second] = attemptsOf('flaky');
    // graphile-worker waits e^attempts seconds: about 2.7 s after the first failure
    expect(second!.at - first!.at).toBeGreaterThan(2_000);
    const { rows } = await pool.query("select 1 from graphile_worker.jobs where task_identifier = 'test.flaky'");
    expect(rows).toHaveLength(0);
    const text = await metricsText();
    expect(sample(text, 'pharos_jobs_run_total{task="test.flaky"}')).toBe(2);
    expect(sample(text, 'pharos_jobs_failed_total{task="test.flaky"}')).toBe(1);
    expect(sample(text, 'pharos_jobs_retried_total{task="test.flaky"}')).toBe(1);
    expect(sample(text, 'pharos_job_duration_seconds_count{task="test.flaky",status="success"}')).toBe(1);
    expect(text).toMatch(/^pharos_job_queue_depth\{state="ready"\} \d+$/m);
  }, 30_000);

  it('are stopped when an attempt runs past its timeout, and fail with the reason', async () => {
    await enqueueJob(pool, 'test.hangs', { key: 'hangs' }, { maxAttempts: 1 });
    await expect.poll(async () => (await pool.query("select last_error from graphile_worker.jobs where task_identifier = 'test.hangs'")).rows[0]?.last_error, { timeout: 10_000 }).toMatch(
      /timed out after 300 ms/,
    );
    const [attempt] = attemptsOf('hangs');
    expect(attempt!.aborted).toBe(true);
    expect(attempt!.end! - attempt!.at).toBeLessThan(2_000);
  });
});

describe('scheduled runs', () => {
  it('write job history: a success, a warning with its errors, a failure with its message', async () => {
    outcomes.set('ok', { successCount: 3, details: { summary: { checked: 3 } } });
    outcomes.set('warn', { successCount: 1, errorCount: 1, details: { errors: ['one of two failed'] } });
    outcomes.set('fail', new Error('dial tcp 127.0.0.1:1: connection refused'));
    for (const key of ['ok', 'warn', 'fail']) {
      await saveSchedule(pool, { key: `outcome:${key}`, task: 'test.outcome', schedule: '@every 1h', payload: { key }, history: { name: 'OutcomeJob', resourceId: key, resourceType: 'canary', resourceName: `check ${key}` } });
    }
    await expect.poll(async () => (await history('fail'))[0]?.status, { timeout: 10_000 }).toBe('FAILED');
    await expect.poll(async () => (await history('ok'))[0]?.status, { timeout: 10_000 }).toBe('SUCCESS');
    await expect.poll(async () => (await history('warn'))[0]?.status, { timeout: 10_000 }).toBe('WARNING');
    const [ok] = await history('ok');
    expect(ok).toMatchObject({ name: 'OutcomeJob', resource_type: 'canary', resource_name: 'check ok', success_count: 3, error_count: 0, details: { summary: { checked: 3 } } });
    expect(ok!.duration_millis).toBeGreaterThanOrEqual(0);
    expect(ok!.time_end).not.toBeNull();
    const [warn] = await history('warn');
    expect(warn).toMatchObject({ success_count: 1, error_count: 1, details: { errors: ['one of two failed'] } });
    const [fail] = await history('fail');
    expect(fail).toMatchObject({ error_count: 1, details: { errors: ['dial tcp 127.0.0.1:1: connection refused'] } });
    // a failed scheduled run waits for its next tick: it is not retried
    await sleep(500);
    expect(attemptsOf('fail')).toHaveLength(1);
    for (const key of ['ok', 'warn', 'fail']) await removeSchedule(pool, `outcome:${key}`);
  });

  it('close a run left RUNNING by a process that died as STOPPED when the next one starts', async () => {
    await pool.query("insert into job_histories (name, resource_id, status, time_start) values ('OutcomeJob', 'orphan', 'RUNNING', now() - interval '1 hour')");
    outcomes.set('orphan', {});
    await saveSchedule(pool, { key: 'outcome:orphan', task: 'test.outcome', schedule: '@every 1h', payload: { key: 'orphan' }, history: { name: 'OutcomeJob', resourceId: 'orphan' } });
    await expect.poll(async () => (await history('orphan')).map((row) => row.status), { timeout: 10_000 }).toEqual(['STOPPED', 'SUCCESS']);
    const [stopped] = await history('orphan');
    expect(stopped!.details).toEqual({ errors: ['the process running it stopped'] });
    await removeSchedule(pool, 'outcome:orphan');
  });

  it('run one at a time per resource: a tick while the last run goes on is skipped', async () => {
    await saveSchedule(pool, { key: 'slow:one', task: 'test.slow', schedule: '@every 1s', payload: { key: 'one-at-a-time' }, history: { name: 'SlowJob', resourceId: 'one-at-a-time' } });
    await expect.poll(() => attemptsOf('one-at-a-time').filter((attempt) => attempt.end !== undefined).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await removeSchedule(pool, 'slow:one');
    await expect.poll(() => attemptsOf('one-at-a-time').every((attempt) => attempt.end !== undefined), { timeout: 5_000 }).toBe(true);
    const runs = attemptsOf('one-at-a-time');
    // 1.5 s runs on a 1 s schedule never overlap: the ticks during a run are skipped
    for (let index = 1; index < runs.length; index += 1) expect(runs[index]!.at).toBeGreaterThanOrEqual(runs[index - 1]!.end!);
  }, 45_000);

  it('follow jobs.<name>.schedule and jobs.<name>.disabled as soon as they change, without a restart', async () => {
    outcomes.set('tuned', {});
    await saveSchedule(pool, { key: 'outcome:tuned', task: 'test.outcome', schedule: '@every 1h', payload: { key: 'tuned' }, history: { name: 'TunedJob', resourceId: 'tuned' } });
    // a new schedule runs at once, then waits an hour
    await expect.poll(() => attemptsOf('tuned').length, { timeout: 5_000 }).toBe(1);
    await sleep(1_500);
    expect(attemptsOf('tuned')).toHaveLength(1);

    await pool.query("insert into properties (name, value) values ('jobs.TunedJob.schedule', '@every 1s')");
    await expect.poll(() => attemptsOf('tuned').length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);

    await pool.query("insert into properties (name, value) values ('jobs.TunedJob.disabled', 'true')");
    await sleep(1_200);
    const whileDisabled = attemptsOf('tuned').length;
    await sleep(2_000);
    expect(attemptsOf('tuned')).toHaveLength(whileDisabled);

    await pool.query("delete from properties where name = 'jobs.TunedJob.disabled'");
    await expect.poll(() => attemptsOf('tuned').length, { timeout: 5_000 }).toBeGreaterThan(whileDisabled);
    await pool.query("delete from properties where name like 'jobs.TunedJob.%'");
    await removeSchedule(pool, 'outcome:tuned');
  }, 30_000);
});

describe('job history retention', () => {
  it('keeps the last successes and failures of each job and resource, as properties say, and never a running one', async () => {
    const insert = (resource: string, status: string, count: number) =>
      pool.query(
        `insert into job_histories (name, resource_id, status, created_at)
         select 'KeptJob', $1, $2, now() - make_interval(mins => n) from generate_series(1, $3) as n`,
        [resource, status, count],
      );
    await insert('first', 'SUCCESS', 10);
    await insert('first', 'FAILED', 10);
    await insert('first', 'RUNNING', 2);
    await insert('second', 'WARNING', 5);
    await insert('second', 'STOPPED', 1);
    await pool.query(
      `insert into job_histories (name, resource_id, status, created_at)
       select 'OtherJob', 'first', 'SUCCESS', now() - make_interval(mins => n) from generate_series(1, 10) as n`,
    );
    await pool.query("insert into properties (name, value) values ('jobs.KeptJob.retention.failed', '2')");
    await enqueueJob(pool, JOB_HISTORY_CLEANUP, {});
    const counts = async () => {
      const { rows } = await pool.query<{ name: string; resource_id: string; status: string; count: string; newest: Date }>(
        `select name, resource_id, status, count(*)::text as count from job_histories
         where name in ('KeptJob', 'OtherJob') group by 1, 2, 3 order by 1, 2, 3`,
      );
      return rows.map((row) => `${row.name} ${row.resource_id} ${row.status} ${row.count}`);
    };
    await expect.poll(counts, { timeout: 10_000 }).toEqual([
      'KeptJob first FAILED 2',
      'KeptJob first RUNNING 2',
      'KeptJob first SUCCESS 3',
      'KeptJob second STOPPED 1',
      'KeptJob second WARNING 3',
      'OtherJob first SUCCESS 3',
    ]);
    // the newest ones stay
    const { rows } = await pool.query<{ age: number }>(
      "select extract(epoch from now() - created_at)::int / 60 as age from job_histories where name = 'KeptJob' and resource_id = 'first' and status = 'SUCCESS' order by 1",
    );
    expect(rows.map((row) => row.age)).toEqual([1, 2, 3]);
  });
});

describe('shutting down', () => {
  it('lets the job in hand finish and leaves nothing locked', async () => {
    const other = new Engine({ pool, logger: silentLogger(), metrics: new Registry(), config: FAST });
    other.define(recording('test.shutdown', (_key, signal) => sleep(800, undefined, { signal })));
    await other.start();
    await enqueueJob(pool, 'test.shutdown', { key: 'shutdown' });
    await expect.poll(() => attemptsOf('shutdown').length, { timeout: 5_000 }).toBe(1);
    await other.stop();
    const [attempt] = attemptsOf('shutdown');
    expect(attempt!.end).toBeDefined();
    expect(attempt!.aborted).toBeFalsy();
    const { rows } = await pool.query("select 1 from graphile_worker.jobs where task_identifier = 'test.shutdown'");
    expect(rows).toHaveLength(0);
  });
});
