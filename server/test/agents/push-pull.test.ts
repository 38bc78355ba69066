import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { uniqueSuffix } from '../rest/helpers.js';

/**
 * POST /api/agent/push and GET /api/agent/pull as agents call them with their tokens: rows stored
 * as the calling agent's, pages idempotent, other owners' rows untouched, bodies checked strictly,
 * and an agent's token good for nothing else.
 */

let server: TestServer;
let admin: string;
const sfx = uniqueSuffix();

interface Agent {
  id: string;
  name: string;
  access_token: string;
}

interface PushAnswer {
  tables: Record<string, { received: number; applied: number; ignored: number; missing?: Record<string, string[]> }>;
}

async function createAgent(name: string): Promise<Agent> {
  const response = await fetch(`${server.url}/api/agent/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Agent;
}

function push(token: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}/api/agent/push`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function pushed(token: string, body: unknown): Promise<PushAnswer> {
  const response = await push(token, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as PushAnswer;
}

const NOW = '2026-11-27T10:00:00.000+00:00';

function canaryRow(id: string, name: string) {
  return { id, name, namespace: 'edge', labels: {}, spec: { schedule: '@every 1m', tcp: [{ name: 'port', endpoint: '127.0.0.1:1' }] }, source: 'UI', icon: null, created_at: NOW, updated_at: NOW, deleted_at: null };
}

function checkRow(id: string, canaryId: string, name: string, status = 'healthy') {
  return {
    id,
    canary_id: canaryId,
    type: 'tcp',
    name,
    namespace: 'edge',
    description: null,
    icon: null,
    owner: null,
    endpoint: '127.0.0.1:1',
    labels: {},
    severity: null,
    spec: { name },
    status,
    last_runtime: NOW,
    next_runtime: null,
    last_transition_time: null,
    silenced_at: null,
    created_at: NOW,
    updated_at: NOW,
    deleted_at: null,
  };
}

function statusRow(checkId: string, second: number) {
  return { check_id: checkId, time: `2026-11-27T10:00:${String(second).padStart(2, '0')}.000+00:00`, status: second % 2 === 0, invalid: false, duration: second, message: `run ${second}`, error: null, detail: null, created_at: NOW };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(['admin']);
});

afterAll(async () => {
  await server?.close();
});

describe('POST /api/agent/push', () => {
  it('stores the rows as the calling agent’s, and a page sent twice changes nothing', async () => {
    const agent = await createAgent(`push-a-${sfx}`);
    const canaryId = randomUUID();
    const checkId = randomUUID();
    const page = {
      canaries: [canaryRow(canaryId, `edge-${sfx}`)],
      checks: [checkRow(checkId, canaryId, 'port')],
      check_statuses: [1, 2, 3, 4].map((second) => statusRow(checkId, second)),
    };
    const first = await pushed(agent.access_token, page);
    expect(first.tables).toEqual({
      canaries: { received: 1, applied: 1, ignored: 0 },
      checks: { received: 1, applied: 1, ignored: 0 },
      check_statuses: { received: 4, applied: 4, ignored: 0 },
    });
    const read = async () =>
      (await server.pool.query(
        `select c.agent_id, c.status, c.updated_at, (select json_agg(s order by s.time) from check_statuses s where s.check_id = c.id) as statuses
           from checks c where c.id = $1`,
        [checkId],
      )).rows;
    const once = await read();
    expect(once[0]).toMatchObject({ agent_id: agent.id, status: 'healthy' });
    expect((once[0] as { statuses: unknown[] }).statuses).toHaveLength(4);

    const again = await pushed(agent.access_token, page);
    expect(again.tables['check_statuses']).toEqual({ received: 4, applied: 4, ignored: 0 });
    const twice = await read();
    expect(twice.map(({ updated_at: _u, ...rest }) => rest)).toEqual(once.map(({ updated_at: _u, ...rest }) => rest));
    const canaries = await server.pool.query('select count(*)::int as n from canaries where id = $1', [canaryId]);
    expect(canaries.rows[0]).toEqual({ n: 1 });
    // Ping and data both recorded on the agent.
    const seen = await server.pool.query('select last_seen, last_received from agents where id = $1', [agent.id]);
    expect(seen.rows[0].last_seen).not.toBeNull();
    expect(seen.rows[0].last_received).not.toBeNull();
  });

  it('stores catalog items with their changes, analyses and relationships, topologies, components and job history', async () => {
    const agent = await createAgent(`catalog-${sfx}`);
    const scraperId = randomUUID();
    const [clusterId, serviceId, topologyId, rootId, childId, jobId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const config = (id: string, name: string, parentId: string | null) => ({
      id, scraper_id: scraperId, parent_id: parentId, path: null, external_id: name, name, type: 'App::Service', config_class: 'Service',
      status: null, ready: true, health: 'healthy', description: null, tags: { namespace: 'shop' }, labels: {}, properties: [], config: { name },
      format: 'json', source: null, cost_per_minute: null, cost_total_1d: 1.5, cost_total_7d: null, cost_total_30d: null,
      last_scraped_time: NOW, delete_reason: null, created_at: NOW, updated_at: NOW, deleted_at: null,
    });
    const component = (id: string, name: string, parentId: string | null) => ({
      id, topology_id: topologyId, parent_id: parentId, path: null, external_id: name, name, title: null, text: null, icon: null, type: 'Service',
      tooltip: null, owner: null, lifecycle: null, description: null, labels: {}, properties: [], summary: {}, status: 'healthy', status_reason: null,
      health: 'healthy', hidden: false, is_leaf: parentId !== null, selectors: null, check_selectors: null, config_selectors: null, logs: [],
      cost_per_minute: null, cost_total_1d: null, cost_total_7d: null, cost_total_30d: null, status_expr: null, health_expr: null,
      created_at: NOW, updated_at: NOW, deleted_at: null,
    });
    const answer = await pushed(agent.access_token, {
      config_scrapers: [{ id: scraperId, name: `files-${sfx}`, namespace: 'edge', labels: {}, spec: { file: [] }, source: 'UI', description: null, created_at: NOW, updated_at: NOW, deleted_at: null }],
      topologies: [{ id: topologyId, name: `shop-${sfx}`, namespace: 'edge', labels: {}, spec: {}, source: 'UI', icon: null, created_at: NOW, updated_at: NOW, deleted_at: null }],
      // A child before its parent in the same page.
      configs: [config(serviceId, `billing-${sfx}`, clusterId), config(clusterId, `cluster-${sfx}`, null)],
      config_changes: [{ id: randomUUID(), config_id: serviceId, external_change_id: `c-${sfx}`, change_type: 'diff', severity: 'info', source: 'file', summary: 'changed', details: null, patches: null, diff: null, count: 1, first_observed: NOW, external_created_by: null, fingerprint: null, created_at: NOW }],
      config_analysis: [{ id: randomUUID(), config_id: serviceId, scraper_id: scraperId, analyzer: 'open-port', analysis_type: 'security', severity: 'high', message: 'port open', summary: null, status: 'open', analysis: null, source: null, first_observed: NOW, last_observed: null, created_at: NOW, updated_at: NOW }],
      config_relationships: [{ config_id: clusterId, related_id: serviceId, relation: 'runs', selector_id: null, created_at: NOW, updated_at: NOW, deleted_at: null }],
      components: [component(childId, `api-${sfx}`, rootId), component(rootId, `shop-${sfx}`, null)],
      job_histories: [{ id: jobId, name: 'ScraperRun', resource_id: scraperId, resource_type: 'config_scraper', resource_name: 'files', status: 'SUCCESS', hostname: 'edge', time_start: NOW, time_end: NOW, duration_millis: 12, success_count: 2, error_count: 0, details: {}, created_at: NOW, updated_at: NOW }],
    });
    for (const outcome of Object.values(answer.tables)) expect(outcome.ignored).toBe(0);
    expect(answer.tables['configs']).toEqual({ received: 2, applied: 2, ignored: 0 });
    const owners = await server.pool.query(
      `select 'configs' as t, agent_id::text, namespace from configs where id = any($1)
       union all select 'components', agent_id::text, null from components where id = any($2)
       union all select 'job_histories', agent_id::text, null from job_histories where id = $3
       order by 1`,
      [[clusterId, serviceId], [rootId, childId], jobId],
    );
    expect(owners.rows).toEqual([
      { t: 'components', agent_id: agent.id, namespace: null },
      { t: 'components', agent_id: agent.id, namespace: null },
      { t: 'configs', agent_id: agent.id, namespace: 'shop' },
      { t: 'configs', agent_id: agent.id, namespace: 'shop' },
      { t: 'job_histories', agent_id: agent.id, namespace: null },
    ]);
    const counts = await server.pool.query(
      `select (select count(*)::int from config_changes where config_id = $1) as changes,
              (select count(*)::int from config_analysis where config_id = $1) as analyses,
              (select count(*)::int from config_relationships where config_id = $2 and related_id = $1 and relation = 'runs') as relationships`,
      [serviceId, clusterId],
    );
    expect(counts.rows[0]).toEqual({ changes: 1, analyses: 1, relationships: 1 });
  });

  it('answers the parents it lacks and stores nothing of that table until they come', async () => {
    const agent = await createAgent(`push-b-${sfx}`);
    const canaryId = randomUUID();
    const checkId = randomUUID();
    const answer = await pushed(agent.access_token, { checks: [checkRow(checkId, canaryId, 'port')] });
    expect(answer.tables['checks']).toEqual({ received: 1, applied: 0, ignored: 0, missing: { canaries: [canaryId] } });
    expect((await server.pool.query('select 1 from checks where id = $1', [checkId])).rowCount).toBe(0);
    await pushed(agent.access_token, { canaries: [canaryRow(canaryId, `late-${sfx}`)] });
    const retried = await pushed(agent.access_token, { checks: [checkRow(checkId, canaryId, 'port')] });
    expect(retried.tables['checks']).toEqual({ received: 1, applied: 1, ignored: 0 });
  });

  it('never overwrites another agent’s rows or upstream’s own, and counts what it ignored', async () => {
    const owner = await createAgent(`owner-${sfx}`);
    const thief = await createAgent(`thief-${sfx}`);
    const canaryId = randomUUID();
    const checkId = randomUUID();
    await pushed(owner.access_token, { canaries: [canaryRow(canaryId, `owned-${sfx}`)], checks: [checkRow(checkId, canaryId, 'port')] });

    const stolen = await pushed(thief.access_token, {
      canaries: [{ ...canaryRow(canaryId, `owned-${sfx}`), spec: { schedule: '@every 1m' } }],
      checks: [checkRow(checkId, canaryId, 'port', 'unhealthy'), checkRow(randomUUID(), canaryId, 'sneaked-in')],
      check_statuses: [statusRow(checkId, 9)],
    });
    expect(stolen.tables).toEqual({
      canaries: { received: 1, applied: 0, ignored: 1 },
      checks: { received: 2, applied: 0, ignored: 2 },
      check_statuses: { received: 1, applied: 0, ignored: 1 },
    });
    const { rows } = await server.pool.query('select agent_id, status from checks where canary_id = $1', [canaryId]);
    expect(rows).toEqual([{ agent_id: owner.id, status: 'healthy' }]);
    expect((await server.pool.query('select 1 from check_statuses where check_id = $1', [checkId])).rowCount).toBe(0);

    // A canary of upstream's own, not assigned to the agent, is not the agent's to change either.
    const local = await server.pool.query<{ id: string }>(
      `insert into canaries (name, namespace, spec) values ($1, 'default', '{"schedule": "@every 1h"}') returning id`,
      [`upstream-own-${sfx}`],
    );
    const own = await pushed(thief.access_token, { canaries: [canaryRow(local.rows[0]!.id, 'renamed')] });
    expect(own.tables['canaries']).toEqual({ received: 1, applied: 0, ignored: 1 });
    expect((await server.pool.query('select name from canaries where id = $1', [local.rows[0]!.id])).rows[0]).toEqual({ name: `upstream-own-${sfx}` });
  });

  it('takes checks under a canary upstream assigns to the agent, and their deletion once it no longer does', async () => {
    const agent = await createAgent(`assigned-${sfx}`);
    const { rows } = await server.pool.query<{ id: string }>(
      `insert into canaries (name, namespace, spec) values ($1, 'default', $2) returning id`,
      [`assigned-${sfx}`, { schedule: '@every 1h', agentSelector: [agent.name] }],
    );
    const canaryId = rows[0]!.id;
    const checkId = randomUUID();
    const taken = await pushed(agent.access_token, { checks: [checkRow(checkId, canaryId, 'port')] });
    expect(taken.tables['checks']).toEqual({ received: 1, applied: 1, ignored: 0 });

    await server.pool.query(`update canaries set spec = spec || '{"agentSelector": ["someone-else"]}' where id = $1`, [canaryId]);
    const deleted = await pushed(agent.access_token, { checks: [{ ...checkRow(checkId, canaryId, 'port'), deleted_at: NOW }] });
    expect(deleted.tables['checks']).toEqual({ received: 1, applied: 1, ignored: 0 });
    expect((await server.pool.query('select deleted_at from checks where id = $1', [checkId])).rows[0].deleted_at).not.toBeNull();
    const added = await pushed(agent.access_token, { checks: [checkRow(randomUUID(), canaryId, 'new-port')] });
    expect(added.tables['checks']).toEqual({ received: 1, applied: 0, ignored: 1 });
  });

  it('refuses bodies that are not what the tables take, with a message naming the problem', async () => {
    const agent = await createAgent(`strict-${sfx}`);
    const canaryId = randomUUID();
    const cases: [unknown, number, RegExp][] = [
      [[], 400, /JSON object mapping table names/],
      [{ people: [] }, 400, /"people" cannot be pushed/],
      [{ canaries: {} }, 400, /canaries must be a list of rows/],
      [{ canaries: [{ ...canaryRow(canaryId, 'x'), agent_id: randomUUID() }] }, 400, /canaries\[0\] has a field "agent_id"/],
      [{ canaries: [{ ...canaryRow(canaryId, 'x'), created_by: randomUUID() }] }, 400, /"created_by"/],
      [{ canaries: [{ ...canaryRow(canaryId, 'x'), id: 'not-a-uuid' }] }, 400, /canaries\[0\] id must match pattern/],
      [{ check_statuses: [{ ...statusRow(randomUUID(), 1), status: 'yes' }] }, 400, /check_statuses\[0\] status must be boolean/],
      [{ check_statuses: Array.from({ length: 501 }, (_, second) => statusRow(randomUUID(), second % 60)) }, 413, /at most 500 rows/],
    ];
    for (const [body, status, message] of cases) {
      const response = await push(agent.access_token, body);
      const answer = (await response.json()) as { message: string };
      expect(response.status, answer.message).toBe(status);
      expect(answer.message).toMatch(message);
    }
    for (const [text, message] of [
      ['{"canaries": [', /The body is not valid JSON/],
      [`{"canaries": [${'['.repeat(100)}${']'.repeat(100)}]}`, /nested deeper than 64 levels/],
    ] as const) {
      const response = await fetch(`${server.url}/api/agent/push`, { method: 'POST', headers: { authorization: `Bearer ${agent.access_token}`, 'content-type': 'application/json' }, body: text });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    const huge = await push(agent.access_token, { canaries: [{ ...canaryRow(canaryId, 'x'), spec: { blob: 'x'.repeat(40 * 1024 * 1024) } }] });
    expect(huge.status).toBe(413);
  });
});

describe('an agent’s token', () => {
  it('reaches nothing but push and pull', async () => {
    const agent = await createAgent(`stolen-${sfx}`);
    const auth = { authorization: `Bearer ${agent.access_token}` };
    for (const path of ['/api/db/checks', '/api/db/agents', '/api/db/people', '/api/canary/api/summary', '/api/agent/pushy', '/api/agent/push/../../db/agents']) {
      const response = await fetch(`${server.url}${path}`, { headers: auth });
      expect(response.status, path).toBe(403);
    }
    const generate = await fetch(`${server.url}/api/agent/generate`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"name":"mine"}' });
    expect(generate.status).toBe(403);
    const patch = await fetch(`${server.url}/api/db/agents?id=eq.${agent.id}`, { method: 'PATCH', headers: { ...auth, 'content-type': 'application/json' }, body: '{"description":"x"}' });
    expect(patch.status).toBe(403);
  });

  it('pushes nothing once its agent is deleted', async () => {
    const agent = await createAgent(`gone-${sfx}`);
    const response = await fetch(`${server.url}/api/db/agents?id=eq.${agent.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ deleted_at: new Date().toISOString() }),
    });
    expect(response.status).toBeLessThan(300);
    const refused = await push(agent.access_token, { canaries: [] });
    expect(refused.status).toBe(401);
  });

  it('is the only token that may push: a person’s token is refused', async () => {
    const response = await push(admin, { canaries: [] });
    expect(response.status).toBe(403);
  });
});

describe('GET /api/agent/pull', () => {
  it('answers the canaries, scrape configs and topologies whose agentSelector names the agent, and 304 while nothing changed', async () => {
    const agent = await createAgent(`puller-${sfx}`);
    const other = await createAgent(`elsewhere-${sfx}`);
    const insert = (table: string, name: string, selector: string[] | null) =>
      server.pool.query<{ id: string }>(`insert into ${table} (name, namespace, spec) values ($1, 'default', $2) returning id`, [
        name,
        selector ? { schedule: '@every 1h', agentSelector: selector } : { schedule: '@every 1h' },
      ]);
    const mine = (await insert('canaries', `for-puller-${sfx}`, [`puller-${sfx}`])).rows[0]!.id;
    const glob = (await insert('config_scrapers', `for-pullers-${sfx}`, [`puller-*`, `!elsewhere-*`])).rows[0]!.id;
    await insert('canaries', `for-other-${sfx}`, [`elsewhere-${sfx}`]);
    const nobody = (await insert('topologies', `for-nobody-${sfx}`, null)).rows[0]!.id;
    const topology = (await insert('topologies', `for-puller-${sfx}`, [`puller-${sfx}`])).rows[0]!.id;

    const pull = (token: string, etag?: string) =>
      fetch(`${server.url}/api/agent/pull`, { headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) } });
    const first = await pull(agent.access_token);
    expect(first.status).toBe(200);
    const body = (await first.json()) as Record<string, { id: string }[]>;
    expect(body['canaries']!.map((row) => row.id)).toContain(mine);
    expect(body['canaries']!.map((row) => row.id)).not.toContain(undefined);
    expect(body['config_scrapers']!.map((row) => row.id)).toContain(glob);
    expect(body['canaries']!.some((row) => (row as unknown as { name: string }).name === `for-other-${sfx}`)).toBe(false);
    expect(body['topologies']!.map((row) => row.id)).toContain(topology);
    expect(body['topologies']!.map((row) => row.id)).not.toContain(nobody);
    const etag = first.headers.get('etag')!;
    expect((await pull(agent.access_token, etag)).status).toBe(304);
    await server.pool.query("update canaries set spec = spec || '{\"schedule\": \"@every 2h\"}' where id = $1", [mine]);
    expect((await pull(agent.access_token, etag)).status).toBe(200);

    const others = (await (await pull(other.access_token)).json()) as Record<string, { id: string }[]>;
    expect(others['canaries']!.map((row) => row.id)).not.toContain(mine);
    expect(others['config_scrapers']!.map((row) => row.id)).not.toContain(glob);
  });
});
