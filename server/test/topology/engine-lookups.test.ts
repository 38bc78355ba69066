import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveDatabaseConnection } from '../../src/db/seed/database-connection.js';
import { silentLogger } from '../../src/logger.js';
import { runTopology } from '../../src/topology/engine/run-topology.js';
import { TopologySpecError } from '../../src/topology/engine/spec.js';
import { TEST_SECRETS } from '../support/server.js';
import { named, topologyTest } from './engine-support/setup.js';

/**
 * Topology runs whose components and properties come from real sources: this file's PostgreSQL
 * through a saved connection, an HTTP server on loopback, and bash scripts; nested components, a
 * second run that updates in place and soft-deletes what vanished, and malformed specs.
 */

const env = topologyTest();
let http: Server;
let base = '';
let services = [
  { name: 'api', type: 'Service', properties: [{ name: 'port', text: '8080' }] },
  { name: 'worker', type: 'Service', properties: [{ name: 'port', text: '9090' }] },
];

beforeAll(async () => {
  http = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/status') response.end(JSON.stringify({ version: '1.2.3', queue: 7 }));
    else if (request.url === '/services') response.end(JSON.stringify(services));
    else response.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const client = await env.server.pool.connect();
  try {
    // As seeders do: in a transaction, with the demo's reader role (never the server's own).
    await client.query('BEGIN');
    await saveDatabaseConnection(client, silentLogger(), TEST_SECRETS, env.database.url, 'default', 'test-db');
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  await env.server.pool.query("INSERT INTO canaries (name, spec) VALUES ('one', '{}'), ('two', '{}')");
  await env.apply(topology());
});

afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
});

function topology(): string {
  return `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: lookups
  labels:
    team: ops
spec:
  type: System
  icon: server
  text: Lookups
  components:
    - name: database
      type: Database
      icon: postgres
      labels:
        tier: data
      logs:
        - name: postgres
          type: file
          labels:
            app: db
      properties:
        - name: canaries
          headline: true
          lookup:
            postgres:
              - connection: connection://default/test-db
                query: SELECT count(*)::int AS value FROM canaries WHERE deleted_at IS NULL
        - name: stats
          lookup:
            postgres:
              - connection: connection://default/test-db
                query: "SELECT 'size' AS name, 42 AS value, 'bytes' AS unit UNION ALL SELECT 'engine', NULL, NULL"
        - name: summary
          lookup:
            postgres:
              - connection: connection://default/test-db
                query: SELECT name FROM canaries ORDER BY name
                display:
                  template: "{{ len .rows }} canaries: {{ range .rows }}{{ .name }} {{ end }}"
      components:
        - name: schema
          type: Schema
          components:
            - name: canaries-table
              type: Table
              properties:
                - name: owner
                  text: health
                  links:
                    - label: docs
                      url: https://example.com/canaries
    - name: web
      type: Website
      properties:
        - name: version
          color: green
          lookup:
            http:
              - url: ${base}/status
                display:
                  expr: json.version
        - name: queue
          unit: items
          max: 10
          lookup:
            http:
              - url: ${base}/status
                display:
                  expr: string(json.queue)
        - name: memory
          unit: MB
          lookup:
            exec:
              - script: echo 512
    - name: services
      type: Service
      lookup:
        http:
          - url: ${base}/services
      forEach:
        properties:
          - name: owner
            text: "team of {{ .component.name }}"
    - name: scripted
      lookup:
        exec:
          - script: |
              echo '[{"name": "queue-a", "type": "Queue", "properties": [{"name": "depth", "value": 3}], "components": [{"name": "consumer", "type": "Consumer"}]},
                     {"name": "replica", "type": "Database", "parentLookup": {"name": "database", "type": "Database"}}]'
`;
}

