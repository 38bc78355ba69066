import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadEngineConfig } from '../../src/engine/config.js';
import { Engine } from '../../src/engine/engine.js';
import type { DispatcherOptions } from '../../src/events/types.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { silentLogger } from '../../src/logger.js';
import { registerPlaybooks } from '../../src/playbooks/register.js';
import type { ServerSecrets } from '../../src/secrets/server-secrets.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';

/** A run as GET /api/playbook/run/{id} answers it. */
export interface RunView {
  id: string;
  status: string;
  error: string | null;
  parameters: Record<string, unknown>;
  created_by: string | null;
  actions: { name: string; status: string; result: Record<string, unknown> | null; error: string | null; retry_count: number; scheduled_time: string; start_time: string | null; end_time: string | null }[];
}

/**
 * A playbook test file's own database, server and engine (the real PlaybookRun job), an admin token,
 * and helpers to apply playbooks, start runs and wait for them, over HTTP.
 */
export interface PlaybookTest {
  database: FreshDatabase;
  server: TestServer;
  pool: pg.Pool;
  token: string;
  /** Applies a Playbook YAML; answers its id. */
  apply(yaml: string): Promise<string>;
  /** POST /api/playbook/run; answers the status and body. */
  start(body: Record<string, unknown>, token?: string): Promise<{ status: number; body: { run_id?: string; message?: string; problems?: string[] } }>;
  run(id: string): Promise<RunView>;
  /** Polls the run until `done` says so (default: it ended), or fails after `timeoutMs`. */
  until(id: string, done?: (run: RunView) => boolean, timeoutMs?: number): Promise<RunView>;
}

const ENDED = ['completed', 'failed', 'cancelled'];

/** `secrets`: the server's key, when the test's data was sealed with another than the tests' own (e.g. by the CLI). */
/** `events`: the engine's event dispatcher options (e.g. discarding what no consumer takes, as `pharos serve` does). */
/** `agentSilenceMs`: how long an agent may say nothing of an action it took before the engine gives it up. */
export function playbookTest({ secrets = TEST_SECRETS, events = {}, agentSilenceMs }: { secrets?: ServerSecrets; events?: Partial<DispatcherOptions>; agentSilenceMs?: number } = {}): PlaybookTest {
  let engine: Engine;
  let sandbox: ExpressionSandbox;
  const test: PlaybookTest = {
    database: undefined as unknown as FreshDatabase,
    server: undefined as unknown as TestServer,
    pool: undefined as unknown as pg.Pool,
    token: '',
    async apply(yaml) {
      const response = await fetch(`${test.server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${test.token}`, 'content-type': 'application/yaml' }, body: yaml });
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { resources: { id: string }[] }).resources[0]!.id;
    },
    async start(body, token = test.token) {
      const response = await fetch(`${test.server.url}/api/playbook/run`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as { run_id?: string; message?: string; problems?: string[] } };
    },
    async run(id) {
      const response = await fetch(`${test.server.url}/api/playbook/run/${id}`, { headers: { authorization: `Bearer ${test.token}` } });
      expect(response.status).toBe(200);
      return (await response.json()) as RunView;
    },
    async until(id, done = (run) => ENDED.includes(run.status), timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const run = await test.run(id);
        if (done(run)) return run;
        if (Date.now() > deadline) throw new Error(`run ${id} still ${run.status}: ${JSON.stringify(run.actions)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };

  beforeAll(async () => {
    test.database = await freshDatabase();
    sandbox = new ExpressionSandbox();
    test.server = await startTestServer({ sandbox, secrets }, test.database.url);
    test.pool = test.server.pool;
    test.token = await test.server.tokenFor(['admin']);
    engine = new Engine({ pool: test.pool, logger: silentLogger(), metrics: new Registry(), config: { ...loadEngineConfig(), pollIntervalMs: 200 }, events });
    registerPlaybooks(engine, { pool: test.pool, secrets, sandbox, ...(agentSilenceMs ? { agentSilenceMs } : {}) });
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
