import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushGate } from '../../src/agents/push-gate.js';
import { UpstreamClient } from '../../src/agents/runtime/upstream-client.js';
import { uniqueSuffix } from '../rest/helpers.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';

/**
 * POST /api/agent/push while upstream already stores as many pushes as it takes: 503 with
 * Retry-After, and the agent's client waits and sends the page again until it is stored.
 */

const NOW = '2026-11-27T10:00:00.000+00:00';
const gate = new PushGate(1, 0);
let server: TestServer;
let agent: { id: string; access_token: string };

function canaryRow(id: string, name: string) {
  return { id, name, namespace: 'busy', labels: {}, spec: {}, source: 'UI', icon: null, created_at: NOW, updated_at: NOW, deleted_at: null };
}

/** Takes the gate's only slot until the answered function is called. */
function occupy(): () => void {
  let release = () => {};
  void gate.run(() => new Promise<void>((resolve) => (release = resolve)));
  return () => release();
}

beforeAll(async () => {
  server = await startTestServer({ pushGate: gate });
  const admin = await server.tokenFor(['admin']);
  const response = await fetch(`${server.url}/api/agent/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `busy-${uniqueSuffix()}` }),
  });
  expect(response.status).toBe(201);
  agent = (await response.json()) as typeof agent;
});

afterAll(async () => {
  await server?.close();
});

describe('POST /api/agent/push on a busy upstream', () => {
  it('answers 503 with Retry-After and stores nothing while its pushes are all taken', async () => {
    const release = occupy();
    const id = randomUUID();
    const response = await fetch(`${server.url}/api/agent/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agent.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ canaries: [canaryRow(id, `busy-${id}`)] }),
    });
    release();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(((await response.json()) as { message: string }).message).toMatch(/send this page again shortly/);
    const { rows } = await server.pool.query('select count(*)::int as n from canaries where id = $1', [id]);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('is waited out by the agent, which sends the page again until it is stored', async () => {
    const release = occupy();
    const refusedBefore = gate.refused;
    const id = randomUUID();
    const sending = new UpstreamClient(server.url, agent.access_token).push({ canaries: [canaryRow(id, `busy-${id}`)] });
    await until(async () => gate.refused, (refused) => refused > refusedBefore, { intervalMs: 20 });
    release();
    const answer = await sending;
    expect(answer.tables.canaries).toEqual({ received: 1, applied: 1, ignored: 0 });
    const { rows } = await server.pool.query('select agent_id from canaries where id = $1', [id]);
    expect(rows).toEqual([{ agent_id: agent.id }]);
  });
});
