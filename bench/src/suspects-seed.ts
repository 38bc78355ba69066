import type pg from 'pg';
import { seedStep } from './seed-step.js';

/** How much the suspects benchmark writes. */
export interface SuspectsSize {
  configs: number;
  changes: number;
  /** Checks, each watching one config, that the requests ask about. */
  checks: number;
}

const CHUNK = 1_000_000;
/** Each config's parent is config n / FAN_OUT: a tree in which three hops from a leaf reach about 120 configs. */
export const FAN_OUT = 10;
const LOADED_TABLES = ['configs', 'config_changes', 'config_relationships'];
const CHANGE_TYPES = ['diff', 'Deployment', 'ScalingReplicaSet', 'Pulled', 'Killing', 'BackOff', 'Created', 'UPDATE', 'Restart'];
const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'];

export const configId = (n: string): string => `md5('bench-suspects-' || ${n})::uuid`;

/**
 * The catalog in bulk: `configs` items in a tree of fan-out 10 (the `hard` relationships a scraper
 * leaves for parents), `changes` changes over 7 days spread evenly over the items, and `checks`
 * checks, each on a config with 10 children and 100 grandchildren, that passed 2 h ago and have failed
 * since 30 min ago. Triggers are off for the load
 * (superuser: session_replication_role) and the secondary indexes are built after it.
 */
export async function seedSuspects(pool: pg.Pool, size: SuspectsSize, log: (message: string) => void): Promise<void> {
  const db = await pool.connect();
  const step = seedStep(db, log);
  try {
    await db.query('set session_replication_role = replica');
    await db.query("set maintenance_work_mem = '512MB'");
    await db.query('set synchronous_commit = off');
    const { rows: indexes } = await db.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
       where i.schemaname = current_schema() and i.tablename = any($1::text[])
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [LOADED_TABLES],
    );
    for (const index of indexes) await db.query(`drop index ${index.name}`);
    await db.query('select setseed(0.42)');
    for (let from = 1; from <= size.configs; from += CHUNK) {
      const to = Math.min(size.configs, from + CHUNK - 1);
      await step(
        `configs ${from.toLocaleString('en')}-${to.toLocaleString('en')}`,
        `insert into configs (id, external_id, type, name, source)
         select ${configId('i')}, 'bench/' || i, case when i < 1000 then 'Kubernetes::Namespace' else 'Kubernetes::Deployment' end, 'config-' || i, 'bench'
           from generate_series(${from}, ${to}) i`,
      );
      await step(
        `relationships ${from.toLocaleString('en')}-${to.toLocaleString('en')}`,
        `insert into config_relationships (config_id, related_id, relation)
         select ${configId(`(i / ${FAN_OUT})`)}, ${configId('i')}, 'hard' from generate_series(greatest(${from}, ${FAN_OUT}), ${to}) i`,
      );
    }
    for (let from = 1; from <= size.changes; from += CHUNK) {
      const to = Math.min(size.changes, from + CHUNK - 1);
      await step(
        `changes ${from.toLocaleString('en')}-${to.toLocaleString('en')}`,
        `insert into config_changes (config_id, change_type, severity, source, summary, diff, created_at)
         select ${configId(`(1 + floor(random() * ${size.configs}))::int`)}, ($1::text[])[1 + j % ${CHANGE_TYPES.length}], ($2::text[])[1 + j % ${SEVERITIES.length}],
                'bench', 'change ' || j, '--- a' || chr(10) || '+++ b' || chr(10) || '-replicas: ' || (j % 5) || chr(10) || '+replicas: ' || (j % 5 + 1),
                now() - random() * interval '7 days'
           from generate_series(${from}, ${to}) j`,
        [CHANGE_TYPES, SEVERITIES],
      );
    }
    for (const index of indexes) await step(`index ${index.name}`, index.def);
    await step('canary', "insert into canaries (name, namespace, spec, source) values ('bench-suspects', 'bench', '{}', 'bench')");
    await step(
      'checks',
      `insert into checks (id, canary_id, type, name, status)
       select md5('bench-suspects-check-' || k)::uuid, (select id from canaries where name = 'bench-suspects'), 'http', 'suspects-check-' || k, 'unhealthy'
         from generate_series(1, ${size.checks}) k`,
    );
    // Each check watches a config with 10 children and 100 grandchildren: 122 configs within three hops.
    await step(
      'check links',
      `insert into check_config_relationships (config_id, check_id, selector_id)
       select ${configId(`(${size.configs / 100} - k)`)}, md5('bench-suspects-check-' || k)::uuid, 'bench' from generate_series(1, ${size.checks}) k`,
    );
    await step(
      'check results',
      `insert into check_statuses (check_id, time, status)
       select md5('bench-suspects-check-' || k)::uuid, now() - t.ago, t.ok
         from generate_series(1, ${size.checks}) k, (values (interval '2 hours', true), (interval '30 minutes', false), (interval '10 minutes', false)) as t(ago, ok)`,
    );
    await db.query('reset session_replication_role');
    await step('vacuum (analyze)', `vacuum (analyze) ${[...LOADED_TABLES, 'checks', 'check_config_relationships', 'check_statuses'].join(', ')}`);
  } finally {
    db.release();
  }
}
