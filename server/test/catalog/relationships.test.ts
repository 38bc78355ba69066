import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogTest } from './helpers.js';

/**
 * `transform.relationship`: selectors with value expressions (a literal, CEL, a label) or a CEL
 * `expr` answering selectors relate scraped items to the configs they find, `parent` the other way
 * round; a relationship no longer found is unlinked on the next scrape.
 */

const env = catalogTest('pharos-relationships-');

const landscape = (checkoutDatabase: string) =>
  JSON.stringify({
    clusters: [{ name: 'prod' }],
    databases: [{ name: 'orders-db', team: 'shop' }, { name: 'catalog-db', team: 'search' }],
    services: [
      { name: 'checkout', database: checkoutDatabase, team: 'shop' },
      { name: 'search', database: 'catalog-db', team: 'search' },
    ],
  });

describe('relationships from selectors', () => {
  it('link items to what their selectors find, parents the other way round, and unlink what is no longer found', async () => {
    await writeFile(path.join(env.dir, 'landscape.json'), landscape('orders-db'));
    const id = (await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: landscape
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
      labels:
        team: $.team
      paths: [landscape.json]
    - type: App::Service
      id: $.name
      name: $.name
      items: $.services[*]
      labels:
        team: $.team
      paths: [landscape.json]
      transform:
        relationship:
          - filter: config_type == 'App::Service'
            type:
              value: App::Database
            name:
              expr: config.database
            labels:
              team:
                label: team
          - expr: "[{'type': 'App::Cluster', 'name': 'prod'}]"
            parent: true
`))[0]!;
    const run = () => env.run(id);
    const edges = async () =>
      (
        await env.server.pool.query<{ edge: string }>(
          `select a.name || ' -> ' || b.name as edge from config_relationships r
           join configs a on a.id = r.config_id join configs b on b.id = r.related_id
           where r.deleted_at is null and r.relation = 'related' order by 1`,
        )
      ).rows.map((row) => row.edge);

    const first = await run();
    expect(first.errors).toEqual([]);
    expect(first.summary['App::Service']).toMatchObject({ added: 2, relationships: 4 });
    expect(await edges()).toEqual(['checkout -> orders-db', 'prod -> checkout', 'prod -> search', 'search -> catalog-db']);

    await writeFile(path.join(env.dir, 'landscape.json'), landscape('catalog-db'));
    await run();
    // catalog-db belongs to the search team: the label in the selector keeps checkout from it.
    expect(await edges()).toEqual(['prod -> checkout', 'prod -> search', 'search -> catalog-db']);
    const { rows } = await env.server.pool.query<{ deleted: boolean }>(
      `select r.deleted_at is not null as deleted from config_relationships r join configs a on a.id = r.config_id join configs b on b.id = r.related_id
       where a.name = 'checkout' and b.name = 'orders-db'`,
    );
    expect(rows).toEqual([{ deleted: true }]);
  });
});
