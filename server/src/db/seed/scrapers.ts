import { existsSync } from 'node:fs';
import path from 'node:path';
import { saveDatabaseConnection } from './database-connection.js';
import type { SeedContext, Seeder } from './types.js';

const NAMESPACE = 'demo';
/** The saved connection the database scraper reads through (its password sealed as any connection's). */
export const DEMO_DATABASE_CONNECTION = 'pharos-database';

const TABLES_QUERY = `select s.relname as name, s.schemaname as schema, s.n_live_tup as live_rows, s.n_dead_tup as dead_rows,
  pg_total_relation_size(s.relid) as total_bytes, s.last_autovacuum, s.last_autoanalyze
from pg_stat_user_tables s where s.schemaname = 'public' order by s.relname`;

const DATABASE_QUERY = `select current_database() as name, version() as version, pg_database_size(current_database()) as size_bytes,
  (select setting from pg_settings where name = 'max_connections') as max_connections,
  (select count(*) from pg_stat_activity where datname = current_database()) as connections`;

/** The embedded PostgreSQL's settings file, when this Pharos runs one in its data folder. */
const embeddedSettings = (dataDir: string) => path.join(dataDir, 'postgres', 'postgresql.conf');

export interface DemoScraper {
  name: string;
  description: string;
  spec: Record<string, unknown>;
}

/** ScrapeConfig specs of real things on this machine: Pharos's database, its data folder and its HTTP API. */
export function demoScrapers(context: Pick<SeedContext, 'dataDir' | 'port'>): DemoScraper[] {
  const scrapers: DemoScraper[] = [
    {
      name: 'pharos-database',
      description: "The tables of Pharos's own database, and the database itself",
      spec: {
        schedule: '@every 5m',
        sql: [
          { connection: `connection://${NAMESPACE}/${DEMO_DATABASE_CONNECTION}`, query: TABLES_QUERY, type: 'PostgreSQL::Table', class: 'Table', id: '$.name', name: '$.name', labels: { schema: '$.schema' } },
          { connection: `connection://${NAMESPACE}/${DEMO_DATABASE_CONNECTION}`, query: DATABASE_QUERY, type: 'PostgreSQL::Database', class: 'Database', id: '$.name', name: '$.name' },
        ],
      },
    },
    {
      name: 'pharos-api',
      description: 'This Pharos, as its HTTP API describes itself',
      spec: {
        schedule: '@every 5m',
        http: [{ url: `http://127.0.0.1:${context.port}/api/about`, type: 'Pharos::Server', class: 'Server', id: `127.0.0.1:${context.port}`, name: 'pharos' }],
      },
    },
  ];
  const settings = embeddedSettings(context.dataDir);
  if (existsSync(settings)) {
    scrapers.push({
      name: 'pharos-data-folder',
      description: 'The settings of the PostgreSQL Pharos runs in its data folder',
      // The form requires an icon on file entries (spec 3 §5): the demo's must pass its own form.
      spec: { schedule: '@every 1h', file: [{ paths: [settings], format: 'properties', icon: 'postgres', type: 'PostgreSQL::Settings', class: 'Settings', id: 'postgresql.conf', name: 'postgresql.conf' }] },
    });
  }
  return scrapers;
}

export const scrapersSeeder: Seeder = {
  name: 'scrapers',
  description: "scrapers of this Pharos's database, data folder and HTTP API",
  async run(client, logger, context) {
    if (!context) {
      logger.warn('demo scrapers need where this Pharos runs: not seeded');
      return;
    }
    await saveDatabaseConnection(client, logger, context.secrets, context.databaseUrl, NAMESPACE, DEMO_DATABASE_CONNECTION);
    for (const scraper of demoScrapers(context)) {
      const { rows } = await client.query<{ id: string }>('select id from config_scrapers where name = $1 and namespace = $2 and deleted_at is null', [scraper.name, NAMESPACE]);
      if (rows[0]) await client.query('update config_scrapers set spec = $2, description = $3 where id = $1', [rows[0].id, scraper.spec, scraper.description]);
      else await client.query("insert into config_scrapers (name, namespace, description, labels, spec, source) values ($1, $2, $3, $4, $5, 'UI')", [scraper.name, NAMESPACE, scraper.description, { app: 'pharos' }, scraper.spec]);
    }
  },
};
