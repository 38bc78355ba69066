import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlaybookActionLoop } from '../../src/agents/runtime/playbook-actions.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';
import { playbookTest, type RunView } from '../playbooks/helpers.js';
import { uniqueSuffix } from '../rest/helpers.js';

/**
 * Playbook actions with `runsOn`: upstream (server and engine on the embedded database) keeps such an
 * action waiting until the named agent takes it with its own token; the agent's loop runs it (a
 * real bash process) and reports; approvals stay upstream; other agents, people and a silent agent
 * are each answered as they should be.
 */

const env = playbookTest({ agentSilenceMs: 3_000 });
const sfx = uniqueSuffix();
const edgeName = `edge-${sfx}`;
let edge: string;
let other: string;
let requester: string;
let approver: string;
let agentSandbox: ExpressionSandbox;

interface RunWithAgents extends RunView {
  awaiting_approval: boolean;
  actions: (RunView['actions'][number] & { agent: { id: string; name: string } | null })[];
}

async function generate(name: string): Promise<string> {
  const response = await fetch(`${env.server.url}/api/agent/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { access_token: string }).access_token;
}

const take = (token: string, wait = 0) => fetch(`${env.server.url}/api/agent/playbook/action?wait=${wait}`, { headers: { authorization: `Bearer ${token}` } });

const report = (token: string, id: string, body: unknown) =>
  fetch(`${env.server.url}/api/agent/playbook/action/${id}/status`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const runOf = (id: string) => env.run(id) as Promise<RunWithAgents>;

const playbook = (name: string, extra = '', script = 'echo "hello {{ .params.who }} from $(echo the agent) with a ${#TOKEN}-character token"; echo warn >&2') => `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: ${name}
spec:
  parameters:
    - name: agent
      default: ${edgeName}
    - name: who
      default: ops
  ${extra}
  actions:
    - name: on-edge
      runsOn: ['{{ .params.agent }}']
      exec:
        env:
          - name: TOKEN
            valueFrom:
              secretKeyRef: { name: edge-pass, key: token }
        script: ${script}`;

async function startRun(name: string, extra = '', token = env.token, script?: string): Promise<string> {
  const id = await env.apply(playbook(name, extra, script));
  const { status, body } = await env.start({ id }, token);
  expect(status, JSON.stringify(body)).toBe(201);
  return body.run_id!;
}

beforeAll(async () => {
  // The secret the exec action's env names, where Pharos reads a secret it does not store.
  process.env['PHAROS_SECRET_EDGE_PASS_TOKEN'] = 'edge-token-value';
  edge = await generate(edgeName);
  other = await generate(`other-${sfx}`);
  requester = await env.server.tokenFor(['editor'], `requester-${sfx}@example.com`);
  approver = await env.server.tokenFor(['editor'], `approver-${sfx}@example.com`);
  agentSandbox = new ExpressionSandbox();
});

afterAll(async () => {
  await agentSandbox?.close();
});

describe('an action with runsOn', () => {
  it('waits for its agent, whose loop runs it and reports the result upstream', async () => {
    const runId = await startRun(`runs-on-${sfx}`);
    const waiting = await env.until(runId, (run) => run.actions[0]?.status === 'waiting');
    expect(waiting.status).toBe('waiting');
    expect((waiting as RunWithAgents).actions[0]!.agent?.name).toBe(edgeName);
    expect((waiting as RunWithAgents).awaiting_approval).toBe(false);

    const stop = new AbortController();
    const loop = startPlaybookActionLoop({ upstreamUrl: env.server.url, token: edge, signal: stop.signal, sandbox: agentSandbox, secrets: new ServerSecrets(Buffer.alloc(32, 7)), pollWaitSeconds: 1, heartbeatMs: 200 });
    try {
      const done = await env.until(runId);
      expect(done.status, JSON.stringify(done.actions)).toBe('completed');
      const action = (done as RunWithAgents).actions[0]!;
      expect(action).toMatchObject({ name: 'on-edge', status: 'completed', error: null, agent: { name: edgeName } });
      expect(action.result).toMatchObject({ stdout: 'hello ops from the agent with a 16-character token', stderr: 'warn', exitCode: 0 });
    } finally {
      stop.abort();
      await loop;
    }
  });

  it('is stopped on the agent when its run is cancelled upstream, and the agent moves on', async () => {
    const stop = new AbortController();
    const loop = startPlaybookActionLoop({ upstreamUrl: env.server.url, token: edge, signal: stop.signal, sandbox: agentSandbox, secrets: new ServerSecrets(Buffer.alloc(32, 7)), pollWaitSeconds: 1, heartbeatMs: 200 });
    try {
      const long = await startRun(`long-${sfx}`, '', env.token, 'sleep 600');
      await env.until(long, (run) => run.actions[0]?.status === 'running');
      const cancelled = await fetch(`${env.server.url}/api/playbook/run/cancel/${long}`, { method: 'POST', headers: { authorization: `Bearer ${env.token}` } });
      expect(cancelled.status).toBe(200);
      expect((await env.until(long)).status).toBe('cancelled');
      // The loop takes one action at a time: this one runs only once the sleep was stopped.
      const next = await startRun(`after-cancel-${sfx}`);
      const done = await env.until(next);
      expect(done.status).toBe('completed');
    } finally {
      stop.abort();
      await loop;
    }
  });

  it('is not offered before the run is approved, and is after', async () => {
    const approval = `approval:
    approvers:
      people: [approver-${sfx}@example.com]`;
    const runId = await startRun(`approve-first-${sfx}`, approval, requester);
    expect((await runOf(runId)).awaiting_approval).toBe(true);
    expect((await take(edge)).status).toBe(204);
    expect((await runOf(runId)).actions).toEqual([]);

    const approved = await fetch(`${env.server.url}/api/playbook/run/approve/${runId}`, { method: 'POST', headers: { authorization: `Bearer ${approver}` } });
    expect(approved.status).toBe(200);
    // Held until the engine has put the action up for the agent.
    const offered = await take(edge, 20);
    expect(offered.status).toBe(200);
    const action = (await offered.json()) as { id: string; run_id: string; name: string; kind: string; spec: { script: string; env: unknown }; params: Record<string, unknown> };
    expect(action).toMatchObject({ run_id: runId, name: 'on-edge', kind: 'exec', params: { agent: edgeName, who: 'ops' } });
    expect(action.spec.script).toContain('echo "hello ops from');
    // The secret it names, resolved upstream: the agent has no way to read this server's secrets.
    expect(action.spec.env).toEqual([{ name: 'TOKEN', value: 'edge-token-value' }]);
    // Waiting for its agent is not waiting for approval: nobody can approve it again.
    const again = await fetch(`${env.server.url}/api/playbook/run/approve/${runId}`, { method: 'POST', headers: { authorization: `Bearer ${approver}` } });
    expect(again.status).toBe(409);

    expect((await report(edge, action.id, { status: 'running' })).status).toBe(200);
    expect((await report(edge, action.id, { status: 'completed', result: { stdout: 'fine', exitCode: 0 } })).status).toBe(200);
    const done = await env.until(runId);
    expect(done.status).toBe('completed');
    expect(done.actions[0]).toMatchObject({ status: 'completed', result: { stdout: 'fine', exitCode: 0 } });
  });

  it("is nothing to another agent, who cannot report on it, and people's tokens cannot reach the routes", async () => {
    const runId = await startRun(`only-edge-${sfx}`);
    await env.until(runId, (run) => run.actions[0]?.status === 'waiting');
    expect((await take(other)).status).toBe(204);
    const { rows: seen } = await env.pool.query<{ last_seen: Date | null }>('SELECT last_seen FROM agents WHERE name = $1', [`other-${sfx}`]);
    expect(seen[0]?.last_seen).toBeInstanceOf(Date);
    expect((await take(env.token)).status).toBe(403);
    const taken = await take(edge, 5);
    expect(taken.status).toBe(200);
    const { id } = (await taken.json()) as { id: string };

    expect((await report(other, id, { status: 'completed', result: {} })).status).toBe(404);
    const byPerson = await report(env.token, id, { status: 'completed', result: {} });
    expect(byPerson.status).toBe(403);
    expect(((await byPerson.json()) as { message: string }).message).toMatch(/Only an agent's access token/);

    const invalid: [unknown, RegExp][] = [
      [{ status: 'done' }, /status must be one of running, completed, failed/],
      [{ status: 'failed' }, /a failed report needs an error/],
      [{ status: 'completed', result: 'ok' }, /result must be an object/],
      [{ status: 'completed', result: {}, exitCode: 0 }, /Unknown field exitCode/],
      [[], /must be a JSON object/],
    ];
    for (const [body, message] of invalid) {
      const response = await report(edge, id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }

    expect((await report(edge, id, { status: 'failed', result: { exitCode: 3 }, error: 'exit status 3' })).status).toBe(200);
    const done = await env.until(runId);
    expect(done.status).toBe('failed');
    expect(done.actions[0]).toMatchObject({ status: 'failed', error: 'exit status 3', result: { exitCode: 3 } });
    // Ended: the agent is told to stop.
    expect((await report(edge, id, { status: 'running' })).status).toBe(409);
  });

  it("comes with the credentials of the connection it names, and no other's", async () => {
    await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata:
  name: edge-api-${sfx}
spec:
  http:
    url: http://127.0.0.1:9/edge
  username:
    value: edge-user
  password:
    value: edge-s3cret
---
apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata:
  name: elsewhere-${sfx}
spec:
  http:
    url: http://127.0.0.1:9/elsewhere
  password:
    value: elsewhere-s3cret`);
    const id = await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: http-on-edge-${sfx}
spec:
  runsOn: [${edgeName}]
  actions:
    - name: call
      http:
        connection: connection://edge-api-${sfx}
        method: POST`);
    const { body } = await env.start({ id });
    await env.until(body.run_id!, (run) => run.actions[0]?.status === 'waiting');
    const taken = await take(edge, 5);
    expect(taken.status).toBe(200);
    const text = await taken.text();
    const action = JSON.parse(text) as { id: string; kind: string; spec: Record<string, unknown> };
    expect(action.kind).toBe('http');
    expect(action.spec).toMatchObject({ url: 'http://127.0.0.1:9/edge', username: 'edge-user', password: 'edge-s3cret', method: 'POST' });
    expect(text).not.toContain('elsewhere');
    expect((await report(edge, action.id, { status: 'failed', error: 'connection refused' })).status).toBe(200);
  });

  it('is offered to its agent again when it failed and has a retry left', async () => {
    const id = await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: retry-on-edge-${sfx}
spec:
  runsOn: [${edgeName}]
  actions:
    - name: flaky
      retry:
        limit: 1
        duration: 1ms
      exec:
        script: exit 1`);
    const { body } = await env.start({ id });
    const first = await take(edge, 20);
    expect(first.status).toBe(200);
    const attempt = (await first.json()) as { id: string; run_id: string; retry_count: number };
    expect(attempt).toMatchObject({ run_id: body.run_id, retry_count: 0 });
    expect((await report(edge, attempt.id, { status: 'failed', result: { exitCode: 1 }, error: 'exit status 1' })).status).toBe(200);
    const second = await take(edge, 20);
    expect(second.status).toBe(200);
    expect((await second.json()) as { id: string; retry_count: number }).toMatchObject({ id: attempt.id, retry_count: 1 });
    expect((await report(edge, attempt.id, { status: 'completed', result: { exitCode: 0 } })).status).toBe(200);
    const done = await env.until(body.run_id!);
    expect(done.status).toBe('completed');
    expect(done.actions[0]).toMatchObject({ status: 'completed', retry_count: 1 });
  });

  it('is claimed by one of two concurrent pollers', async () => {
    const runId = await startRun(`claim-once-${sfx}`);
    await env.until(runId, (run) => run.actions[0]?.status === 'waiting');
    const answers = await Promise.all([take(edge, 2), take(edge, 2)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 204]);
    const { id } = (await answers.find((answer) => answer.status === 200)!.json()) as { id: string };
    expect((await report(edge, id, { status: 'completed', result: {} })).status).toBe(200);
    expect((await env.until(runId)).status).toBe('completed');
  });

  it('fails with the reason when its agent goes silent, and refuses the late report', async () => {
    const runId = await startRun(`silent-${sfx}`);
    await env.until(runId, (run) => run.actions[0]?.status === 'waiting');
    const taken = await take(edge, 5);
    expect(taken.status).toBe(200);
    const { id } = (await taken.json()) as { id: string };
    const done = await env.until(runId);
    expect(done.status).toBe('failed');
    expect(done.actions[0]!.error).toBe(`agent '${edgeName}' sent nothing about this action for 3s and is taken to have stopped`);
    const late = await report(edge, id, { status: 'completed', result: {} });
    expect(late.status).toBe(409);
  });

  it('fails at once when no agent of that name exists', async () => {
    const id = await env.apply(playbook(`nobody-${sfx}`));
    const { body } = await env.start({ id, params: { agent: `gone-${sfx}` } });
    const done = await env.until(body.run_id!);
    expect(done.status).toBe('failed');
    expect(done.actions[0]!.error).toBe(`runsOn: no agent named 'gone-${sfx}'`);
  });
});

describe('the agent loop', () => {
  it('waits out an upstream it cannot reach and stops when told', async () => {
    const told: string[] = [];
    const stop = new AbortController();
    const loop = startPlaybookActionLoop({
      upstreamUrl: 'http://127.0.0.1:1',
      token: edge,
      signal: stop.signal,
      sandbox: agentSandbox,
      secrets: new ServerSecrets(Buffer.alloc(32, 7)),
      backoffMs: { first: 20, max: 40 },
      log: (message) => told.push(message),
    });
    const deadline = Date.now() + 10_000;
    while (told.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(told.length).toBeGreaterThanOrEqual(3);
    expect(told[0]).toMatch(/could not take a playbook action from upstream/);
    stop.abort();
    await loop;
  });
});
