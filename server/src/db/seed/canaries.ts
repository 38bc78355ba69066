import { loadConfig } from '../../config.js';
import type { Seeder } from './types.js';

const NAMESPACE = 'demo';

/** Checks of real things on this machine: Pharos's own endpoints and port, a script, and one that fails on purpose. */
function demoCanary(port: number): Record<string, unknown> {
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
    exec: [{ name: 'disk-space', description: 'Free space where Pharos keeps its data', script: 'df -P . | awk \'NR==2 {print $5 " used"}\'', test: { expr: "int(stdout.replace('% used', '')) < 95" } }],
  };
}

export const canariesSeeder: Seeder = {
  name: 'canaries',
  description: 'a canary that checks this Pharos and the machine it runs on',
  async run(client) {
    const spec = demoCanary(loadConfig().port);
    const { rows } = await client.query<{ id: string }>('select id from canaries where name = $1 and namespace = $2 and deleted_at is null', ['pharos-self', NAMESPACE]);
    if (rows[0]) await client.query('update canaries set spec = $2 where id = $1', [rows[0].id, spec]);
    else await client.query("insert into canaries (name, namespace, labels, spec, source) values ('pharos-self', $1, $2, $3, 'UI')", [NAMESPACE, { app: 'pharos' }, spec]);
  },
};
