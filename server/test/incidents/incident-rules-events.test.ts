import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineConfig } from '../../src/engine/config.js';
import { Engine } from '../../src/engine/engine.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { registerIncidents } from '../../src/incidents/register.js';
import { silentLogger } from '../../src/logger.js';
import { freshDatabase, type FreshDatabase } from '../support/server.js';
import { until } from '../support/until.js';

/**
 * The definition of done and incident rules react to check.passed and check.failed (and component
 * and config health events) within seconds: their schedule here is hourly, so only its first run (at
 * start) happens during the test, and job history shows no other scheduled run.
 */

let database: FreshDatabase;
let pool: pg.Pool;
let engine: Engine;
let sandbox: ExpressionSandbox;

beforeAll(async () => {
  database = await freshDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 6 });
  sandbox = new ExpressionSandbox();
  engine = new Engine({ pool, logger: silentLogger(), metrics: new Registry(), config: { ...loadEngineConfig(), pollIntervalMs: 200, schedulerIntervalMs: 200 } });
  await registerIncidents(engine, { pool, sandbox, schedule: '@every 1h' });
  await engine.start();
  // The schedule's first run, at start, is over before anything changes.
  await until(async () => Number((await pool.query<{ n: string }>(`select count(*) as n from job_histories where status <> 'RUNNING'`)).rows[0]!.n), (n) => n >= 2);
});

afterAll(async () => {
  await engine?.stop();
  await sandbox?.close();
  await pool?.end();
  await database?.drop();
});

async function check(name: string, labels: Record<string, string> = {}): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `with canary as (insert into canaries (name) values ($1) returning id)
     insert into checks (canary_id, type, name, labels) select canary.id, 'http', $1, $2 from canary returning id`,
    [name, labels],
  );
  return rows[0]!.id;
}

/** Records a run of the check `secondsAgo` seconds ago, as a canary run does (and with it check.passed or check.failed). */
async function result(checkId: string, passed: boolean, secondsAgo: number): Promise<void> {
  await pool.query(`insert into check_statuses (check_id, time, status, duration) values ($1, now() - make_interval(secs => $3), $2, 5)`, [checkId, passed, secondsAgo]);
}

// Runs of the scheduled jobs themselves; a rule's own runs are recorded under the rule too, whatever started them.
const scheduledRuns = async (): Promise<number> => Number((await pool.query<{ n: string }>(`select count(*) as n from job_histories where resource_type = 'system'`)).rows[0]!.n);

describe('reacting to health events', () => {
  it('marks a definition of done as done within seconds of its check recovering, without waiting for the schedule', async () => {
    const checkId = await check('payments');
    await result(checkId, false, 900);
    const { rows } = await pool.query<{ id: string }>(
      `with incident as (insert into incidents (title) values ('Payments down') returning id),
            root as (insert into hypotheses (incident_id, title, type) select id, 'Payments down', 'root' from incident returning id)
       insert into evidences (hypothesis_id, type, check_id, definition_of_done) select root.id, 'check', $1, true from root returning id`,
      [checkId],
    );
    const evidence = rows[0]!.id;
    const before = await scheduledRuns();

    // Healthy since 400 s ago: over the 5 minutes the default script asks for.
    const recovered = Date.now();
    await result(checkId, true, 400);
    await until(async () => (await pool.query<{ done: boolean }>('select done from evidences where id = $1', [evidence])).rows[0]!.done, (done) => done, { timeoutMs: 5_000 });
    expect(Date.now() - recovered).toBeLessThan(5_000);

    // And back: failing again undoes it as quickly.
    await result(checkId, false, 0);
    await until(async () => (await pool.query<{ done: boolean }>('select done from evidences where id = $1', [evidence])).rows[0]!.done, (done) => !done, { timeoutMs: 5_000 });
    expect(await scheduledRuns()).toBe(before);
  });

  it('opens an incident rule\'s incident within seconds of a check failing', async () => {
    await pool.query(`insert into incident_rules (name, spec) values ('reacting', $1)`, [{ checks: [{ labelSelector: 'suite=reacting' }] }]);
    const checkId = await check('ledger', { suite: 'reacting' });
    const before = await scheduledRuns();
    const failed = Date.now();
    await result(checkId, false, 0);
    const incidents = await until(
      async () => (await pool.query<{ subject: string }>(`select incident_rule_subject as subject from incidents i join incident_rules r on r.id = i.incident_rule_id where r.name = 'reacting'`)).rows,
      (list) => list.length > 0,
      { timeoutMs: 5_000 },
    );
    expect(Date.now() - failed).toBeLessThan(5_000);
    expect(incidents).toEqual([{ subject: `check:${checkId}` }]);
    expect(await scheduledRuns()).toBe(before);
  });
});
