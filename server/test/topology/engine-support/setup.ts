import { afterAll, beforeAll, expect } from 'vitest';
import { ExpressionSandbox } from '../../../src/expressions/sandbox.js';
import { runTopology, type TopologyRunOptions, type TopologyRunResult } from '../../../src/topology/engine/run-topology.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../../support/server.js';

/** A component row as the tests read it. */
export interface ComponentRow {
  id: string;
  name: string;
  type: string | null;
  icon: string | null;
  parent_id: string | null;
  path: string | null;
  external_id: string | null;
  labels: Record<string, string>;
  properties: { name?: string; text?: string; value?: number; unit?: string; max?: number; headline?: boolean; color?: string; links?: unknown[] }[];
  status: string | null;
  health: string | null;
  status_reason: string | null;
  logs: unknown[];
  deleted_at: Date | null;
}

/**
 * A topology engine test file's own database, server (for /api/apply), expression sandbox and admin
 * token, started before its tests and removed after them.
 */
export interface TopologyTest {
  database: FreshDatabase;
  server: TestServer;
  sandbox: ExpressionSandbox;
  options(): TopologyRunOptions;
  /** POSTs YAML to /api/apply and answers the response (status and body). */
  post(yaml: string): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Applies YAML, expecting 200. */
  apply(yaml: string): Promise<void>;
  /** The live topology of that name's id. */
  topologyId(name: string): Promise<string>;
  /** One run of the topology of that name. */
  run(name: string): Promise<TopologyRunResult>;
  /** The topology's components (deleted ones too), by path then name. */
  components(name: string): Promise<ComponentRow[]>;
}

export function topologyTest(): TopologyTest {
  let token = '';
  const test: TopologyTest = {
    database: undefined as unknown as FreshDatabase,
    server: undefined as unknown as TestServer,
    sandbox: undefined as unknown as ExpressionSandbox,
    options: () => ({ pool: test.server.pool, sandbox: test.sandbox, secrets: TEST_SECRETS }),
    async post(yaml) {
      const response = await fetch(`${test.server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' }, body: yaml });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async apply(yaml) {
      const { status, body } = await test.post(yaml);
      expect(status, JSON.stringify(body)).toBe(200);
    },
    async topologyId(name) {
      const { rows } = await test.server.pool.query<{ id: string }>('SELECT id FROM topologies WHERE name = $1 AND deleted_at IS NULL', [name]);
      return rows[0]!.id;
    },
    run: async (name) => runTopology(test.options(), await test.topologyId(name), AbortSignal.timeout(60_000)),
    async components(name) {
      const { rows } = await test.server.pool.query<ComponentRow>(
        `SELECT c.id, c.name, c.type, c.icon, c.parent_id, c.path, c.external_id, c.labels, c.properties, c.status, c.health, c.status_reason, c.logs, c.deleted_at
         FROM components c JOIN topologies t ON t.id = c.topology_id WHERE t.name = $1 ORDER BY length(c.path), c.name`,
        [name],
      );
      return rows;
    },
  };

  beforeAll(async () => {
    test.database = await freshDatabase();
    test.sandbox = new ExpressionSandbox();
    test.server = await startTestServer({ sandbox: test.sandbox }, test.database.url);
    token = await test.server.tokenFor(['admin']);
  });

  afterAll(async () => {
    await test.server?.close();
    await test.sandbox?.close();
    await test.database?.drop();
  });

  return test;
}

/** The live component of that name among rows. */
export function named(rows: readonly ComponentRow[], name: string): ComponentRow {
  const row = rows.find((candidate) => candidate.name === name && candidate.deleted_at === null);
  expect(row, `component ${name} in ${rows.map((candidate) => candidate.name).join(', ')}`).toBeDefined();
  return row!;
}