describe('a topology run', () => {
  it('builds the tree from SQL, HTTP and exec lookups, with labels, icons, logs and nested components', async () => {
    const result = await env.run('lookups');
    expect(result.errors).toEqual([]);
    const rows = await env.components('lookups');
    const root = named(rows, 'Lookups');
    expect(root).toMatchObject({ type: 'System', icon: 'server', parent_id: null, path: '' });

    const database = named(rows, 'database');
    expect(database).toMatchObject({ type: 'Database', icon: 'postgres', parent_id: root.id, path: root.id, labels: { team: 'ops', tier: 'data' } });
    expect(database.logs).toEqual([{ name: 'postgres', type: 'file', labels: { app: 'db' } }]);
    expect(database.properties).toEqual(
      expect.arrayContaining([
        { name: 'canaries', headline: true, value: 2 },
        { name: 'size', value: 42, unit: 'bytes' },
        { name: 'engine' },
        { name: 'summary', text: '2 canaries: one two' },
      ]),
    );
    const schema = named(rows, 'schema');
    const table = named(rows, 'canaries-table');
    expect(schema.parent_id).toBe(database.id);
    expect(table).toMatchObject({ parent_id: schema.id, path: `${root.id}.${database.id}.${schema.id}` });
    expect(table.properties).toEqual([{ name: 'owner', text: 'health', links: [{ label: 'docs', url: 'https://example.com/canaries' }] }]);

    const web = named(rows, 'web');
    expect(web.properties).toEqual([
      { name: 'version', color: 'green', text: '1.2.3' },
      { name: 'queue', unit: 'items', max: 10, value: 7 },
      { name: 'memory', unit: 'MB', value: 512 },
    ]);

    const services = rows.filter((row) => row.parent_id === root.id && row.type === 'Service' && row.deleted_at === null);
    expect(services.map((row) => row.name).sort()).toEqual(['api', 'worker']);
    expect(named(rows, 'api').properties).toEqual([{ name: 'port', text: '8080' }, { name: 'owner', text: 'team of api' }]);

    const queue = named(rows, 'queue-a');
    expect(queue).toMatchObject({ type: 'Queue', parent_id: root.id, properties: [{ name: 'depth', value: 3 }] });
    expect(named(rows, 'consumer').parent_id).toBe(queue.id);
    expect(named(rows, 'replica').parent_id).toBe(database.id);

    const { rows: withLogs } = await env.server.pool.query<{ name: string }>('SELECT name FROM components_with_logs');
    expect(withLogs.map((row) => row.name)).toEqual(['database']);
  });

  it('updates components in place and soft-deletes those a lookup no longer returns', async () => {
    const before = await env.components('lookups');
    services = [services[0]!];
    await env.server.pool.query("INSERT INTO canaries (name, spec) VALUES ('three', '{}')");
    const result = await env.run('lookups');
    expect(result.deleted).toBe(1);
    const after = await env.components('lookups');
    for (const name of ['Lookups', 'database', 'api', 'canaries-table']) expect(named(after, name).id).toBe(named(before, name).id);
    expect(after.find((row) => row.name === 'worker')!.deleted_at).toBeInstanceOf(Date);
    expect(named(after, 'database').properties).toContainEqual({ name: 'canaries', headline: true, value: 3 });
    expect(after.filter((row) => row.deleted_at === null)).toHaveLength(before.length - 1);

    services = [...services, { name: 'worker', type: 'Service', properties: [] }];
    await env.run('lookups');
    const back = await env.components('lookups');
    expect(named(back, 'worker').id).toBe(before.find((row) => row.name === 'worker')!.id);
  });

  it('keeps the components of a lookup that failed instead of deleting them, and says why', async () => {
    const server = services;
    services = 'not json' as unknown as typeof services;
    const result = await env.run('lookups');
    services = server;
    expect(result.deleted).toBe(0);
    expect(result.errors.join('\n')).toMatch(/component services:/);
    expect(named(await env.components('lookups'), 'worker').deleted_at).toBeNull();
  });

  it('records a failed property lookup without failing the run', async () => {
    await env.apply(`apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: failing
spec:
  components:
    - name: broken
      properties:
        - name: missing
          lookup:
            http:
              - url: ${base}/nowhere
                responseCodes: [200]
        - name: pods
          lookup:
            kubernetes:
              - kind: Pod
`);
    const result = await env.run('failing');
    expect(result.errors).toEqual([
      expect.stringMatching(/^property missing of broken: http lookup failed: .*404/),
      'property pods of broken: kubernetes lookup failed: failed to get Pod resources: no kubeconfig was given and Pharos does not run in a Kubernetes pod (KUBERNETES_SERVICE_HOST is unset): give a kubeconfig or a kubernetes connection',
    ]);
    expect(named(await env.components('failing'), 'broken').properties).toEqual([]);
  });
});

