import type pg from 'pg';
import { seedStep } from './seed-step.js';
import { ANALYSIS_TYPES, ANALYZERS, APP_PREFIXES, APP_SUFFIXES, CHANGE_TYPES, SEED_TYPES, SEVERITIES } from './catalog-shape.js';

export interface CatalogSize {
  configs: number;
  changes: number;
  analysis: number;
  relationships: number;
}

/** Rows a statement writes: a chunk at a time so that progress shows and no statement holds everything. */
const CHUNK = 1_000_000;
const SCRAPERS = 5;
/** The tables loaded in bulk: their secondary indexes are dropped first and built after the load. */
const LOADED_TABLES = ['configs', 'config_changes', 'config_changes_1d', 'config_analysis', 'config_relationships', 'config_items_last_scraped_time'];

/** The id of seeded config n (1-based): the same in every statement, so changes can point at configs without a look-up. */
const configId = (n: string): string => `md5('bench-config-' || ${n})::uuid`;

/**
 * A catalog of `size` rows written in bulk with the columns the scraper's write path fills (see
 * save-scrape.ts and save-changes.ts): items of 50 types across config classes with labels, tags,
 * health and status, 5% soft-deleted; changes over 60 days, mostly `diff` with patches and
 * fingerprints, the others events with details, with severities and repeat counts; the daily
 * roll-up; insights; relationships; when each live item was last scraped. Triggers are off for the
 * load (superuser: session_replication_role) and the roll-up the trigger keeps is written at the end.
 */
