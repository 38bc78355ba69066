import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogTest } from './helpers.js';

/**
 * The catalog's promise at scale: a file scraper of 100,000 items finishes in under 60 s, and a
 * second run with 1% of them changed writes only those (rows, changes and events).
 */

const env = catalogTest('pharos-scale-', { sandbox: false });

const ITEMS = 100_000;

function inventory(changed: (index: number) => boolean): string {
  const hosts = Array.from({ length: ITEMS }, (_, index) => ({
    hostname: `host-${String(index).padStart(6, '0')}`,
    rack: `r${index % 250}`,
    os: { name: 'debian', version: changed(index) ? '13' : '12' },
    packages: ['openssh-server', 'nginx', 'postgresql-client'],
    owner: `team-${index % 40}`,
  }));
  return JSON.stringify({ hosts });
}

describe('a file scraper of 100,000 items', () => {
  it('finishes in under 60 s, and a second run with 1% changed writes only those', async () => {
    await writeFile(path.join(env.dir, 'hosts.json'), inventory(() => false));
    const id = (await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: hosts
spec:
  file:
    - type: Inventory::Host
      id: $.hostname
      name: $.hostname
      items: $.hosts[*]
      labels:
        rack: $.rack
        owner: $.owner
      paths: [hosts.json]
`))[0]!;

    let started = performance.now();
    const first = await env.run(id, 120_000);
    const firstMs = performance.now() - started;
    expect(first.errors).toEqual([]);
    expect(first.summary['Inventory::Host']).toMatchObject({ added: ITEMS });
    expect(firstMs).toBeLessThan(60_000);

    await env.server.pool.query("delete from event_queue where name like 'config.%'");
    await writeFile(path.join(env.dir, 'hosts.json'), inventory((index) => index % 100 === 7));
    started = performance.now();
    const second = await env.run(id, 120_000);
    const secondMs = performance.now() - started;
    expect(second.summary['Inventory::Host']).toMatchObject({ added: 0, updated: 1_000, unchanged: 99_000, deleted: 0, changes: 1_000 });
    expect(secondMs).toBeLessThan(60_000);
    const { rows } = await env.server.pool.query<{ updated: number; changes: number; events: number }>(
      `select (select count(*) from configs where scraper_id = $1 and updated_at > created_at)::integer as updated,
              (select count(*) from config_changes c join configs i on i.id = c.config_id where i.scraper_id = $1 and c.summary = 'os.version: 12 → 13')::integer as changes,
              (select count(*) from event_queue where name like 'config.%')::integer as events`,
      [id],
    );
    expect(rows[0]).toEqual({ updated: 1_000, changes: 1_000, events: 1_000 });
    console.info(`file scraper, 100,000 items: first run ${Math.round(firstMs)} ms, second run (1% changed) ${Math.round(secondMs)} ms`);
  }, 240_000);
});
