import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restartableServe, type RestartableServe } from '../support/restartable-serve.js';
import { until } from '../support/until.js';

/**
 * Two Pharos processes, each on the embedded PostgreSQL of its own data folder: an upstream and
 * `pharos agent` reporting to it.
 * What upstream assigns to the agent runs there and shows upstream as the agent's; killing either
 * process in the middle of a push loses and doubles nothing.
 */

let upstream: RestartableServe;
let agent: RestartableServe;
let admin: string;
let agentId: string;
let dir: string;
const AGENT_NAME = 'edge-1';

interface CheckRow {
  id: string;
  name: string;
  status: string | null;
  agent_id: string;
  agents: { name: string } | null;
}

async function applyUpstream(yaml: string): Promise<void> {
  const response = await fetch(`${upstream.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/yaml' }, body: yaml });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function upstreamRows<T>(pathAndQuery: string): Promise<T[]> {
  const response = await fetch(`${upstream.url}/api/db/${pathAndQuery}`, { headers: { authorization: `Bearer ${admin}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T[];
}

/** Every status of a check, as one comparable text (time, result, duration). */
async function statusesOf(node: RestartableServe, checkId: string): Promise<{ count: number; digest: string }> {
  const { rows } = await node.pool.query<{ count: string; digest: string | null }>(
    `select count(*)::text as count, md5(string_agg(time::text || status::text || coalesce(duration, -1)::text, ',' order by time)) as digest
       from check_statuses where check_id = $1`,
    [checkId],
  );
  return { count: Number(rows[0]!.count), digest: rows[0]!.digest ?? '' };
}

/** History made on the agent: `count` past results of a check, as its runs would have left them. */
async function addPastStatuses(checkId: string, count: number, daysAgo: number): Promise<void> {
  await agent.pool.query(
    `insert into check_statuses (check_id, time, status, duration, message)
     select $1, now() - make_interval(days => $3) + make_interval(secs => g), g % 7 <> 0, g % 900, 'past run ' || g
       from generate_series(1, $2) as g`,
    [checkId, count, daysAgo],
  );
}

/**
 * The agent keeps running its check, so its history grows, and pages are stored several at once, so
 * upstream may briefly hold as many rows as the agent but not the same ones: upstream must come to hold
 * exactly the agent's statuses up to now.
 */
async function expectUpstreamToHoldAgentsStatuses(checkId: string): Promise<void> {
  const { rows } = await agent.pool.query<{ stop: string }>('select now()::text as stop');
  const stop = rows[0]!.stop;
  const digest = async (node: RestartableServe) =>
    (
      await node.pool.query<{ count: string; digest: string }>(
        `select count(*)::text as count, md5(string_agg(time::text || status::text || coalesce(duration, -1)::text, ',' order by time)) as digest
           from check_statuses where check_id = $1 and time < $2`,
        [checkId, stop],
      )
    ).rows[0]!;
  const both = async () => ({ agent: await digest(agent), upstream: await digest(upstream) });
  const settled = await until(both, (now) => now.upstream.digest === now.agent.digest, { timeoutMs: 60_000, detail: async () => agent.output() });
  expect(settled.upstream).toEqual(settled.agent);
}

async function agentCheck(): Promise<CheckRow> {
  const [check] = await until(
    () => upstreamRows<CheckRow>(`checks?select=id,name,status,agent_id,agents(name)&name=eq.upstream-port&deleted_at=is.null`),
    (rows) => rows.length === 1 && rows[0]!.status !== null,
    { timeoutMs: 60_000, detail: async () => agent.output() },
  );
  return check!;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pharos-agent-files-'));
  await writeFile(path.join(dir, 'services.json'), JSON.stringify({ services: [{ name: 'billing', tier: 'gold' }, { name: 'search', tier: 'silver' }] }));
  upstream = await restartableServe(['serve'], {}, { embedded: true });
  await upstream.start();
  admin = await upstream.tokenFor(['admin']);
  const generated = await fetch(`${upstream.url}/api/agent/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: AGENT_NAME }),
  });
  expect(generated.status).toBe(201);
  const created = (await generated.json()) as { id: string; access_token: string };
  agentId = created.id;
  agent = await restartableServe(['agent', '--upstream', upstream.url, '--token', created.access_token], { PHAROS_AGENT_SYNC_INTERVAL_MS: '300' }, { embedded: true });
  await agent.start();
}, 240_000);

afterAll(async () => {
  await agent?.close();
  await upstream?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('pharos agent with an upstream', () => {
  it('runs the tcp check and file scrape assigned to it, and upstream shows them as the agent’s', async () => {
    const port = new URL(upstream.url).port;
    await applyUpstream(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: edge-ports
spec:
  schedule: "@every 1s"
  agentSelector: [${AGENT_NAME}]
  tcp:
    - name: upstream-port
      endpoint: 127.0.0.1:${port}
---
apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: edge-files
spec:
  agentSelector: ["edge-*"]
  file:
    - type: App::Service
      id: $.name
      name: $.name
      items: $.services[*]
      paths: [${path.join(dir, 'services.json')}]
`);
    const check = await agentCheck();
    expect(check).toMatchObject({ status: 'healthy', agent_id: agentId, agents: { name: AGENT_NAME } });
    // Upstream holds the canary but does not run it: the only check of that name is the agent's.
    const all = await upstreamRows<CheckRow>('checks?select=id,agent_id&name=eq.upstream-port');
    expect(all.map((row) => row.agent_id)).toEqual([agentId]);
    await until(() => upstreamRows<{ check_id: string }>(`check_statuses?select=check_id&check_id=eq.${check.id}&limit=1`), (rows) => rows.length === 1);

    const configs = await until(
      () => upstreamRows<{ name: string; agent_id: string; agent: { name: string } | null }>("configs?select=name,agent_id,agent:agents(name)&type=eq.App::Service&order=name"),
      (rows) => rows.length === 2,
      { timeoutMs: 60_000, detail: async () => agent.output() },
    );
    expect(configs).toEqual([
      { name: 'billing', agent_id: agentId, agent: { name: AGENT_NAME } },
      { name: 'search', agent_id: agentId, agent: { name: AGENT_NAME } },
    ]);
    const jobs = await until(() => upstreamRows<{ agent_id: string }>(`job_histories?select=agent_id&agent_id=eq.${agentId}&limit=1`), (rows) => rows.length === 1);
    expect(jobs[0]!.agent_id).toBe(agentId);
    const [seen] = await upstreamRows<{ last_seen: string | null; last_received: string | null }>(`agents?select=last_seen,last_received&id=eq.${agentId}`);
    expect(seen?.last_seen).not.toBeNull();
    expect(seen?.last_received).not.toBeNull();
  }, 120_000);

  it('runs the topology assigned to it, and upstream shows its components under that topology as the agent’s', async () => {
    await applyUpstream(`apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: edge-shop
spec:
  schedule: "@every 1h"
  agentSelector: [${AGENT_NAME}]
  components:
    - name: edge-api
      type: API
`);
    const [topology] = await upstreamRows<{ id: string }>('topologies?select=id&name=eq.edge-shop');
    const components = await until(
      () => upstreamRows<{ name: string; agent_id: string }>(`components?select=name,agent_id&topology_id=eq.${topology!.id}&name=eq.edge-api&deleted_at=is.null`),
      (rows) => rows.length > 0,
      { timeoutMs: 60_000, detail: async () => agent.output() },
    );
    // Upstream does not run it itself: every component of the topology is the agent's.
    expect(components).toEqual([{ name: 'edge-api', agent_id: agentId }]);
    const all = await upstreamRows<{ agent_id: string }>(`components?select=agent_id&topology_id=eq.${topology!.id}`);
    expect(all.every((row) => row.agent_id === agentId)).toBe(true);
  }, 120_000);

  it('takes a playbook action whose runsOn names it, runs it, and upstream shows the result', async () => {
    await applyUpstream(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: edge-echo
spec:
  actions:
    - name: on-edge
      runsOn: [${AGENT_NAME}]
      exec:
        script: echo "ran where $(echo the agent) is"
`);
    const [playbook] = await upstreamRows<{ id: string }>('playbooks?select=id&name=eq.edge-echo');
    const started = await fetch(`${upstream.url}/api/playbook/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: playbook!.id }),
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const { run_id: runId } = (await started.json()) as { run_id: string };
    const [action] = await until(
      () => upstreamRows<{ status: string; agent_id: string; result: { stdout?: string } | null }>(`playbook_run_actions?select=status,agent_id,result&playbook_run_id=eq.${runId}`),
      (rows) => rows[0]?.status === 'completed' || rows[0]?.status === 'failed',
      { timeoutMs: 60_000, detail: async () => agent.output() },
    );
    expect(action).toMatchObject({ status: 'completed', agent_id: agentId, result: { stdout: 'ran where the agent is' } });
  });

  it('loses and doubles nothing when the agent is killed -9 in the middle of a push', async () => {
    const check = await agentCheck();
    const before = await statusesOf(upstream, check.id);
    await addPastStatuses(check.id, 12_000, 3);
    await until(() => statusesOf(upstream, check.id), (now) => now.count >= before.count + 500, { intervalMs: 10, timeoutMs: 60_000 });
    await agent.kill();
    const atKill = await statusesOf(upstream, check.id);
    const onAgent = await statusesOf(agent, check.id);
    expect(atKill.count).toBeLessThan(onAgent.count);

    await agent.start();
    await expectUpstreamToHoldAgentsStatuses(check.id);
  }, 120_000);

  it('loses and doubles nothing when upstream is killed -9 in the middle of a push', async () => {
    const check = await agentCheck();
    const before = await statusesOf(upstream, check.id);
    await addPastStatuses(check.id, 12_000, 6);
    await until(() => statusesOf(upstream, check.id), (now) => now.count >= before.count + 500, { intervalMs: 10, timeoutMs: 60_000 });
    await upstream.kill();
    const onAgent = await statusesOf(agent, check.id);
    const atKill = await statusesOf(upstream, check.id);
    expect(atKill.count).toBeLessThan(onAgent.count);

    await upstream.start();
    await expectUpstreamToHoldAgentsStatuses(check.id);
  }, 120_000);

  it('stops running what upstream no longer assigns to it, and upstream sees its checks deleted', async () => {
    const check = await agentCheck();
    const port = new URL(upstream.url).port;
    await applyUpstream(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: edge-ports
spec:
  schedule: "@every 1s"
  agentSelector: [another-agent]
  tcp:
    - name: upstream-port
      endpoint: 127.0.0.1:${port}
`);
    const { rows: pulled } = await until(
      () => agent.pool.query<{ deleted_at: Date | null }>("select deleted_at from canaries where name = 'edge-ports' and source = 'upstream'"),
      (result) => result.rows.length === 1 && result.rows[0]!.deleted_at !== null,
      { timeoutMs: 30_000, detail: async () => agent.output() },
    );
    expect(pulled).toHaveLength(1);
    await until(
      () => upstreamRows<{ id: string; deleted_at: string | null }>(`checks?select=id,deleted_at&id=eq.${check.id}`),
      (rows) => rows.length === 1 && rows[0]!.deleted_at !== null,
      {
        timeoutMs: 30_000,
        detail: async () =>
          JSON.stringify((await agent.pool.query('select id, deleted_at, updated_at::text from checks where id = $1', [check.id])).rows) +
          JSON.stringify((await agent.pool.query('select * from agent_sync_cursors')).rows) +
          agent.output().slice(-3000),
      },
    );
  }, 60_000);
});
