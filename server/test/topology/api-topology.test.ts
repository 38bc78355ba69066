import type { TopologyComponent, TopologyResponse } from '@pharos/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';
import { TopologySeed } from './api-seed.js';

/**
 * GET /api/topology over a component tree written to a database of its own (as a Topology spec
 * leaves it): the root cards with their children, one component with its children's cards, flatten by
 * type, every filter, sorting, the summaries from linked checks, open incidents and open insights, the
 * filter values, validation and access.
 */

let database: FreshDatabase;
let server: TestServer;
let token: string;
const ids: Record<string, string> = {};

async function get(query: string, bearer: string | null = token): Promise<Response> {
  return fetch(`${server.url}/api/topology${query}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
}

async function topology(query = ''): Promise<TopologyResponse> {
  const response = await get(query);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as TopologyResponse;
}

const names = (components: readonly TopologyComponent[] | undefined) => (components ?? []).map((c) => c.name);
const find = (components: readonly TopologyComponent[], name: string) => components.find((c) => c.name === name)!;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({}, database.url);
  token = await server.tokenFor(['viewer']);
  const seed = new TopologySeed(server.pool);
  ids.shop = await seed.component({ name: 'shop', type: 'System', status: 'unhealthy', labels: { env: 'prod', tier: 'front' } });
  ids.billing = await seed.component({ name: 'billing', type: 'System', status: 'healthy', labels: { env: 'dev' } });
  ids.secret = await seed.component({ name: 'secret', type: 'System', hidden: true });
  ids.api = await seed.component({ name: 'api', parent: ids.shop, type: 'Service', status: 'unhealthy', properties: [{ name: 'cpu', value: 50, headline: true }, { name: 'owner', text: 'zed' }] });
  ids.web = await seed.component({ name: 'web', parent: ids.shop, type: 'Service', status: 'warning', properties: [{ name: 'cpu', value: 90, headline: true }, { name: 'owner', text: 'amy' }] });
  ids.db = await seed.component({ name: 'db', parent: ids.shop, type: 'Database', status: 'healthy', properties: [{ name: 'cpu', value: 10, headline: true }] });
  ids.pod = await seed.component({ name: 'pod-1', parent: ids.api, type: 'Pod', status: 'unhealthy' });
  ids.hiddenPod = await seed.component({ name: 'pod-hidden', parent: ids.api, type: 'Pod', hidden: true });
  ids.ledger = await seed.component({ name: 'ledger', parent: ids.billing, type: 'Service', status: 'healthy', agentId: undefined });
  ids.gone = await seed.component({ name: 'gone', parent: ids.shop, type: 'Service' });
  await server.pool.query('UPDATE components SET deleted_at = now() WHERE id = $1', [ids.gone]);

  await seed.check(ids.db, 'db-ping', 'healthy');
  await seed.check(ids.pod, 'pod-http', 'unhealthy');
  await seed.check(ids.api, 'api-new', null);
  await seed.check(ids.api, 'api-removed', 'unhealthy', { deleted: true });
  await seed.check(ids.hiddenPod, 'hidden-http', 'healthy');
  const shared = await seed.check(ids.db, 'shared', 'healthy');
  await seed.linkCheck(ids.web, shared);

  await seed.incident({ title: 'pod down', type: 'availability', severity: 'high', status: 'open', components: [ids.pod] });
  await seed.incident({ title: 'old', type: 'availability', severity: 'critical', status: 'closed', components: [ids.api] });
  await seed.incident({ title: 'leak', type: 'security', severity: 'low', status: 'investigating', components: [ids.db, ids.api] });

  const orders = await seed.config('orders-db', ids.db);
  await seed.insight(orders, 'security', 'critical');
  await seed.insight(orders, 'cost', 'low', 'resolved');
  const removed = await seed.config('removed', ids.db);
  await seed.insight(removed, 'performance', 'high');
  await server.pool.query('UPDATE configs SET deleted_at = now() WHERE id = $1', [removed]);

  await seed.team('platform', [ids.shop, ids.api]);
  await seed.team('data', [ids.db]);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('GET /api/topology', () => {
  it('lists the visible root components by name, each with its children sorted unhealthy and warning first', async () => {
    const body = await topology();
    expect(names(body.components)).toEqual(['billing', 'shop']);
    const shop = find(body.components, 'shop');
    expect(names(shop.components)).toEqual(['api', 'web', 'db']);
    // Children come without their own children.
    expect(find(shop.components!, 'api').components).toBeUndefined();
    expect(shop).toMatchObject({ id: ids.shop, parent_id: null, type: 'System', status: 'unhealthy', labels: { env: 'prod', tier: 'front' }, hidden: false });
    expect(shop).not.toHaveProperty('selectors');
  });

  it('adds the checks, open incidents and open insights linked to a component to its children\'s summaries', async () => {
    const shop = find((await topology()).components, 'shop');
    // db-ping and shared on db, shared again on web, pod-http on pod-1 and api-new on api; not the deleted
    // check, nor the hidden pod's; not the closed incident; leak once through db and once through api.
    expect(shop.summary).toEqual({
      checks: { healthy: 3, unhealthy: 1, warning: 0, unknown: 1 },
      incidents: { availability: { high: 1 }, security: { low: 2 } },
      insights: { security: { critical: 1 } },
    });
    const api = find(shop.components!, 'api');
    expect(api.summary).toEqual({ checks: { healthy: 0, unhealthy: 1, warning: 0, unknown: 1 }, incidents: { availability: { high: 1 }, security: { low: 1 } }, insights: {} });
    expect(find(shop.components!, 'web').summary.checks).toEqual({ healthy: 1, unhealthy: 0, warning: 0, unknown: 0 });
    expect(find((await topology()).components, 'billing').summary).toEqual({ checks: { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 }, incidents: {}, insights: {} });
  });

  it('answers the filter values of the listed components', async () => {
    const body = await topology();
    expect(body.types).toEqual(['Database', 'Service', 'System']);
    expect(body.healthStatuses).toEqual(['healthy', 'unhealthy', 'warning']);
    expect(body.teams).toEqual(['data', 'platform']);
    expect(body.tags).toEqual({ env: ['dev', 'prod'], tier: ['front'] });
  });

  it('with an id answers that one component holding its children as cards, each with its own children', async () => {
    const body = await topology(`?id=${ids.shop}`);
    expect(names(body.components)).toEqual(['shop']);
    const [shop] = body.components;
    expect(names(shop!.components)).toEqual(['api', 'db', 'web']);
    expect(names(find(shop!.components!, 'api').components)).toEqual(['pod-1']);
    expect((await topology(`?id=${ids.api}`)).components.map((c) => c.id)).toEqual([ids.api]);
    expect((await topology('?id=6b1c2d9e-0000-4000-8000-000000000000')).components).toEqual([]);
    expect((await topology(`?id=${ids.gone}`)).components).toEqual([]);
  });

  it('shows hidden components only with hidden=true, and then counts their checks', async () => {
    const body = await topology('?hidden=true');
    expect(names(body.components)).toEqual(['billing', 'secret', 'shop']);
    expect(find(body.components, 'shop').summary.checks).toEqual({ healthy: 4, unhealthy: 1, warning: 0, unknown: 1 });
    const api = (await topology(`?id=${ids.api}&hidden=true`)).components[0]!;
    expect(names(api.components)).toEqual(['pod-1', 'pod-hidden']);
  });

  it('filters the cards by status, type, labels, team and agent', async () => {
    expect(names((await topology('?status=unhealthy')).components)).toEqual(['shop']);
    expect(names((await topology('?status=!unhealthy')).components)).toEqual(['billing']);
    expect(names((await topology(`?id=${ids.shop}&status=unhealthy,warning`)).components[0]!.components)).toEqual(['api', 'web']);
    expect(names((await topology(`?id=${ids.shop}&type=Database`)).components[0]!.components)).toEqual(['db']);
    expect(names((await topology('?labels=env=prod')).components)).toEqual(['shop']);
    expect(names((await topology('?labels=env=prod,env=dev')).components)).toEqual(['billing', 'shop']);
    expect(names((await topology('?labels=env=prod,tier=back')).components)).toEqual([]);
    expect(names((await topology('?team=platform')).components)).toEqual(['shop']);
    expect(names((await topology(`?id=${ids.shop}&team=data`)).components[0]!.components)).toEqual(['db']);
    expect(names((await topology('?agent_id=All')).components)).toEqual(['billing', 'shop']);
    expect(names((await topology('?agent_id=00000000-0000-0000-0000-000000000000')).components)).toEqual(['billing', 'shop']);
    expect(names((await topology('?agent_id=11111111-1111-4111-8111-111111111111')).components)).toEqual([]);
  });

  it('flattens the components of a type at every depth, below the id when given', async () => {
    const body = await topology('?type=Service&flatten=true');
    expect(names(body.components)).toEqual(['api', 'ledger', 'web']);
    expect(names(find(body.components, 'api').components)).toEqual(['pod-1']);
    expect(body.types).toEqual(['Pod', 'Service']);
    const below = await topology(`?id=${ids.shop}&type=Pod&flatten=true`);
    expect(names(below.components)).toEqual(['shop']);
    expect(names(below.components[0]!.components)).toEqual(['pod-1']);
  });

  it('sorts the cards by status, name, type, last update or a property', async () => {
    const children = async (query: string) => names((await topology(`?id=${ids.shop}&${query}`)).components[0]!.components);
    expect(await children('sortBy=status&sortOrder=desc')).toEqual(['api', 'web', 'db']);
    expect(await children('sortBy=status&sortOrder=asc')).toEqual(['db', 'web', 'api']);
    expect(await children('sortBy=name&sortOrder=desc')).toEqual(['web', 'db', 'api']);
    expect(await children('sortBy=type')).toEqual(['db', 'api', 'web']);
    expect(await children('sortBy=cpu&sortOrder=desc')).toEqual(['web', 'api', 'db']);
    expect(await children('sortBy=field:cpu')).toEqual(['db', 'api', 'web']);
    // db has no owner property: last either way.
    expect(await children('sortBy=owner')).toEqual(['web', 'api', 'db']);
    expect(await children('sortBy=owner&sortOrder=desc')).toEqual(['api', 'web', 'db']);
    await server.pool.query(`UPDATE components SET labels = labels WHERE id = $1`, [ids.api]);
    expect((await children('sortBy=updated_at&sortOrder=desc'))[0]).toBe('api');
  });

  it('keeps the summaries up to date as checks, links, incidents, insights and components change', async () => {
    const shopSummary = async () => find((await topology()).components, 'shop').summary;
    const pool = server.pool;
    await pool.query(`UPDATE checks SET status = 'healthy' WHERE name = 'pod-http'`);
    expect((await shopSummary()).checks).toEqual({ healthy: 4, unhealthy: 0, warning: 0, unknown: 1 });
    await pool.query(`UPDATE checks SET status = 'unhealthy' WHERE name = 'pod-http'`);
    await pool.query(`UPDATE incidents SET status = 'resolved' WHERE title = 'pod down'`);
    expect((await shopSummary()).incidents).toEqual({ security: { low: 2 } });
    await pool.query(`UPDATE incidents SET status = 'open' WHERE title = 'pod down'`);
    await pool.query(`UPDATE config_analysis SET severity = 'low' WHERE analysis_type = 'security'`);
    expect((await shopSummary()).insights).toEqual({ security: { low: 1 } });
    await pool.query(`UPDATE config_analysis SET severity = 'critical' WHERE analysis_type = 'security'`);
    await pool.query(`UPDATE check_component_relationships SET deleted_at = now() WHERE component_id = $1`, [ids.api]);
    expect((await shopSummary()).checks).toEqual({ healthy: 3, unhealthy: 1, warning: 0, unknown: 0 });
    await pool.query(`UPDATE check_component_relationships SET deleted_at = NULL WHERE component_id = $1`, [ids.api]);
    // pod-1 moved under billing: its check and incident go with it.
    await pool.query('UPDATE components SET parent_id = $1 WHERE id = $2', [ids.ledger, ids.pod]);
    const body = await topology();
    expect(find(body.components, 'shop').summary.checks).toEqual({ healthy: 3, unhealthy: 0, warning: 0, unknown: 1 });
    expect(find(body.components, 'billing').summary).toMatchObject({ checks: { healthy: 0, unhealthy: 1, warning: 0, unknown: 0 }, incidents: { availability: { high: 1 } } });
    await pool.query('UPDATE components SET parent_id = $1 WHERE id = $2', [ids.api, ids.pod]);
    await pool.query('UPDATE components SET deleted_at = now() WHERE id = $1', [ids.db]);
    expect((await shopSummary()).checks).toEqual({ healthy: 1, unhealthy: 1, warning: 0, unknown: 1 });
    await pool.query('UPDATE components SET deleted_at = NULL WHERE id = $1', [ids.db]);
    expect(await shopSummary()).toEqual({
      checks: { healthy: 3, unhealthy: 1, warning: 0, unknown: 1 },
      incidents: { availability: { high: 1 }, security: { low: 2 } },
      insights: { security: { critical: 1 } },
    });
  });

  it('lists and sums the components a selector attaches under a component among its children', async () => {
    const pool = server.pool;
    await pool.query(`INSERT INTO component_relationships (component_id, relationship_id, selector_id) VALUES ($1, $2, 'seed')`, [ids.web, ids.billing]);
    let billing = find((await topology()).components, 'billing');
    expect(names(billing.components)).toEqual(['web', 'ledger']);
    expect(billing.summary.checks).toEqual({ healthy: 1, unhealthy: 0, warning: 0, unknown: 0 });
    expect(names((await topology(`?id=${ids.billing}`)).components[0]!.components)).toEqual(['ledger', 'web']);
    await pool.query('UPDATE component_relationships SET deleted_at = now() WHERE component_id = $1', [ids.web]);
    billing = find((await topology()).components, 'billing');
    expect(names(billing.components)).toEqual(['ledger']);
    expect(billing.summary.checks).toEqual({ healthy: 0, unhealthy: 0, warning: 0, unknown: 0 });
  });

  it('refuses a wrong parameter with a message saying which', async () => {
    const cases: Array<[string, RegExp]> = [
      ['?id=shop', /id must be a component id/],
      ['?status=broken', /status 'broken' is not one of healthy, unhealthy, warning, unknown, info/],
      ['?sortOrder=up', /sortOrder must be asc or desc/],
      ['?flatten=true', /flatten needs a type/],
      ['?hidden=yes', /hidden must be true or false/],
      ['?labels=env', /labels must be a comma list of key=value/],
      ['?agent_id=local', /agent_id must be/],
      ['?depth=2', /Unknown parameter depth/],
      ['?type=a&type=b', /type must be given once/],
    ];
    for (const [query, message] of cases) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { message: string }).message, query).toMatch(message);
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await get('', null)).status).toBe(401);
  });
});
