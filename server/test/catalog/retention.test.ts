import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../../src/catalog/run-scraper.js';
import { catalogTest } from './helpers.js';

/**
 * A scraper's `retention`, applied after each run: changes of a type beyond a count or an age go,
 * items of a type older than an age are soft-deleted, and items deleted long enough ago are removed.
 */

const env = catalogTest('pharos-retention-', { sandbox: false });

describe('retention', () => {
  it('keeps the newest changes per item, drops old ones, and ages items out by type', async () => {
    const file = path.join(env.dir, 'settings.json');
    const write = (settings: Record<string, unknown>, queue = true) => writeFile(file, JSON.stringify([{ id: 'cache', ...settings }, ...(queue ? [{ id: 'queue', size: 1 }] : [])]));
    await write({ ttl: 1 });
    const id = (await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: settings
spec:
  retention:
    staleItemAge: 1000d
    changes:
      - name: diff
        count: 2
      - name: Audited
        age: 7d
    type:
      - name: App::Setting
        deletedAge: 1d
      - name: App::Old
        createdAge: 30d
  file:
    - type: App::Setting
      id: $.id
      paths: [settings.json]
`))[0]!;
    const run = () => env.run(id);

    await run();
    for (const settings of [{ ttl: 1, size: 2 }, { ttl: 1, size: 2, mode: 'lru' }, { ttl: 1, size: 2, mode: 'lru', shards: 4 }]) {
      await write(settings);
      await run();
    }
    const { rows: items } = await env.server.pool.query<{ id: string; external_id: string }>('select id, external_id from configs where scraper_id = $1 order by external_id', [id]);
    const cache = items.find((item) => item.external_id === 'cache')!;
    const { rows: kept } = await env.server.pool.query<{ summary: string }>("select summary from config_changes where config_id = $1 and change_type = 'diff' order by created_at", [cache.id]);
    expect(kept.map((row) => row.summary)).toEqual(['mode: added lru', 'shards: added 4']);

    await env.server.pool.query(
      `insert into config_changes (config_id, change_type, summary, created_at) values
         ($1, 'Audited', 'old audit', now() - interval '10 days'), ($1, 'Audited', 'recent audit', now() - interval '1 day')`,
      [cache.id],
    );
    await env.server.pool.query(
      "insert into configs (scraper_id, type, external_id, name, config, created_at) values ($1, 'App::Old', 'legacy', 'legacy', '{}', now() - interval '40 days')",
      [id],
    );
    await env.server.pool.query("update configs set deleted_at = now() - interval '3 days', delete_reason = 'STALE' where scraper_id = $1 and external_id = 'queue'", [id]);
    await write({ ttl: 1, size: 2, mode: 'lru', shards: 4 }, false);

    const last = await run();
    expect(last.errors).toEqual([]);
    expect(last.retention).toEqual({ changes: 1, deleted: 1, removed: 1 });
    expect(outcomeOf(last).details?.summary).toEqual({ retention: { changes: 1, deleted: 1, removed: 1 } });
    const { rows: audits } = await env.server.pool.query<{ summary: string }>("select summary from config_changes where config_id = $1 and change_type = 'Audited'", [cache.id]);
    expect(audits).toEqual([{ summary: 'recent audit' }]);
    const { rows: after } = await env.server.pool.query<{ external_id: string; delete_reason: string | null }>('select external_id, delete_reason from configs where scraper_id = $1 order by external_id', [id]);
    expect(after).toEqual([
      { external_id: 'cache', delete_reason: null },
      { external_id: 'legacy', delete_reason: 'RETENTION' },
    ]);
  });
});
