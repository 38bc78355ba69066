import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody, jsonInit, jsonRows, rawFetch } from '../rest/helpers.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';
import { TopologySeed } from './api-seed.js';

/**
 * The topology's relations of the data service, as the dashboard's side panel and pickers call them
 * (spec 2 section 7, spec 1 section 7): team_components, checks_by_component, component_names,
 * component_labels, components_with_logs, components?id=eq, and linking a component to a catalog item
 * through config_component_relationships with selector_id manual.
 */

let database: FreshDatabase;
let server: TestServer;
let viewer: string;
let editor: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({}, database.url);
  viewer = await server.tokenFor(['viewer']);
  editor = await server.tokenFor(['editor']);
  const seed = new TopologySeed(server.pool);
  ids.shop = await seed.component({ name: 'shop', type: 'System', labels: { env: 'prod' }, logs: [{ name: 'shop-files', type: 'file', labels: { app: 'shop' } }] });
  ids.api = await seed.component({ name: 'api', parent: ids.shop, type: 'Service', labels: { env: 'prod', tier: 'back' } });
  ids.secret = await seed.component({ name: 'secret', type: 'System', hidden: true, labels: { env: 'stage' } });
  ids.gone = await seed.component({ name: 'gone', type: 'System', labels: { env: 'old' } });
  await server.pool.query('UPDATE components SET deleted_at = now() WHERE id = $1', [ids.gone]);
  ids.check = await seed.check(ids.api, 'api-http', 'healthy');
  ids.removedCheck = await seed.check(ids.api, 'api-removed', 'healthy', { deleted: true });
  ids.team = await seed.team('platform', [ids.api]);
  ids.orders = await seed.config('orders-db');
  ids.linked = await seed.config('payments', ids.api);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

async function rows(path: string, token = viewer) {
  const response = await rawFetch(server, token, path);
  expect(response.status, await response.clone().text()).toBe(200);
  return jsonRows(response);
}

describe('topology relations of the data service', () => {
  it('component_names lists live, visible components for the picker, by type or id', async () => {
    expect((await rows('component_names?order=name.asc')).map((r) => r.name)).toEqual(['api', 'shop']);
    expect((await rows('component_names?type=in.(Service)&select=id,name')).map((r) => r.id)).toEqual([ids.api]);
    expect(await rows(`component_names?id=eq.${ids.shop}&select=name,type`)).toEqual([{ name: 'shop', type: 'System' }]);
  });

  it('components?id=eq answers one component', async () => {
    const [shop] = await rows(`components?id=eq.${ids.shop}`);
    expect(shop).toMatchObject({ id: ids.shop, name: 'shop', type: 'System', labels: { env: 'prod' } });
  });

  it('component_labels answers the label keys and values of live components', async () => {
    const labels = await rows('component_labels?order=key.asc,value.asc');
    expect(labels).toEqual([
      { key: 'env', value: 'prod' },
      { key: 'env', value: 'stage' },
      { key: 'tier', value: 'back' },
    ]);
  });

  it('components_with_logs lists the components that name log sources', async () => {
    const withLogs = await rows('components_with_logs?select=id,name,logs');
    expect(withLogs).toEqual([{ id: ids.shop, name: 'shop', logs: [{ name: 'shop-files', type: 'file', labels: { app: 'shop' } }] }]);
  });

  it('checks_by_component and team_components answer the side panel of a component', async () => {
    const checks = await rows(`checks_by_component?component_id=eq.${ids.api}`);
    expect(checks.map((c) => [c.id, c.name, c.status, c.canary_name])).toEqual([[ids.check, 'api-http', 'healthy', 'topology-checks']]);
    expect(checks[0]).toHaveProperty('uptime');
    const teams = await rows(`team_components?component_id=eq.${ids.api}`);
    expect(teams).toMatchObject([{ component_id: ids.api, team_id: ids.team, team: { id: ids.team, name: 'platform' } }]);
    expect(await rows(`team_components?component_id=eq.${ids.shop}`)).toEqual([]);
  });

  it('links a component to a catalog item with selector_id manual, refuses a second link, and unlinks it', async () => {
    const link = { component_id: ids.shop, config_id: ids.orders, selector_id: 'manual' };
    const created = await rawFetch(server, editor, 'config_component_relationships', jsonInit('POST', link, { prefer: 'return=representation' }));
    expect(created.status, await created.clone().text()).toBe(201);
    expect(await jsonRows(created)).toMatchObject([link]);
    expect(await rows(`config_component_relationships?component_id=eq.${ids.shop}&select=config_id,selector_id`)).toEqual([{ config_id: ids.orders, selector_id: 'manual' }]);

    const again = await rawFetch(server, editor, 'config_component_relationships', jsonInit('POST', link));
    expect(again.status).toBe(409);
    expect((await errorBody(again)).message).toBe('This catalog item is already linked to the component');

    const unlinked = await rawFetch(server, editor, `config_component_relationships?component_id=eq.${ids.shop}&config_id=eq.${ids.orders}&selector_id=eq.manual`, { method: 'DELETE' });
    expect(unlinked.status).toBe(204);
    expect(await rows(`config_component_relationships?component_id=eq.${ids.shop}`)).toEqual([]);

    // A link a selector made is not a manual one: the same call leaves it.
    await rawFetch(server, editor, `config_component_relationships?component_id=eq.${ids.api}&config_id=eq.${ids.linked}&selector_id=eq.manual`, { method: 'DELETE' });
    expect(await rows(`config_component_relationships?component_id=eq.${ids.api}&select=config_id`)).toEqual([{ config_id: ids.linked }]);
  });

  it('links again a catalog item whose link was removed (soft-deleted) before', async () => {
    await server.pool.query(`INSERT INTO config_component_relationships (component_id, config_id, selector_id, deleted_at) VALUES ($1, $2, 'topology-selector', now())`, [ids.api, ids.orders]);
    const created = await rawFetch(server, editor, 'config_component_relationships', jsonInit('POST', { component_id: ids.api, config_id: ids.orders, selector_id: 'manual' }));
    expect(created.status, await created.clone().text()).toBe(201);
    const { rows: stored } = await server.pool.query('SELECT selector_id, deleted_at FROM config_component_relationships WHERE component_id = $1 AND config_id = $2', [ids.api, ids.orders]);
    expect(stored).toEqual([{ selector_id: 'manual', deleted_at: null }]);
  });

  it('a viewer may read links but not make or remove them', async () => {
    const link = { component_id: ids.shop, config_id: ids.orders, selector_id: 'manual' };
    const refused = await rawFetch(server, viewer, 'config_component_relationships', jsonInit('POST', link));
    expect(refused.status).toBe(403);
    const deleted = await rawFetch(server, viewer, `config_component_relationships?component_id=eq.${ids.api}&selector_id=eq.manual`, { method: 'DELETE' });
    expect(deleted.status).toBe(403);
    expect((await rows(`config_component_relationships?component_id=eq.${ids.api}&selector_id=eq.manual`)).length).toBe(1);
  });
});
