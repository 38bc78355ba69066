import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, beforeAll } from 'vitest';
import { loadEngineConfig } from '../../src/engine/config.js';
import { Engine } from '../../src/engine/engine.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { registerIncidents } from '../../src/incidents/register.js';
import { silentLogger } from '../../src/logger.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';
import { manifest } from '../support/manifest.js';
import { until } from '../support/until.js';

/** An incidents test file's own database, server and engine, running rules and evidence scripts every second. */
export interface IncidentTest {
  database: FreshDatabase;
  server: TestServer;
  pool: pg.Pool;
  /** An admin's token. */
  token: string;
  /** A canary with one check per name; answers the checks' ids by name. */
  checks(canary: string, names: string[]): Promise<Record<string, string>>;
  /** Records a run of the check `secondsAgo` seconds ago, as a canary run does. */
  result(checkId: string, passed: boolean, secondsAgo?: number): Promise<void>;
  /** Posts YAML to /api/apply as the admin. */
  apply(yaml: string): Promise<Response>;
  /** Polls `read` until `done` says so, or fails after `timeoutMs`. */
  until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs?: number): Promise<T>;
}

/** An IncidentRule named `name` whose spec is `spec` (YAML). */
export const incidentRule = (name: string, spec: string) => manifest('IncidentRule', { name }, spec);

export function incidentTest(): IncidentTest {
  let engine: Engine;
  let sandbox: ExpressionSandbox;
  const test: IncidentTest = {
    database: undefined as unknown as FreshDatabase,
    server: undefined as unknown as TestServer,
    pool: undefined as unknown as pg.Pool,
    token: '',
    async checks(canary, names) {
      const { rows } = await test.pool.query<{ id: string; name: string }>(
        `with canary as (insert into canaries (name) values ($1) returning id)
         insert into checks (canary_id, type, name) select canary.id, 'http', n from canary, unnest($2::text[]) n returning id, name`,
        [canary, names],
      );
      return Object.fromEntries(rows.map((row) => [row.name, row.id]));
    },
    async result(checkId, passed, secondsAgo = 0) {
      await test.pool.query(`insert into check_statuses (check_id, time, status, duration) values ($1, now() - make_interval(secs => $3), $2, 5)`, [checkId, passed, secondsAgo]);
    },
    apply: (yaml) => fetch(`${test.server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${test.token}`, 'content-type': 'application/yaml' }, body: yaml }),
    until: (read, done, timeoutMs) => until(read, done, { timeoutMs, intervalMs: 200 }),
  };

  beforeAll(async () => {
    test.database = await freshDatabase();
    sandbox = new ExpressionSandbox();
    test.server = await startTestServer({ sandbox }, test.database.url);
    test.pool = test.server.pool;
    test.token = await test.server.tokenFor(['admin']);
    engine = new Engine({ pool: test.pool, logger: silentLogger(), metrics: new Registry(), config: { ...loadEngineConfig(), pollIntervalMs: 200, schedulerIntervalMs: 200 } });
    await registerIncidents(engine, { pool: test.pool, sandbox, schedule: '@every 1s' });
    await engine.start();
  });

  afterAll(async () => {
    await engine?.stop();
    await test.server?.close();
    await sandbox?.close();
    await test.database?.drop();
  });

  return test;
}
