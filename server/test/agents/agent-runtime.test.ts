import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startAgentRuntime, type AgentRuntime } from '../../src/agents/runtime/agent-runtime.js';
import { silentLogger } from '../../src/logger.js';
import { uniqueSuffix } from '../rest/helpers.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';

/**
 * The agent's runtime on a database of its own, pushing over HTTP to a real upstream: with an interval
 * of an hour, what reaches upstream after the first push came because of a change on the agent, and a
 * parent upstream lacks is sent before the rows that need it.
 */

const HOUR_MS = 3_600_000;
const sfx = uniqueSuffix();
let upstream: TestServer;
let agentDatabase: FreshDatabase;
let agentPool: pg.Pool;
let runtime: AgentRuntime | undefined;
let agent: { id: string; access_token: string };
let canaryId: string;
let checkId: string;
let jobId: string;

const upstreamRow = async (table: string, id: string) =>
  (await upstream.pool.query<{ agent_id: string }>(`select agent_id::text from ${table} where id = $1`, [id])).rows;

beforeAll(async () => {
  upstream = await startTestServer();
  const admin = await upstream.tokenFor(['admin']);
  const response = await fetch(`${upstream.url}/api/agent/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `runtime-${sfx}` }),
  });
  expect(response.status).toBe(201);
  agent = (await response.json()) as typeof agent;

  agentDatabase = await freshDatabase();
  agentPool = new pg.Pool({ connectionString: agentDatabase.url, max: 5 });
  const canary = await agentPool.query<{ id: string }>(`insert into canaries (name, namespace, spec) values ($1, 'edge', '{"schedule": "@every 1h"}') returning id`, [`edge-${sfx}`]);
  canaryId = canary.rows[0]!.id;
  const check = await agentPool.query<{ id: string }>(`insert into checks (canary_id, type, name) values ($1, 'tcp', 'port') returning id`, [canaryId]);
  checkId = check.rows[0]!.id;
  // Job history is the last table of a push cycle: once this run is upstream, the first cycle is over.
  const job = await agentPool.query<{ id: string }>(`insert into job_histories (name, status, time_start) values ('Start', 'SUCCESS', now()) returning id`);
  jobId = job.rows[0]!.id;
  // The agent's cursor is past its canary already, as when upstream was restored from a backup older
  // than the agent's last push: upstream lacks the canary, and only the check is read as new.
  await agentPool.query(
    `insert into agent_sync_cursors (table_name, position)
     select 'canaries', jsonb_build_array(updated_at::text, id::text) from canaries where id = $1`,
    [canaryId],
  );
  runtime = await startAgentRuntime({ pool: agentPool, logger: silentLogger(), upstreamUrl: upstream.url, token: agent.access_token, intervalMs: HOUR_MS, secrets: TEST_SECRETS });
});

afterAll(async () => {
  await runtime?.stop();
  await agentPool?.end();
  await agentDatabase?.drop();
  await upstream?.close();
});

describe('the agent runtime', () => {
  it('sends a parent upstream lacks first, then the rows that need it', async () => {
    await until(() => upstreamRow('checks', checkId), (rows) => rows.length === 1, { timeoutMs: 30_000 });
    expect(await upstreamRow('canaries', canaryId)).toEqual([{ agent_id: agent.id }]);
    expect(await upstreamRow('checks', checkId)).toEqual([{ agent_id: agent.id }]);
  });

  it('pushes a change about a second after the agent records it, without waiting for the interval', async () => {
    await until(() => upstreamRow('job_histories', jobId), (rows) => rows.length === 1, { timeoutMs: 30_000 });
    const config = await agentPool.query<{ id: string }>(`insert into configs (type, name, config_class) values ('App::Service', $1, 'Service') returning id`, [`billing-${sfx}`]);
    const configId = config.rows[0]!.id;
    // The interval is an hour: only the change's domain event (config.created) can bring it upstream.
    await until(() => upstreamRow('configs', configId), (rows) => rows.length === 1, { timeoutMs: 30_000 });
    expect(await upstreamRow('configs', configId)).toEqual([{ agent_id: agent.id }]);
  });
});
