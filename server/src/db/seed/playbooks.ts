import type { Seeder } from './types.js';

const NAMESPACE = 'demo';
/** The saved connection to Pharos's own database (see database-connection.ts). */
const DATABASE_CONNECTION = `connection://${NAMESPACE}/pharos-database`;

/** Playbooks that act on the demo catalog and checks: they really run, on this machine. */
function demoPlaybooks(withDatabase: boolean): { name: string; title: string; category: string; icon: string; description: string; spec: Record<string, unknown> }[] {
  return [
    {
      name: 'table-size',
      title: 'Table size',
      category: 'Database',
      icon: 'postgres',
      description: 'How large a table of the Pharos database is, and how many rows it holds',
      spec: {
        configs: [{ types: ['PostgreSQL::Table'] }],
        actions: [
          ...(withDatabase
            ? [
                {
                  name: 'size',
                  sql: {
                    connection: DATABASE_CONNECTION,
                    query: "SELECT pg_size_pretty(pg_total_relation_size(format('%I.%I', '{{.config.labels.schema}}', '{{.config.name}}'))) AS size, (SELECT reltuples::bigint FROM pg_class WHERE oid = format('%I.%I', '{{.config.labels.schema}}', '{{.config.name}}')::regclass) AS rows_estimate",
                  },
                },
              ]
            : []),
          { name: 'summary', exec: { script: 'echo "{{.config.labels.schema}}.{{.config.name}}{{if .actions.size}}: {{(index .actions.size.result.rows 0).size}}{{end}}"' } },
        ],
      },
    },
    {
      name: 'disk-report',
      title: 'Disk report',
      category: 'Machine',
      icon: 'disk',
      description: 'Free space on every mounted file system of the machine Pharos runs on, kept as an artifact',
      spec: {
        checks: [{ name: 'disk-space' }],
        parameters: [{ name: 'threshold', label: 'Warn above (% used)', default: '80', properties: { format: 'number', min: 1, max: 100 } }],
        actions: [
          {
            name: 'report',
            exec: {
              script: "df -P | tee report.txt | awk -v t={{.params.threshold}} 'NR>1 && int($5) > t {print $6 \" is \" $5 \" full\"}'",
              artifacts: [{ path: 'report.txt' }],
            },
          },
        ],
      },
    },
  ];
}

export const playbooksSeeder: Seeder = {
  name: 'playbooks',
  description: 'playbooks that report on the demo catalog (table sizes) and the machine (disk space)',
  async run(client, _logger, context) {
    for (const playbook of demoPlaybooks(context !== undefined)) {
      const { rows } = await client.query<{ id: string }>('select id from playbooks where name = $1 and namespace = $2 and deleted_at is null', [playbook.name, NAMESPACE]);
      if (rows[0]) await client.query('update playbooks set title = $2, category = $3, icon = $4, description = $5, spec = $6 where id = $1', [rows[0].id, playbook.title, playbook.category, playbook.icon, playbook.description, playbook.spec]);
      else {
        await client.query("insert into playbooks (name, namespace, title, category, icon, description, spec, source) values ($1, $2, $3, $4, $5, $6, $7, 'UI')", [
          playbook.name,
          NAMESPACE,
          playbook.title,
          playbook.category,
          playbook.icon,
          playbook.description,
          playbook.spec,
        ]);
      }
    }
  },
};
