import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

interface Item {
  id: string;
  name: string | null;
  type: string | null;
  [key: string]: unknown;
}
interface SearchBody {
  checks?: Item[];
  components?: Item[];
  configs?: Item[];
}

const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';

let server: TestServer;
let token: string;
/** A term only this file's rows contain. */
const s = `zq${randomBytes(4).toString('hex')}`;
const ids: Record<string, string> = {};

async function insert(pool: pg.Pool, sql: string, values: unknown[]): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(`${sql} returning id`, values);
  const id = rows[0]?.id;
  if (!id) throw new Error('insert returned no row');
  return id;
}

async function seed(pool: pg.Pool): Promise<void> {
  ids['agent'] = await insert(pool, 'insert into agents (name) values ($1)', [`agent-${s}`]);
  const canary = await insert(pool, "insert into canaries (name, namespace) values ($1, 'prod')", [`canary-${s}`]);
  const deletedCanary = await insert(pool, "insert into canaries (name, deleted_at) values ($1, now())", [`gone-${s}`]);
  const check = (name: string, type: string, labels: object, extra: { agent?: string; deleted?: boolean; canary?: string } = {}) =>
    insert(
      pool,
      `insert into checks (canary_id, name, type, labels, namespace, status, agent_id, deleted_at)
       values ($1, $2, $3, $4, 'prod', 'healthy', $5, case when $6 then now() end)`,
      [extra.canary ?? canary, name, type, JSON.stringify(labels), extra.agent ?? LOCAL_AGENT, extra.deleted ?? false],
    );
  ids['checkExact'] = await check(s, 'dns', {});
  ids['checkHttp'] = await check(`${s}-http-api`, 'http', { team: 'payments', env: 'prod' });
  ids['checkTcp'] = await check(`api-${s}`, 'tcp', { team: 'search', env: 'staging' });
  ids['checkRemote'] = await check(`${s}-remote`, 'http', { env: 'prod' }, { agent: ids['agent'] });
  ids['checkDeleted'] = await check(`${s}-deleted`, 'http', {}, { deleted: true });
  ids['checkOfDeletedCanary'] = await check(`${s}-orphan`, 'http', {}, { canary: deletedCanary });

  const topology = await insert(pool, "insert into topologies (name, namespace) values ($1, 'ops')", [`topology-${s}`]);
  const component = (name: string, type: string, labels: object, deleted = false) =>
    insert(
      pool,
      `insert into components (topology_id, name, type, icon, labels, health, status, deleted_at)
       values ($1, $2, $3, 'nginx', $4, 'healthy', 'healthy', case when $5 then now() end)`,
      [topology, name, type, JSON.stringify(labels), deleted],
    );
  ids['componentWeb'] = await component(`${s}-frontend`, 'WebApp', { tier: 'web' });
  ids['componentDb'] = await component(`${s}-db`, 'Database', { tier: 'data' });
  ids['componentDeleted'] = await component(`${s}-old`, 'WebApp', {}, true);

  const config = (name: string, type: string, tags: object, labels: object, deleted = false) =>
    insert(
      pool,
      `insert into configs (name, type, config_class, tags, labels, health, deleted_at)
       values ($1, $2, 'Pod', $3, $4, 'healthy', case when $5 then now() end)`,
      [name, type, JSON.stringify(tags), JSON.stringify(labels), deleted],
    );
  ids['configPod'] = await config(`${s}-pod-a`, 'Kubernetes::Pod', { namespace: 'shop' }, { app: 'shop' });
  ids['configDeploy'] = await config(`${s}-deploy`, 'Kubernetes::Deployment', { namespace: 'infra' }, { app: 'infra' });
  ids['configDeleted'] = await config(`${s}-pod-gone`, 'Kubernetes::Pod', {}, {}, true);
}

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['viewer']);
  await seed(server.pool);
});

afterAll(async () => {
  await server?.close();
});

async function search(body: unknown, bearer: string | undefined = token): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (bearer) headers['authorization'] = `Bearer ${bearer}`;
  return fetch(`${server.url}/api/resources/search`, { method: 'POST', headers, body: JSON.stringify(body) });
}

async function found(body: unknown, bearer?: string): Promise<SearchBody> {
  const response = await search(body, bearer);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as SearchBody;
}

function names(items: Item[] | undefined): (string | null)[] {
  return (items ?? []).map((item) => item.name);
}

