import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogTest } from './helpers.js';

/**
 * POST /api/catalog/changes over a catalog scraped twice from files that changed in between: the
 * second scrape's diff changes (and two changes another source reported) are found by config with
 * its related configs upstream or downstream, by config type, change type, severity, summary,
 * source, creator, tags and time, paged and sorted, with the totals counted by hand below.
 */

const env = catalogTest('pharos-changes-api-');

const ids: Record<string, string> = {};

interface Change {
  id: string;
  config_id: string;
  name: string;
  type: string;
  change_type: string;
  summary: string;
  severity: string;
  source: string;
  created_at: string;
  external_created_by: string | null;
  tags: Record<string, string>;
}

const landscape = (version: number) =>
  JSON.stringify({
    clusters: [{ name: 'prod' }],
    databases: [{ name: 'orders-db', version: version === 1 ? '15' : '16', team: 'shop' }],
    services: [
      { name: 'checkout', replicas: version === 1 ? 2 : 3, database: 'orders-db', team: 'shop' },
      { name: 'search', replicas: 1, image: version === 1 ? 'search:1' : 'search:2', team: 'search' },
      { name: 'billing', replicas: 1, team: 'shop' },
    ],
  });

const SCRAPER = `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: changes-landscape
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
      tags:
        team: $.team
      paths: [landscape.json]
    - type: App::Service
      id: $.name
      name: $.name
      items: $.services[*]
      tags:
        team: $.team
      paths: [landscape.json]
      transform:
        relationship:
          - filter: has(config.database)
            type:
              value: App::Database
            name:
              expr: config.database
          - expr: "[{'type': 'App::Cluster', 'name': 'prod'}]"
            parent: true
`;

