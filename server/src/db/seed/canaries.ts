import { loadConfig } from '../../config.js';
import { saveDatabaseConnection } from './database-connection.js';
import type { Seeder } from './types.js';

const NAMESPACE = 'demo';
/** The same saved connection the demo scrapers read through. */
const DATABASE_CONNECTION = 'pharos-database';

/** Pharos's own database, through the saved connection (its password sealed, never in the spec). */
const DATABASE_CHECK = {
  name: 'pharos-database',
  description: 'The PostgreSQL database of this Pharos',
  connection: `connection://${NAMESPACE}/${DATABASE_CONNECTION}`,
  query: 'SELECT count(*)::int AS canaries FROM canaries WHERE deleted_at IS NULL',
  results: 1,
  test: { expr: 'rows[0].canaries > 0' },
  display: { template: '{{ (index .rows 0).canaries }} canaries in {{ .duration }} ms' },
};

/**
 * Checks of real things on this machine: Pharos's own endpoints, port and database, a name the
 * system resolves, scripts, and one that fails on purpose.
 */
function demoCanary(port: number, withDatabase: boolean): Record<string, unknown> {
  const base = `http://127.0.0.1:${port}`;
  return {
    schedule: '@every 1m',
    http: [
      {
        name: 'pharos-api',
        description: 'The health endpoint of this Pharos',
        url: `${base}/api/health`,
        responseCodes: [200],
        test: { expr: "json.status == 'ok'" },
        display: { template: '{{ .code }} in {{ .duration }} ms' },
      },
      { name: 'fails-on-purpose', description: 'An endpoint that does not exist: this check is meant to fail', url: `${base}/api/no-such-endpoint`, responseCodes: [200] },
    ],
    tcp: [{ name: 'pharos-port', endpoint: `127.0.0.1:${port}`, thresholdMillis: 500 }],
    dns: [{ name: 'localhost-name', description: 'localhost as the system resolves it', query: 'localhost', querytype: 'A', minrecords: 1, exactreply: ['127.0.0.1'] }],
    exec: [
      { name: 'disk-space', description: 'Free space where Pharos keeps its data', script: 'df -P . | awk \'NR==2 {print $5 " used"}\'', test: { expr: "int(stdout.replace('% used', '')) < 95" } },
      {
        name: 'memory-available',
        description: 'Memory the machine has left, from /proc/meminfo',
        script: "awk '/^MemAvailable:/ {print int($2 / 1024)}' /proc/meminfo",
        test: { expr: 'int(stdout) >= 64' },
        display: { template: '{{ .stdout }} MB available' },
      },
    ],
    ...(withDatabase ? { postgres: [DATABASE_CHECK] } : {}),
  };
}

export const canariesSeeder: Seeder = {
  name: 'canaries',
  description: 'a canary that checks this Pharos, its database and the machine it runs on',
  async run(client, logger, context) {
    if (context) await saveDatabaseConnection(client, logger, context.secrets, context.databaseUrl, NAMESPACE, DATABASE_CONNECTION);
    const spec = demoCanary(context?.port ?? loadConfig().port, context !== undefined);
    const { rows } = await client.query<{ id: string }>('select id from canaries where name = $1 and namespace = $2 and deleted_at is null', ['pharos-self', NAMESPACE]);
    if (rows[0]) await client.query('update canaries set spec = $2 where id = $1', [rows[0].id, spec]);
    else await client.query("insert into canaries (name, namespace, labels, spec, source) values ('pharos-self', $1, $2, $3, 'UI')", [NAMESPACE, { app: 'pharos' }, spec]);
  },
};