export async function seedCatalog(pool: pg.Pool, size: CatalogSize, log: (message: string) => void): Promise<void> {
  const db = await pool.connect();
  const step = seedStep(db, log);
  try {
    await db.query('set session_replication_role = replica');
    await db.query("set maintenance_work_mem = '512MB'");
    await db.query("set work_mem = '256MB'");
    await db.query('set synchronous_commit = off');
    await db.query('set max_parallel_maintenance_workers = 1');
    const { rows: indexes } = await db.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
       where i.schemaname = current_schema() and i.tablename = any($1::text[])
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [LOADED_TABLES],
    );
    for (const index of indexes) await db.query(`drop index ${index.name}`);
    log(`  dropped ${indexes.length} secondary indexes for the load`);

    await db.query(
      `create temp table bench_types as
       select (x.o - 1)::int as n, x.e ->> 'type' as type, x.e ->> 'config_class' as config_class,
              array(select jsonb_array_elements_text(x.e -> 'statuses')) as statuses, (x.e ->> 'costed')::boolean as costed
       from jsonb_array_elements($1::jsonb) with ordinality as x(e, o)`,
      [JSON.stringify(SEED_TYPES.map((t) => ({ type: t.type, config_class: t.configClass, statuses: t.statuses, costed: t.costed })))],
    );
    await step(
      'scrapers',
      `insert into config_scrapers (name, namespace, spec, source)
       select 'bench-cluster-' || s, 'bench', jsonb_build_object('kubernetes', jsonb_build_array(jsonb_build_object('clusterName', 'bench-cluster-' || s))), 'bench'
       from generate_series(1, ${SCRAPERS}) s`,
    );
    await db.query('select setseed(0.42)');
    for (let from = 1; from <= size.configs; from += CHUNK) {
      const to = Math.min(size.configs, from + CHUNK - 1);
      await step(
        `configs ${from.toLocaleString('en')}-${to.toLocaleString('en')}`,
        `with scrapers as (select array_agg(id order by name) as ids from config_scrapers where source = 'bench'),
         g as (
           select i, floor(${SEED_TYPES.length} * power(random(), 2))::int as tn, ((i::bigint * 7919) % 400)::int as app_n,
                  random() as rh, random() as rs, random() as rc, random() as rt, random() as ru, random() as rd, random() as rl
           from generate_series(${from}, ${to}) i
         ),
         r as (
           select g.*, t.type, t.config_class, t.statuses, t.costed, regexp_replace(t.type, '^.*::', '') as kind,
                  ($1::text[])[1 + g.app_n / 20] || '-' || ($2::text[])[1 + g.app_n % 20] as app,
                  'ns-' || (g.i % 60) as ns, (array['eu-west-1', 'us-east-1', 'us-west-2', 'ap-south-1'])[1 + g.i % 4] as region,
                  now() - g.rt * interval '90 days' as created
           from g join bench_types t on t.n = g.tn
         )
         insert into configs (id, scraper_id, external_id, type, config_class, name, description, status, ready, health, tags, labels,
           config, format, source, cost_per_minute, cost_total_1d, cost_total_7d, cost_total_30d, last_scraped_time, created_by,
           created_at, updated_at, deleted_at, delete_reason)
         select ${configId('r.i')}, (select ids from scrapers)[1 + r.tn % ${SCRAPERS}], 'bench/' || r.i, r.type, r.config_class,
           r.app || '-' || lower(r.kind) || '-' || substr(md5(r.i::text), 1, 5),
           case when r.rl < 0.3 then 'Managed by team-' || (r.app_n % 25) || ' for ' || r.app end,
           r.statuses[1 + floor(array_length(r.statuses, 1) * power(r.rs, 2))::int],
           r.rh < 0.7,
           case when r.rh < 0.70 then 'healthy' when r.rh < 0.82 then 'warning' when r.rh < 0.90 then 'unhealthy' else 'unknown' end,
           case when r.type like 'Kubernetes::%' then jsonb_build_object('cluster', 'cluster-' || (r.i % 6), 'namespace', r.ns)
                else jsonb_build_object('account', 'account-' || (r.i % 8), 'region', r.region) end,
           jsonb_build_object('app', r.app, 'team', 'team-' || (r.app_n % 25), 'env', (array['prod', 'prod', 'staging', 'dev'])[1 + r.i % 4]),
           jsonb_build_object('kind', r.kind, 'metadata', jsonb_build_object('name', r.app || '-' || r.i, 'namespace', r.ns, 'uid', ${configId('r.i')}),
             'spec', jsonb_build_object('replicas', r.i % 5, 'image', 'registry.local/' || r.app || ':1.' || (r.i % 50),
               'resources', jsonb_build_object('cpu', (100 * (1 + r.i % 8)) || 'm', 'memory', (128 * (1 + r.i % 8)) || 'Mi'))),
           'json', 'bench',
           case when r.costed then round((r.rc * 0.02)::numeric, 4) end,
           case when r.costed then round((r.rc * 0.02 * 1440)::numeric, 4) end,
           case when r.costed then round((r.rc * 0.02 * 1440 * 7)::numeric, 4) end,
           case when r.costed then round((r.rc * 0.02 * 1440 * 30)::numeric, 4) end,
           now() - r.ru * interval '3 hours', null,
           r.created, r.created + (now() - r.created) * r.ru,
           case when r.rd < 0.05 then r.created + (now() - r.created) * r.ru end,
           case when r.rd < 0.05 then 'STALE' end
         from r`,
        [APP_PREFIXES, APP_SUFFIXES],
      );
    }
    await step(
      'last scraped times of the live items',
      "insert into config_items_last_scraped_time (config_id, last_scraped_time) select id, last_scraped_time from configs where source = 'bench' and deleted_at is null",
    );
    for (let from = 1; from <= size.changes; from += CHUNK) {
      const to = Math.min(size.changes, from + CHUNK - 1);
      await step(
        `changes ${from.toLocaleString('en')}-${to.toLocaleString('en')}`,
        `with g as (
           select j, 1 + floor(${size.configs} * power(random(), 2))::int as n, random() as rt, random() as rs, random() as ra, random() as rc
           from generate_series(${from}, ${to}) j
         ),
         r as (
           select g.*, case when g.rt < 0.55 then 'diff' else ($1::text[])[2 + floor((g.rt - 0.55) / 0.45 * ${CHANGE_TYPES.length - 1})::int] end as change_type,
                  case when g.rc < 0.9 then 1 else 2 + floor(g.rc * 100)::int % 20 end as count,
                  now() - g.ra * interval '60 days' as at
           from g
         )
         insert into config_changes (config_id, change_type, severity, source, summary, patches, diff, details, fingerprint,
           external_change_id, external_created_by, count, first_observed, created_at, created_by)
         select ${configId('r.n')}, r.change_type, ($2::text[])[1 + floor(r.rs * ${SEVERITIES.length})::int],
           case when r.change_type = 'diff' then 'diff' when r.j % 3 = 0 then 'aws/cloudtrail' else 'kubernetes/event' end,
           case when r.change_type = 'diff' then 'spec.replicas: ' || (r.j % 5) || ' → ' || (r.j % 5 + 1)
                else r.change_type || ' ' || lower(r.change_type) || '-' || (r.j % 1000) end,
           case when r.change_type = 'diff' then jsonb_build_array(jsonb_build_object('op', 'replace', 'path', '/spec/replicas', 'value', r.j % 5 + 1)) end,
           case when r.change_type = 'diff' then E'@@ -1 +1 @@\\n-replicas: ' || (r.j % 5) || E'\\n+replicas: ' || (r.j % 5 + 1) end,
           case when r.change_type <> 'diff' then jsonb_build_object('reason', r.change_type, 'message', r.change_type || ' by controller') end,
           case when r.change_type = 'diff' then md5('spec.replicas ' || (r.j % 5)) end,
           case when r.change_type <> 'diff' then 'evt-' || r.j end,
           case when r.j % 7 = 0 then 'ci-bot' end,
           r.count, r.at - (r.count - 1) * interval '10 minutes', r.at, null
         from r`,
        [CHANGE_TYPES, SEVERITIES],
      );
    }
    await step(
      'the daily roll-up of changes',
      `insert into config_changes_1d (config_id, change_type, time, count)
       select config_id, change_type, date_trunc('day', created_at, 'UTC'), count(*) from config_changes group by 1, 2, 3`,
    );
    await step(
      'insights',
      `insert into config_analysis (config_id, analyzer, analysis_type, severity, message, summary, status, analysis, source, first_observed, last_observed)
       select ${configId(`(1 + floor(${size.configs} * random()))::int`)}, ($1::text[])[1 + k % ${ANALYZERS.length}],
         ($2::text[])[1 + (k / 7) % ${ANALYSIS_TYPES.length}], ($3::text[])[1 + k % ${SEVERITIES.length}],
         'found by ' || ($1::text[])[1 + k % ${ANALYZERS.length}], ($1::text[])[1 + k % ${ANALYZERS.length}] || ' on item ' || k,
         case when k % 20 < 14 then 'open' when k % 20 < 19 then 'resolved' else 'silenced' end,
         jsonb_build_object('rule', ($1::text[])[1 + k % ${ANALYZERS.length}]), 'bench',
         now() - random() * interval '60 days', now() - random() * interval '1 day'
       from generate_series(1, ${size.analysis}) k`,
      [ANALYZERS, ANALYSIS_TYPES, SEVERITIES],
    );
    await step(
      'relationships',
      `insert into config_relationships (config_id, related_id, relation, selector_id)
       select ${configId('k')}, ${configId(`(1 + (k + 1 + k % 997) % ${size.configs})`)}, case when k % 3 = 0 then 'hard' else 'related' end, 'bench'
       from generate_series(1, ${size.relationships}) k`,
    );
    for (const index of indexes) await step(`index ${index.name}`, index.def);
    // The summary's roll-ups are kept by triggers, which were off for the load.
    await step('the summary roll-ups', 'select config_summary_rebuild()');
    await db.query('reset session_replication_role');
    await step('vacuum (analyze)', `vacuum (analyze) ${LOADED_TABLES.join(', ')}`);
  } finally {
    await db.query('reset all').catch(() => undefined);
    db.release();
  }
}
