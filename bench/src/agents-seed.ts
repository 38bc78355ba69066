import type pg from 'pg';

/**
 * What an agent has produced, written straight into its own database as its engines would leave it:
 * one scraper with `configs` items and one canary whose checks hold `statuses` results in all.
 */
export async function seedAgentData(pool: pg.Pool, configs: number, statuses: number): Promise<void> {
  const checks = Math.max(1, Math.min(100, Math.ceil(statuses / 10_000)));
  await pool.query(`insert into config_scrapers (id, name, namespace, spec) values ('10000000-0000-4000-8000-000000000001', 'bench-files', 'bench', '{"file": []}')`);
  await pool.query(
    `insert into configs (scraper_id, external_id, name, type, config_class, tags, labels, config, last_scraped_time)
     select '10000000-0000-4000-8000-000000000001', 'item-' || g, 'item-' || g, 'Bench::Item', 'Item',
            jsonb_build_object('namespace', 'ns-' || (g % 50)), jsonb_build_object('tier', g % 3),
            jsonb_build_object('name', 'item-' || g, 'replicas', g % 5, 'image', 'registry/app:' || (g % 20)), now()
       from generate_series(1, $1) as g`,
    [configs],
  );
  await pool.query(`insert into canaries (id, name, namespace, spec) values ('20000000-0000-4000-8000-000000000001', 'bench-checks', 'bench', '{"schedule": "@every 1h"}')`);
  await pool.query(
    `insert into checks (canary_id, type, name, namespace, status)
     select '20000000-0000-4000-8000-000000000001', 'tcp', 'port-' || g, 'bench', 'healthy' from generate_series(1, $1) as g`,
    [checks],
  );
  const each = Math.ceil(statuses / checks);
  await pool.query(
    `insert into check_statuses (check_id, time, status, duration, message)
     select c.id, now() - make_interval(secs => g * 60), g % 11 <> 0, g % 500, 'ok'
       from checks c, generate_series(1, $1) as g`,
    [each],
  );
}