describe('status expressions', () => {
  it('override the status with CEL or a Go template over the properties and summary, and say when they fail; an id script names the component', async () => {
    await env.apply(`apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: expressions
spec:
  components:
    - name: by-template
      id:
        javascript: "'node/' + self.name + '/' + properties.mode"
      statusExpr: "{{ if eq .properties.mode \\"down\\" }}unhealthy{{ else }}healthy{{ end }}"
      properties:
        - name: mode
          lookup:
            exec:
              - script: echo down
    - name: by-cel
      statusExpr: "{'status': properties.load > 5 ? 'warning' : 'healthy', 'reason': 'load is ' + string(properties.load)}"
      properties:
        - name: load
          type: number
          lookup:
            exec:
              - script: echo 7
    - name: broken
      statusExpr: "nope("
    - name: fixed
      health: warning
`);
    const result = await env.run('expressions');
    expect(result.errors).toEqual([]);
    const rows = await env.components('expressions');
    expect(named(rows, 'by-template')).toMatchObject({ external_id: 'node/by-template/down', status: 'unhealthy', health: 'unhealthy', status_reason: 'statusExpr: unhealthy' });
    expect(named(rows, 'by-cel')).toMatchObject({ status: 'warning', health: 'warning', status_reason: 'load is 7' });
    expect(named(rows, 'broken')).toMatchObject({ status: 'info', health: 'unknown', status_reason: expect.stringMatching(/^statusExpr failed: /) });
    expect(named(rows, 'fixed')).toMatchObject({ health: 'warning' });
    expect(named(rows, 'expressions')).toMatchObject({ health: 'unhealthy', status_reason: 'component by-template is unhealthy' });
  });
});

describe('a malformed Topology', () => {
  it('is refused by apply with the path and reason', async () => {
    const { status, body } = await env.post(`apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: malformed
spec:
  components:
    - name: db
      lookup:
        sqlx:
          - query: SELECT 1
      properties:
        - name: size
          value: lots
`);
    expect(status).toBe(400);
    const problems = (body as { problems: { path: string; reason: string }[] }).problems;
    expect(problems.map((problem) => problem.path)).toContain('/spec/components/0/properties/0/value');
    expect(problems.length).toBeGreaterThan(0);
  });

  it('is refused by apply with what the engine cannot run, such as an unknown lookup type or a forEach without a lookup', async () => {
    const { status, body } = await env.post(`apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: malformed
spec:
  components:
    - name: db
      lookup:
        sqlx:
          - query: SELECT 1
    - name: plain
      forEach:
        properties:
          - name: x
`);
    expect(status).toBe(400);
    expect((body as { problems: { path: string; reason: string }[] }).problems).toEqual([
      expect.objectContaining({ path: '/spec/components/0/lookup/sqlx', reason: expect.stringMatching(/^unknown lookup type sqlx: one of .*postgres/) }),
      expect.objectContaining({ path: '/spec/components/1/forEach', reason: 'forEach applies to the components a lookup returns: add a lookup' }),
    ]);
  });

  it('saved some other way fails its run with the path and reason', async () => {
    const { rows } = await env.server.pool.query<{ id: string }>(
      `INSERT INTO topologies (name, spec) VALUES ('written-directly', '{"components": [{"name": "x", "properties": [{"name": "p", "lookup": {"http": ["nope"]}}]}]}') RETURNING id`,
    );
    const run = runTopology(env.options(), rows[0]!.id, AbortSignal.timeout(10_000));
    await expect(run).rejects.toBeInstanceOf(TopologySpecError);
    await expect(run).rejects.toThrow('/spec/components/0/properties/0/lookup/http/0: must be a mapping');
  });
});
