import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PostgrestClient } from '@supabase/postgrest-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogTest } from './helpers.js';
import { restClient } from '../rest/helpers.js';

/**
 * The relationships tab's calls on scraped data: related_configs_recursive (depth, direction,
 * hard or both relations, cycles), config_relationships, and manual config-component links made
 * and removed through /api/db as the web app does.
 *
 * The scrape relates each service to its database and to the queue it writes, the cluster is each
 * service's parent (prod -> service), and the queues form a cycle q-a -> q-b -> q-c -> q-a.
 */

const env = catalogTest('pharos-related-configs-');

let db: PostgrestClient;
const id: Record<string, string> = {};

interface Related {
  id: string;
  name: string;
  type: string;
  depth: number;
  direction: string;
  related_ids: string[] | null;
}

const landscape = JSON.stringify({
  clusters: [{ name: 'prod' }],
  databases: [{ name: 'orders-db' }, { name: 'catalog-db' }],
  services: [
    { name: 'checkout', database: 'orders-db', queue: 'q-a' },
    { name: 'search', database: 'catalog-db', queue: 'none' },
    { name: 'cart', database: 'orders-db', queue: 'none' },
  ],
  queues: [
    { name: 'q-a', next: 'q-b' },
    { name: 'q-b', next: 'q-c' },
    { name: 'q-c', next: 'q-a' },
  ],
});

const scrapeConfig = `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: related-landscape
spec:
  file:
    - type: App::Cluster
      id: $.name
      name: $.name
      items: $.clusters[*]
      paths: [landscape.json]
    - type: App::Database
      id: $.name
      name: $.name
      items: $.databases[*]
      paths: [landscape.json]
    - type: App::Queue
      id: $.name
      name: $.name
      items: $.queues[*]
      paths: [landscape.json]
      transform:
        relationship:
          - filter: config_type == 'App::Queue'
            type:
              value: App::Queue
            name:
              expr: config.next
    - type: App::Service
      id: $.name
      name: $.name
      items: $.services[*]
      paths: [landscape.json]
      transform:
        relationship:
          - filter: config_type == 'App::Service'
            type:
              value: App::Database
            name:
              expr: config.database
          - filter: config_type == 'App::Service'
            type:
              value: App::Queue
            name:
              expr: config.queue
          - expr: "[{'type': 'App::Cluster', 'name': 'prod'}]"
            parent: true
`;

beforeAll(async () => {
  await writeFile(path.join(env.dir, 'landscape.json'), landscape);
  const result = await env.run((await env.apply(scrapeConfig))[0]!);
  expect(result.errors).toEqual([]);
  const { rows } = await env.server.pool.query<{ id: string; name: string }>(`select id, name from configs where type like 'App::%'`);
  for (const row of rows) id[row.name] = row.id;
  db = restClient(env.server, env.token);
});

async function related(args: Record<string, unknown>): Promise<Related[]> {
  const { data, error } = await db.rpc('related_configs_recursive', args, { get: true }).select('id,name,type,depth,direction,related_ids');
  expect(error).toBeNull();
  return data as Related[];
}

const byName = (rows: Related[]) => Object.fromEntries(rows.map((row) => [row.name, `${row.direction} ${row.depth}`]));

