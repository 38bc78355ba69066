import { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { restClient, uniqueSuffix } from '../rest/helpers.js';

/**
 * Agents through the interfaces people use: POST /api/agent/generate for creation, the data
 * service (as the Agents page calls it) for the list, edits and deletion with or without cleanup,
 * and what an agent's own token may reach.
 */

let server: TestServer;
let admin: string;
let viewer: string;
let editor: string;
const sfx = uniqueSuffix();

interface Generated {
  id: string;
  name: string;
  access_token: string;
  kubernetes: { enabled: boolean; interval: string };
  pushTelemetry: { enabled: boolean; topologyName?: string };
  properties: Record<string, string>;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(['admin']);
  viewer = await server.tokenFor(['viewer']);
  editor = await server.tokenFor(['editor']);
});

afterAll(async () => {
  await server?.close();
});

function generate(token: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}/api/agent/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function created(name: string, extra: Record<string, unknown> = {}): Promise<Generated> {
  const response = await generate(admin, { name, ...extra });
  expect(response.status).toBe(201);
  return (await response.json()) as Generated;
}

function get(path: string, token: string): Promise<Response> {
  return fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

describe('POST /api/agent/generate', () => {
  it('creates the agent with its settings and a token shown only in this answer', async () => {
    const name = `cluster-a-${sfx}`;
    const agent = await created(name, {
      description: 'eu-west cluster',
      properties: { region: 'eu-west-1' },
      kubernetes: { enabled: true, interval: '1h' },
      pushTelemetry: { enabled: true, topologyName: 'eu' },
    });
    expect(agent.access_token).toMatch(/^pharos_[A-Za-z0-9_-]{43}$/);
    expect(agent).toMatchObject({ name, properties: { region: 'eu-west-1' }, kubernetes: { enabled: true, interval: '1h' }, pushTelemetry: { enabled: true, topologyName: 'eu' } });

    const { data, error, count } = await restClient(server, admin)
      .from('agents_summary')
      .select('id,name,description,properties,kubernetes,push_telemetry,config_count,checks_count,config_scrapper_count,playbook_runs_count,last_seen,created_at', { count: 'exact' })
      .eq('id', agent.id);
    expect(error).toBeNull();
    expect(count).toBe(1);
    expect(data?.[0]).toMatchObject({ name, description: 'eu-west cluster', config_count: 0, checks_count: 0, last_seen: null, push_telemetry: { enabled: true, topologyName: 'eu' } });
    // The token stands for a person of the agent's own, whose only role is `agent`.
    const roles = await server.pool.query<{ role: string }>('select r.role from agents a join person_roles r on r.person_id = a.person_id where a.id = $1', [agent.id]);
    expect(roles.rows).toEqual([{ role: 'agent' }]);
    // The token is not kept anywhere readable: only its digest is stored.
    const stored = await server.pool.query('select 1 from access_tokens where value = $1', [agent.access_token]);
    expect(stored.rowCount).toBe(0);
  });

  it('defaults kubernetes to off every 30m and telemetry to off', async () => {
    const agent = await created(`defaults-${sfx}`);
    expect(agent.kubernetes).toEqual({ enabled: false, interval: '30m' });
    expect(agent.pushTelemetry).toEqual({ enabled: false });
  });

  it.each([
    [{}, 'name is required'],
    [{ name: '   ' }, 'name is required'],
    [{ name: 'Upper_Case' }, 'must be lowercase letters, digits, hyphens and dots'],
    [{ name: `x-${sfx}`, kubernetes: { interval: '7m' } }, 'kubernetes.interval must be one of 1m, 5m, 10m, 30m, 1h, 2h, 6h, 12h, 24h'],
    [{ name: `x-${sfx}`, properties: { a: 1 } }, 'properties.a must be a string'],
    [{ name: `x-${sfx}`, pushTelemetry: { enabled: 'yes' } }, 'pushTelemetry.enabled must be true or false'],
  ])('refuses %j with 400', async (body, message) => {
    const response = await generate(admin, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
  });

  it('refuses a name a live agent has, the local one included, with 409', async () => {
    const name = `twice-${sfx}`;
    await created(name);
    for (const taken of [name, 'local']) {
      const response = await generate(admin, { name: taken });
      expect(response.status).toBe(409);
      expect(((await response.json()) as { message: string }).message).toBe(`An agent named "${taken}" already exists; choose another name or delete that agent first`);
    }
  });

  it('needs write on agents: editors may, viewers may not', async () => {
    expect((await generate(editor, { name: `by-editor-${sfx}` })).status).toBe(201);
    const refused = await generate(viewer, { name: `by-viewer-${sfx}` });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain('may not write agents');
  });

  it('is the only way to create an agent: the data service refuses POST /agents', async () => {
    const { error, status } = await restClient(server, admin).from('agents').insert({ name: `raw-${sfx}` });
    expect(status).toBe(403);
    expect(error?.message).toContain('POST /api/agent/generate');
  });
});

describe("an agent's token", () => {
  it('reaches no ordinary route and not the data service', async () => {
    const agent = await created(`locked-${sfx}`);
    for (const path of ['/api/auth/whoami', '/api/canary/api/summary', '/api/topology', '/api/db/agents_summary', '/api/db/checks', '/api/db/%61gents']) {
      const response = await get(path, agent.access_token);
      expect(response.status, path).toBe(403);
      expect(((await response.json()) as { message: string }).message).toContain("An agent's access token may only push");
    }
    expect((await generate(agent.access_token, { name: `spawn-${sfx}` })).status).toBe(403);
    const asAgent = new PostgrestClient(`${server.url}/api/db`, { headers: { Authorization: `Bearer ${agent.access_token}` } });
    const read = await asAgent.from('configs').select('id').limit(1);
    expect(read.status).toBe(403);
    const write = await asAgent.from('agents').update({ description: 'mine' }).eq('id', agent.id);
    expect(write.status).toBe(403);
  });

  it('is accepted on the agent push and pull paths, which mark the agent as seen', async () => {
    const agent = await created(`pusher-${sfx}`);
    const headers = { authorization: `Bearer ${agent.access_token}`, 'content-type': 'application/json' };
    const push = await fetch(`${server.url}/api/agent/push`, { method: 'POST', headers, body: '{}' });
    expect(push.status).toBe(200);
    expect(await push.json()).toEqual({ agent: { id: agent.id, name: agent.name }, tables: {} });
    const pull = await fetch(`${server.url}/api/agent/pull`, { headers });
    expect(pull.status).toBe(200);
    const { rows } = await server.pool.query('select last_seen, last_received from agents where id = $1', [agent.id]);
    expect(rows[0].last_seen).not.toBeNull();
    // An empty push is a ping, not data.
    expect(rows[0].last_received).toBeNull();
  });
});

describe('editing and deleting through the data service', () => {
  async function seedRows(agentId: string, tag: string): Promise<void> {
    const canary = await server.pool.query<{ id: string }>('insert into canaries (name, agent_id) values ($1, $2) returning id', [`canary-${tag}`, agentId]);
    await server.pool.query("insert into checks (canary_id, agent_id, type, name) values ($1, $2, 'http', $3)", [canary.rows[0]!.id, agentId, `check-${tag}`]);
    await server.pool.query("insert into configs (agent_id, type, name) values ($1, 'Kubernetes::Pod', $2)", [agentId, `config-${tag}`]);
    await server.pool.query('insert into components (agent_id, name) values ($1, $2)', [agentId, `component-${tag}`]);
    await server.pool.query('insert into topologies (agent_id, name) values ($1, $2)', [agentId, `topology-${tag}`]);
    await server.pool.query('insert into config_scrapers (agent_id, name) values ($1, $2)', [agentId, `scraper-${tag}`]);
    await server.pool.query('insert into logging_backends (agent_id, name) values ($1, $2)', [agentId, `logs-${tag}`]);
  }

  async function liveRows(agentId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of ['canaries', 'checks', 'configs', 'components', 'topologies', 'config_scrapers', 'logging_backends']) {
      const { rows } = await server.pool.query<{ n: number }>(`select count(*)::int as n from ${table} where agent_id = $1 and deleted_at is null`, [agentId]);
      counts[table] = rows[0]!.n;
    }
    return counts;
  }

  it('saves properties, kubernetes and telemetry, but never the name', async () => {
    const agent = await created(`edit-${sfx}`);
    const client = restClient(server, admin);
    const saved = await client
      .from('agents')
      .update({ properties: { team: 'sre' }, kubernetes: { enabled: true, interval: '5m' }, push_telemetry: { enabled: false } })
      .eq('id', agent.id)
      .select('properties,kubernetes');
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual([{ properties: { team: 'sre' }, kubernetes: { enabled: true, interval: '5m' } }]);
    const renamed = await client.from('agents').update({ name: `other-${sfx}` }).eq('id', agent.id);
    expect(renamed.status).toBe(400);
    expect(renamed.error?.message).toBe("An agent's name cannot be changed");
  });

  it('refuses settings the form cannot produce, naming the field', async () => {
    const agent = await created(`checked-${sfx}`);
    const client = restClient(server, admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ kubernetes: { enabled: true, interval: '7m' } }, 'kubernetes.interval must be one of 1m, 5m, 10m, 30m, 1h, 2h, 6h, 12h, 24h'],
      [{ kubernetes: { enabled: 'yes', interval: '5m' } }, 'kubernetes.enabled must be true or false'],
      [{ push_telemetry: { enabled: true, topologyName: 3 } }, 'pushTelemetry.topologyName must be a string'],
      [{ properties: { a: { nested: true } } }, 'properties must map each key to a text value'],
    ];
    for (const [change, message] of cases) {
      const { status, error } = await client.from('agents').update(change).eq('id', agent.id);
      expect(status, message).toBe(400);
      expect(error?.message).toBe(message);
    }
  });

  it('with cleanup soft-deletes the agent, revokes its token and soft-deletes what it created', async () => {
    const agent = await created(`gone-${sfx}`);
    await seedRows(agent.id, `gone-${sfx}`);
    expect((await restClient(server, admin).from('agents_summary').select('checks_count,config_count').eq('id', agent.id)).data).toEqual([{ checks_count: 1, config_count: 1 }]);

    const { error } = await restClient(server, admin).from('agents').update({ deleted_at: new Date().toISOString(), cleanup: true }).eq('id', agent.id);
    expect(error).toBeNull();
    expect(await liveRows(agent.id)).toEqual({ canaries: 0, checks: 0, configs: 0, components: 0, topologies: 0, config_scrapers: 0, logging_backends: 0 });
    const listed = await restClient(server, admin).from('agents_summary').select('id').eq('id', agent.id);
    expect(listed.data).toEqual([]);
    expect((await get('/api/agent/pull', agent.access_token)).status).toBe(401);
  });

  it('without cleanup keeps what the agent created, still marked with the deleted agent', async () => {
    const agent = await created(`kept-${sfx}`);
    await seedRows(agent.id, `kept-${sfx}`);
    const { error } = await restClient(server, admin).from('agents').update({ deleted_at: new Date().toISOString(), cleanup: false }).eq('id', agent.id);
    expect(error).toBeNull();
    expect(await liveRows(agent.id)).toEqual({ canaries: 1, checks: 1, configs: 1, components: 1, topologies: 1, config_scrapers: 1, logging_backends: 1 });
    expect((await get('/api/agent/pull', agent.access_token)).status).toBe(401);
    // The name is free again for a new agent.
    await created(`kept-${sfx}`);
  });

  it('never deletes the local agent', async () => {
    const { status, error } = await restClient(server, admin)
      .from('agents')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', '00000000-0000-0000-0000-000000000000');
    expect(status).toBe(400);
    expect(error?.message).toBe('The local agent cannot be deleted');
  });

  it('needs write on agents', async () => {
    const agent = await created(`guarded-${sfx}`);
    const { status } = await restClient(server, viewer).from('agents').update({ deleted_at: new Date().toISOString() }).eq('id', agent.id);
    expect(status).toBe(403);
  });
});