async function search(body: Record<string, unknown>, bearer = env.token): Promise<{ status: number; body: { changes: Change[]; total: number; message?: string } }> {
  const response = await fetch(`${env.server.url}/api/catalog/changes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { changes: Change[]; total: number } };
}

const namesOf = (changes: Change[]) => changes.map((c) => `${c.name}:${c.change_type}`);

beforeAll(async () => {
  await writeFile(path.join(env.dir, 'landscape.json'), landscape(1));
  const scraperId = (await env.apply(SCRAPER))[0]!;
  const run = () => env.run(scraperId);
  expect((await run()).errors).toEqual([]);
  await writeFile(path.join(env.dir, 'landscape.json'), landscape(2));
  expect((await run()).errors).toEqual([]);
  const { rows } = await env.server.pool.query<{ id: string; name: string }>('select id, name from configs where scraper_id = $1', [scraperId]);
  for (const row of rows) ids[row.name] = row.id;
  // Two changes another source reported about billing: a high one an hour ago, a critical one three days ago.
  await env.server.pool.query(
    `insert into config_changes (config_id, change_type, severity, source, summary, external_created_by, created_at, first_observed)
     values ($1, 'Deployment', 'high', 'github', 'Rolled out billing 2.0', 'ci-bot', now() - interval '1 hour', now() - interval '1 hour'),
            ($1, 'Incident', 'critical', 'pagerduty', 'Billing down', null, now() - interval '3 days', now() - interval '3 days')`,
    [ids['billing']],
  );
}, 120_000);

describe('POST /api/catalog/changes', () => {
  it('lists the last two days of changes newest first with the total, and pages through them', async () => {
    const all = await search({});
    expect(all.status).toBe(200);
    // checkout, search and orders-db changed between the scrapes; billing's deployment an hour ago; its incident is older than two days.
    expect(all.body.total).toBe(4);
    expect(namesOf(all.body.changes).sort()).toEqual(['billing:Deployment', 'checkout:diff', 'orders-db:diff', 'search:diff']);
    expect(all.body.changes[all.body.changes.length - 1]).toMatchObject({ name: 'billing', change_type: 'Deployment' });
    const times = all.body.changes.map((c) => Date.parse(c.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const checkout = all.body.changes.find((c) => c.name === 'checkout')!;
    expect(checkout).toMatchObject({ type: 'App::Service', source: 'diff', severity: 'info', tags: { team: 'shop' }, config_id: ids['checkout'] });
    expect(checkout.summary).toContain('replicas: 2 → 3');
    expect(checkout).not.toHaveProperty('patches');

    const page2 = await search({ page: 2, page_size: 3 });
    expect(page2.body.total).toBe(4);
    expect(page2.body.changes.map((c) => c.id)).toEqual([all.body.changes[3]!.id]);
    const ascending = await search({ sort_by: 'name', sortOrder: 'asc' });
    expect(ascending.body.changes.map((c) => c.name)).toEqual(['billing', 'checkout', 'orders-db', 'search']);
    expect((await search({ sort_by: '-name' })).body.changes.map((c) => c.name)).toEqual(['search', 'orders-db', 'checkout', 'billing']);
  });

  it('follows a config to its related configs downstream by default, upstream or both when asked, and to itself alone with none', async () => {
    // checkout -> orders-db (its database); prod -> checkout (its cluster, parent).
    expect(namesOf((await search({ id: ids['checkout'] })).body.changes).sort()).toEqual(['checkout:diff', 'orders-db:diff']);
    expect(namesOf((await search({ id: ids['checkout'], type_filter: 'downstream', depth: 5 })).body.changes).sort()).toEqual(['checkout:diff', 'orders-db:diff']);
    expect(namesOf((await search({ id: ids['checkout'], type_filter: 'none' })).body.changes)).toEqual(['checkout:diff']);
    expect(namesOf((await search({ id: ids['checkout'], recursive: false })).body.changes)).toEqual(['checkout:diff']);
    // Upstream of orders-db: checkout, and prod above it (no changes of its own).
    expect(namesOf((await search({ id: ids['orders-db'], type_filter: 'upstream' })).body.changes).sort()).toEqual(['checkout:diff', 'orders-db:diff']);
    expect(namesOf((await search({ id: ids['orders-db'], type_filter: 'upstream', depth: 1 })).body.changes).sort()).toEqual(['checkout:diff', 'orders-db:diff']);
    // Everything under the cluster, at any depth up to 5.
    expect((await search({ id: ids['prod'], type_filter: 'all' })).body.total).toBe(4);
    expect(namesOf((await search({ id: ids['prod'], type_filter: 'all', depth: 1 })).body.changes).sort()).toEqual(['billing:Deployment', 'checkout:diff', 'search:diff']);
    expect((await search({ id: `${ids['checkout']},${ids['billing']}` })).body.total).toBe(2);
  });

  it('filters by config type, change type, summary, source, severity, creator, tags and time', async () => {
    expect(namesOf((await search({ config_type: 'App::Database' })).body.changes)).toEqual(['orders-db:diff']);
    expect((await search({ configTypes: '!App::Database' })).body.total).toBe(3);
    expect((await search({ config_type: 'App::*' })).body.total).toBe(4);
    expect(namesOf((await search({ type: 'Deployment' })).body.changes)).toEqual(['billing:Deployment']);
    expect((await search({ changeType: '!diff' })).body.total).toBe(1);
    expect(namesOf((await search({ summary: '*image*' })).body.changes)).toEqual(['search:diff']);
    expect((await search({ source: 'git*' })).body.total).toBe(1);
    expect((await search({ severity: 'high' })).body.total).toBe(1);
    expect((await search({ severity: 'info' })).body.total).toBe(4);
    expect((await search({ severity: 'high', from: 'now-7d' })).body.total).toBe(2);
    expect((await search({ severity: 'critical', from: 'now-7d' })).body.changes.map((c) => c.summary)).toEqual(['Billing down']);
    expect((await search({ severity: 'All' })).body.total).toBe(4);
    expect((await search({ created_by: 'ci-bot' })).body.total).toBe(1);
    expect((await search({ external_created_by: 'ci-*' })).body.total).toBe(1);
    expect((await search({ tags: [{ key: 'team', value: 'shop' }] })).body.total).toBe(3);
    expect(namesOf((await search({ tags: [{ key: 'team', value: 'shop', exclude: true }] })).body.changes)).toEqual(['search:diff']);
    expect((await search({ from: 'now-7d' })).body.total).toBe(5);
    expect((await search({ from: 'now-7d', to: 'now-2d' })).body.changes.map((c) => c.summary)).toEqual(['Billing down']);
    expect((await search({ from: new Date(Date.now() - 30 * 60_000).toISOString() })).body.total).toBe(3);
    expect((await search({ arbitraryFilter: { source: 'pagerduty' }, from: 'now-7d' })).body.total).toBe(1);
  });

  it('leaves out changes of deleted configs unless asked', async () => {
    await env.server.pool.query('update configs set deleted_at = now() where id = $1', [ids['search']]);
    try {
      expect((await search({})).body.total).toBe(3);
      expect((await search({ include_deleted_configs: true })).body.total).toBe(4);
      expect((await search({ id: ids['search'] })).body.total).toBe(1);
    } finally {
      await env.server.pool.query('update configs set deleted_at = null where id = $1', [ids['search']]);
    }
    // A deleted related config: its changes leave the config's list, unless asked for.
    await env.server.pool.query('update configs set deleted_at = now() where id = $1', [ids['orders-db']]);
    try {
      expect(namesOf((await search({ id: ids['checkout'] })).body.changes)).toEqual(['checkout:diff']);
      expect(namesOf((await search({ id: ids['checkout'], include_deleted_configs: true })).body.changes).sort()).toEqual(['checkout:diff', 'orders-db:diff']);
    } finally {
      await env.server.pool.query('update configs set deleted_at = null where id = $1', [ids['orders-db']]);
    }
  });

  it('refuses what it cannot search with the reason, and callers who are not signed in', async () => {
    const badSort = await search({ sort_by: 'password' });
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toContain("invalid 'sort_by' param: password");
    const badSeverity = await search({ severity: 'dire' });
    expect(badSeverity.status).toBe(400);
    expect(badSeverity.body.message).toContain('unknown severity "dire"');
    expect((await search({ id: 'checkout' })).status).toBe(400);
    expect((await search({ from: 'yesterday-ish' })).status).toBe(400);
    expect((await search({ page: 0 })).status).toBe(400);
    expect((await search({ type_filter: 'sideways' })).status).toBe(400);
    expect((await search({}, 'not-a-token')).status).toBe(401);
  });

  it('lets a viewer read changes, and gives one change with its diff and patches through the data service', async () => {
    const viewer = await env.server.tokenFor(['viewer']);
    const listed = await search({ config_type: 'App::Database' }, viewer);
    expect(listed.status).toBe(200);
    const change = listed.body.changes[0]!;
    const response = await fetch(`${env.server.url}/api/db/config_changes?config_id=eq.${change.config_id}&id=eq.${change.id}`, {
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(response.status).toBe(200);
    const [one] = (await response.json()) as Array<{ id: string; diff: string; patches: unknown[]; summary: string }>;
    expect(one!.id).toBe(change.id);
    expect(one!.diff).toContain('-  "version": "15"\n+  "version": "16"');
    expect(one!.patches).toEqual([{ op: 'replace', path: '/version', value: '16' }]);
  });
});