describe('related_configs_recursive on scraped relationships', () => {
  it('walks both directions to max_depth 10 by default, each config once at its smallest depth', async () => {
    const rows = await related({ config_id: id['checkout'] });
    expect(byName(rows)).toEqual({
      prod: 'incoming 1',
      'orders-db': 'outgoing 1',
      'q-a': 'outgoing 1',
      'q-b': 'outgoing 2',
      'q-c': 'outgoing 3',
    });
    // related_ids are, as duty answers them, the configs each one points at among the relationships
    // the walk followed: downstream its next config (the cycle back to q-a included), upstream the
    // config it was reached from, none where the walk followed no relationship out of it.
    const relatedIds = Object.fromEntries(rows.map((row) => [row.name, row.related_ids]));
    expect(relatedIds).toEqual({
      prod: [id['checkout']],
      'orders-db': null,
      'q-a': [id['q-b']],
      'q-b': [id['q-c']],
      'q-c': [id['q-a']],
    });
  });

  it('max_depth stops the walk', async () => {
    expect(Object.keys(byName(await related({ config_id: id['checkout'], max_depth: 2 }))).sort()).toEqual(['orders-db', 'prod', 'q-a', 'q-b']);
    expect(Object.keys(byName(await related({ config_id: id['checkout'], max_depth: 1 }))).sort()).toEqual(['orders-db', 'prod', 'q-a']);
  });

  it('type_filter chooses the direction, and a path never turns around', async () => {
    expect(Object.keys(byName(await related({ config_id: id['checkout'], type_filter: 'downstream' }))).sort()).toEqual(['orders-db', 'q-a', 'q-b', 'q-c']);
    expect(byName(await related({ config_id: id['checkout'], type_filter: 'upstream' }))).toEqual({ prod: 'incoming 1' });
    // orders-db is reached from checkout and cart, but not back up through prod's other services.
    expect(byName(await related({ config_id: id['orders-db'] }))).toEqual({ checkout: 'incoming 1', cart: 'incoming 1', prod: 'incoming 2' });
  });

  it('a cycle terminates, even with the largest depth', async () => {
    const started = Date.now();
    const rows = await related({ config_id: id['q-a'], max_depth: 100 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(byName(rows)).toEqual({
      'q-b': 'outgoing 1',
      'q-c': 'incoming 1',
      checkout: 'incoming 1',
      prod: 'incoming 2',
    });
  });

  it('relation hard follows parent edges only, both follows every relation', async () => {
    // search's parent is prod: the configs trigger records it as a hard edge prod -> search.
    await env.server.pool.query('update configs set parent_id = $1 where id = $2', [id['prod'], id['search']]);
    expect(byName(await related({ config_id: id['prod'], relation: 'hard' }))).toEqual({ search: 'outgoing 1' });
    expect(byName(await related({ config_id: id['prod'], outgoing_relation: 'hard' }))).toEqual({ search: 'outgoing 1' });
    const both = byName(await related({ config_id: id['prod'], relation: 'both' }));
    expect(Object.keys(both).sort()).toEqual(['cart', 'catalog-db', 'checkout', 'orders-db', 'q-a', 'q-b', 'q-c', 'search']);
    expect(byName(await related({ config_id: id['search'], incoming_relation: 'hard', type_filter: 'upstream' }))).toEqual({ prod: 'incoming 1' });
  });

  it('type, status and health filter the rows; deleted configs only with include_deleted_configs', async () => {
    const databases = await db
      .rpc('related_configs_recursive', { config_id: id['prod'] }, { get: true })
      .select('name')
      .eq('type', 'App::Database')
      .order('name');
    expect(databases.data).toEqual([{ name: 'catalog-db' }, { name: 'orders-db' }]);
    await env.server.pool.query(`update configs set health = 'unhealthy', status = 'Degraded' where id = $1`, [id['q-b']]);
    const unhealthy = await db.rpc('related_configs_recursive', { config_id: id['prod'] }, { get: true }).select('name').eq('health', 'unhealthy').eq('status', 'Degraded');
    expect(unhealthy.data).toEqual([{ name: 'q-b' }]);

    await env.server.pool.query('update configs set deleted_at = now() where id = $1', [id['orders-db']]);
    try {
      expect(Object.keys(byName(await related({ config_id: id['cart'] })))).toEqual(['prod']);
      expect(Object.keys(byName(await related({ config_id: id['cart'], include_deleted_configs: true }))).sort()).toEqual(['orders-db', 'prod']);
    } finally {
      await env.server.pool.query('update configs set deleted_at = null where id = $1', [id['orders-db']]);
    }
  });
});

describe('config_relationships and manual component links', () => {
  it('GET /config_relationships lists a config edges with their relation', async () => {
    const { data, error } = await db
      .from('config_relationships')
      .select('config_id,related_id,relation')
      .eq('config_id', id['checkout']!)
      .is('deleted_at', null)
      .order('related_id');
    expect(error).toBeNull();
    expect(data).toEqual(
      [id['orders-db'], id['q-a']].sort().map((related) => ({ config_id: id['checkout'], related_id: related, relation: 'related' })),
    );
  });

  it('POST, GET and DELETE /config_component_relationships with selector_id manual', async () => {
    const { rows } = await env.server.pool.query<{ id: string }>(`insert into components (name, type) values ('shop', 'Service') returning id`);
    const componentId = rows[0]!.id;
    const link = { component_id: componentId, config_id: id['checkout']!, selector_id: 'manual' };
    const created = await db.from('config_component_relationships').insert(link);
    expect(created.error).toBeNull();
    expect(created.status).toBe(201);

    const listed = await db.from('config_component_relationships').select('component_id,config_id,selector_id').eq('config_id', id['checkout']!);
    expect(listed.data).toEqual([link]);

    // A link a topology made (not manual) is not removed by the manual unlink.
    await env.server.pool.query(`insert into config_component_relationships (component_id, config_id, selector_id) values ($1, $2, 'topology-selector')`, [componentId, id['cart']]);
    const notManual = await db.from('config_component_relationships').delete().eq('component_id', componentId).eq('config_id', id['cart']!).eq('selector_id', 'manual').select();
    expect(notManual.data).toEqual([]);

    const removed = await db.from('config_component_relationships').delete().eq('component_id', componentId).eq('config_id', id['checkout']!).eq('selector_id', 'manual').select('config_id');
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([{ config_id: id['checkout'] }]);
    const left = await db.from('config_component_relationships').select('config_id').eq('component_id', componentId);
    expect(left.data).toEqual([{ config_id: id['cart'] }]);
  });
});