describe('POST /api/resources/search with a search term', () => {
  it('finds every kind by a case-insensitive part of the name, exact and prefix matches first', async () => {
    const body = await found({ search: s.toUpperCase() });
    expect(names(body.checks)).toEqual([s, `${s}-http-api`, `${s}-remote`, `api-${s}`]);
    expect(names(body.components)).toEqual([`${s}-db`, `${s}-frontend`]);
    expect(names(body.configs)).toEqual([`${s}-deploy`, `${s}-pod-a`]);
  });

  it('leaves out soft-deleted rows and the checks of deleted canaries', async () => {
    const body = await found({ search: s });
    const all = [...(body.checks ?? []), ...(body.components ?? []), ...(body.configs ?? [])].map((item) => item.id);
    for (const key of ['checkDeleted', 'checkOfDeletedCanary', 'componentDeleted', 'configDeleted']) {
      expect(all).not.toContain(ids[key]);
    }
  });

  it('answers the fields of each kind', async () => {
    const body = await found({ search: `${s}-http` });
    expect(body.checks).toEqual([
      {
        id: ids['checkHttp'],
        name: `${s}-http-api`,
        type: 'http',
        icon: null,
        status: 'healthy',
        namespace: 'prod',
        labels: { team: 'payments', env: 'prod' },
        agent_id: LOCAL_AGENT,
        canary_id: expect.any(String),
      },
    ]);
    const components = await found({ components: [{ search: `${s}-front` }] });
    expect(components.components).toEqual([
      {
        id: ids['componentWeb'],
        name: `${s}-frontend`,
        type: 'WebApp',
        icon: 'nginx',
        status: 'healthy',
        health: 'healthy',
        namespace: 'ops',
        labels: { tier: 'web' },
        agent_id: LOCAL_AGENT,
        topology_id: expect.any(String),
      },
    ]);
    const configs = await found({ configs: [{ id: ids['configPod'] }] });
    expect(configs.configs).toEqual([
      {
        id: ids['configPod'],
        name: `${s}-pod-a`,
        type: 'Kubernetes::Pod',
        config_class: 'Pod',
        status: null,
        health: 'healthy',
        namespace: 'shop',
        tags: { namespace: 'shop' },
        labels: { app: 'shop' },
        agent_id: LOCAL_AGENT,
      },
    ]);
  });

  it('takes LIKE wildcards in the term literally', async () => {
    const body = await found({ search: `${s}%` });
    expect(body).toEqual({ checks: [], components: [], configs: [] });
    expect(names((await found({ search: `${s}_http` })).checks)).toEqual([]);
  });

  it('returns at most limit rows of each kind', async () => {
    const body = await found({ search: s, limit: 1 });
    expect(names(body.checks)).toEqual([s]);
    expect(body.components).toHaveLength(1);
    expect(body.configs).toHaveLength(1);
  });

  it('answers empty lists for an empty body or a blank term', async () => {
    expect(await found({})).toEqual({ checks: [], components: [], configs: [] });
    expect(await found({ search: '   ' })).toEqual({ checks: [], components: [], configs: [] });
  });
});

