import { loadConfig } from '../../config.js';
import type { SeedContext, Seeder } from '../../db/seed/types.js';

const NAMESPACE = 'demo';
/** The connection the demo canary's seeder saves for Pharos's own database. */
const DATABASE_CONNECTION = `connection://${NAMESPACE}/pharos-database`;
export const DEMO_TOPOLOGY = 'pharos';

const sqlLookup = (query: string, display?: Record<string, string>) => ({ postgres: [{ connection: DATABASE_CONNECTION, query, ...(display ? { display } : {}) }] });

/** The biggest tables as child components, each with its rows and size, linked to its catalog item. */
const TABLES_QUERY = `SELECT s.relname AS name, 'Table' AS type,
  json_build_array(json_build_object('name', 'rows', 'value', s.n_live_tup),
                   json_build_object('name', 'size', 'value', pg_total_relation_size(s.relid), 'unit', 'bytes')) AS properties
FROM pg_stat_user_tables s WHERE s.schemaname = 'public' ORDER BY pg_total_relation_size(s.relid) DESC, s.relname LIMIT 6`;

function databaseComponent(): Record<string, unknown> {
  return {
    name: 'database',
    type: 'Database',
    icon: 'postgres',
    checks: [{ selector: { name: 'pharos-database' } }],
    configs: [{ types: ['PostgreSQL::Database'] }],
    properties: [
      { name: 'size', headline: true, unit: 'bytes', lookup: sqlLookup('SELECT pg_database_size(current_database()) AS value') },
      { name: 'connections', headline: true, lookup: sqlLookup("SELECT count(*)::int AS value, current_setting('max_connections')::int AS max FROM pg_stat_activity WHERE datname = current_database()") },
      { name: 'version', lookup: sqlLookup("SELECT current_setting('server_version') AS text") },
    ],
    components: [
      {
        name: 'tables',
        type: 'Table',
        icon: 'table',
        lookup: sqlLookup(TABLES_QUERY),
        forEach: { configs: [{ name: '{{ .component.name }}', types: ['PostgreSQL::Table'] }] },
      },
    ],
  };
}

/**
 * A Topology of this Pharos from real things on the machine: its HTTP API (version from /api/about,
 * the demo canary's API and port checks, the catalog item of the pharos-api scraper), its database
 * (size, connections and version through the saved connection, the biggest tables as child
 * components, the database check and catalog items), the machine (memory and load from /proc, the
 * disk, memory and name checks) and the check that fails on purpose.
 */
export function demoTopology(port: number, withDatabase: boolean): Record<string, unknown> {
  const base = `http://127.0.0.1:${port}`;
  return {
    schedule: '@every 5m',
    type: 'Application',
    icon: 'pharos',
    text: 'Pharos',
    components: [
      {
        name: 'api',
        type: 'API',
        icon: 'http',
        checks: [{ selector: { name: 'pharos-api' } }, { selector: { name: 'pharos-port' } }],
        configs: [{ types: ['Pharos::Server'] }],
        properties: [
          { name: 'version', headline: true, lookup: { http: [{ url: `${base}/api/about`, display: { expr: 'json.Version' } }] } },
          { name: 'url', text: base, links: [{ label: 'Pharos', url: base }] },
        ],
      },
      ...(withDatabase ? [databaseComponent()] : []),
      {
        name: 'machine',
        type: 'Server',
        icon: 'server',
        checks: [{ selector: { name: 'disk-space' } }, { selector: { name: 'memory-available' } }, { selector: { name: 'localhost-name' } }],
        properties: [
          { name: 'memory available', headline: true, unit: 'MB', lookup: { exec: [{ script: "awk '/^MemAvailable:/ {print int($2 / 1024)}' /proc/meminfo" }] } },
          { name: 'memory total', unit: 'MB', lookup: { exec: [{ script: "awk '/^MemTotal:/ {print int($2 / 1024)}' /proc/meminfo" }] } },
          { name: 'load', lookup: { exec: [{ script: "cut -d ' ' -f 1-3 /proc/loadavg" }] } },
        ],
      },
      { name: 'broken endpoint', type: 'Endpoint', icon: 'http', checks: [{ selector: { name: 'fails-on-purpose' } }] },
    ],
  };
}

export const topologySeeder: Seeder = {
  name: 'topology',
  description: 'a topology of this Pharos: its API, database and machine, with live checks and catalog items',
  async run(client, _logger, context?: SeedContext) {
    const spec = demoTopology(context?.port ?? loadConfig().port, context !== undefined);
    const { rows } = await client.query<{ id: string }>('SELECT id FROM topologies WHERE name = $1 AND namespace = $2 AND deleted_at IS NULL', [DEMO_TOPOLOGY, NAMESPACE]);
    if (rows[0]) await client.query('UPDATE topologies SET spec = $2 WHERE id = $1', [rows[0].id, spec]);
    else await client.query("INSERT INTO topologies (name, namespace, labels, spec, source) VALUES ($1, $2, $3, $4, 'UI')", [DEMO_TOPOLOGY, NAMESPACE, { app: 'pharos' }, spec]);
  },
};