describe('POST /api/resources/search with selectors', () => {
  it('searches only the kinds given selectors, with the term on top', async () => {
    const body = await found({ checks: [{ types: ['tcp'] }], search: s });
    expect(names(body.checks)).toEqual([`api-${s}`]);
    expect(body.components).toEqual([]);
    expect(body.configs).toEqual([]);
  });

  it('filters by type, and excludes types prefixed with !', async () => {
    expect(names((await found({ checks: [{ types: ['http', 'dns'], search: s }] })).checks)).toEqual([
      s,
      `${s}-http-api`,
      `${s}-remote`,
    ]);
    expect(names((await found({ checks: [{ types: ['!http'], search: s }] })).checks)).toEqual([s, `api-${s}`]);
    expect(names((await found({ configs: [{ types: ['Kubernetes::Pod'], search: s }] })).configs)).toEqual([`${s}-pod-a`]);
  });

  it('filters by label selector', async () => {
    const checks = async (labelSelector: string) =>
      names((await found({ checks: [{ labelSelector, search: s }] })).checks);
    expect(await checks('team=payments,env=prod')).toEqual([`${s}-http-api`]);
    expect(await checks('env==prod')).toEqual([`${s}-http-api`, `${s}-remote`]);
    expect(await checks('env!=prod')).toEqual([s, `api-${s}`]);
    expect(await checks('team')).toEqual([`${s}-http-api`, `api-${s}`]);
    expect(await checks('!team')).toEqual([s, `${s}-remote`]);
    expect(await checks('team in (search, ops)')).toEqual([`api-${s}`]);
    expect(await checks('env notin (prod)')).toEqual([s, `api-${s}`]);
    expect(names((await found({ components: [{ labelSelector: 'tier=data', search: s }] })).components)).toEqual([`${s}-db`]);
    expect(names((await found({ configs: [{ labelSelector: 'app=infra', search: s }] })).configs)).toEqual([`${s}-deploy`]);
  });

  it('filters by id, exact name and namespace', async () => {
    expect(names((await found({ checks: [{ id: ids['checkTcp'] }] })).checks)).toEqual([`api-${s}`]);
    expect(names((await found({ checks: [{ name: `${s}-remote` }] })).checks)).toEqual([`${s}-remote`]);
    expect(names((await found({ configs: [{ namespace: 'infra', search: s }] })).configs)).toEqual([`${s}-deploy`]);
    expect(names((await found({ components: [{ namespace: 'ops', search: s }] })).components)).toHaveLength(2);
    expect(names((await found({ components: [{ namespace: 'elsewhere', search: s }] })).components)).toEqual([]);
  });

  it('filters by agent id, agent name, local and all', async () => {
    const checks = async (agent: string) => names((await found({ checks: [{ agent, search: s }] })).checks);
    expect(await checks(ids['agent'] ?? '')).toEqual([`${s}-remote`]);
    expect(await checks(`agent-${s}`)).toEqual([`${s}-remote`]);
    expect(await checks('local')).toEqual([s, `${s}-http-api`, `api-${s}`]);
    expect(await checks('all')).toHaveLength(4);
  });

  it('ORs the selectors of one kind', async () => {
    const body = await found({ checks: [{ name: s }, { types: ['tcp'], search: s }] });
    expect(names(body.checks)).toEqual([s, `api-${s}`]);
  });
});

describe('POST /api/resources/search access and validation', () => {
  it('answers 401 without a caller', async () => {
    const response = await search({ search: s }, '');
    expect(response.status).toBe(401);
  });

  it.each([[['viewer']], [['responder']], [[]]] as const)('lets roles %j read every kind', async (roles) => {
    const body = await found({ search: s }, await server.tokenFor([...roles]));
    expect(Object.keys(body).sort()).toEqual(['checks', 'components', 'configs']);
    expect(body.checks?.length).toBeGreaterThan(0);
  });

  it.each([
    [[], 'The body must be a JSON object'],
    [{ query: 'x' }, 'unknown field "query"; expected checks, components, configs, search or limit'],
    [{ search: 5 }, 'search must be a string'],
    [{ search: 'x'.repeat(300) }, 'search must be at most 256 characters'],
    [{ limit: 0 }, 'limit must be an integer between 1 and 200'],
    [{ limit: 201 }, 'limit must be an integer between 1 and 200'],
    [{ limit: '5' }, 'limit must be an integer between 1 and 200'],
    [{ limit: 1.5 }, 'limit must be an integer between 1 and 200'],
    [{ checks: { name: 'x' } }, 'checks must be an array of selectors'],
    [{ configs: ['x'] }, 'configs[0] must be an object'],
    [{ checks: [{}, { kind: 'x' }] }, 'checks[1]: unknown field "kind"; expected id, name, namespace, types, agent, labelSelector or search'],
    [{ checks: [{ id: 'not-a-uuid' }] }, 'checks[0].id must be a UUID'],
    [{ components: [{ types: 'WebApp' }] }, 'components[0].types must be an array of non-empty strings'],
    [{ components: [{ types: [''] }] }, 'components[0].types must be an array of non-empty strings'],
    [{ components: [{ name: 7 }] }, 'components[0].name must be a string'],
    [{ configs: [{ labelSelector: 'a=b,,c=d' }] }, 'configs[0].labelSelector: empty requirement in "a=b,,c=d"'],
    [{ configs: [{ labelSelector: 'a in (b' }] }, 'configs[0].labelSelector: unbalanced parentheses in "a in (b"'],
    [{ configs: [{ labelSelector: 'a=(b)' }] }, 'configs[0].labelSelector: "a=(b)" is not a label requirement (expected k=v, k!=v, k, !k, k in (a,b) or k notin (a,b))'],
  ])('answers 400 for %j', async (body, message) => {
    const response = await search(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'BAD_REQUEST', message, details: null, hint: null });
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await fetch(`${server.url}/api/resources/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{"search":',
    });
    expect(response.status).toBe(400);
  });
});
