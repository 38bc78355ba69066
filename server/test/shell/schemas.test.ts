import { SPEC_SCHEMAS, SPEC_SCHEMA_NAMES, type SpecSchemaName } from '@pharos/core';
import { Ajv, type ErrorObject } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTestServer, type TestServer } from '../support/server.js';

/** A realistic spec each schema accepts, written as a user would in the YAML editor. */
const VALID: Record<SpecSchemaName, string> = {
  canary: `
schedule: "@every 5m"
http:
  - name: api-health
    url: https://api.example.com/health
    method: GET
    responseCodes: [200, 204]
    thresholdMillis: 3000
    maxSSLExpiry: 7
    responseContent: ok
    headers:
      - name: Accept
        value: application/json
      - name: Authorization
        valueFrom:
          secretKeyRef: { name: api-token, key: token }
    test:
      expr: "code == 200 && json.status == 'ok'"
    display:
      template: "{{.code}} in {{.elapsed}}"
tcp:
  - name: postgres-port
    endpoint: db.internal:5432
    thresholdMillis: 500
icmp:
  - name: gateway
    endpoint: 10.0.0.1
    packetCount: 3
    packetLossThreshold: 10
    thresholdMillis: 100
dns:
  - name: resolve-example
    server: 1.1.1.1
    query: example.com
    querytype: A
    minrecords: 1
redis:
  - name: cache
    addr: redis:6379
    db: 0
mongo:
  - name: orders-db
    connection: connection://default/mongo
folder:
  - name: nightly-backups
    path: /var/backups
    minCount: 1
    maxAge: 1d
    minSize: 10Mi
    filter:
      regex: ".*\\\\.tar\\\\.gz"
exec:
  - name: disk-space
    script: test "$(df --output=pcent / | tail -1 | tr -dc 0-9)" -lt 90
postgres:
  - name: orders-count
    connection: connection://default/postgres
    query: SELECT count(*) FROM orders
    results: 1
kubernetes:
  - name: pods-ready
    kind: Pod
    namespaceSelector: { name: default }
`,
  'scrape-config': `
schedule: "@every 30m"
retention:
  changes:
    - name: diff
      age: 7d
      count: 100
  type:
    - name: Kubernetes::Pod
      deletedAge: 30d
kubernetes:
  - clusterName: local
    exclusions:
      name: [junk-*]
file:
  - type: $.kind
    id: $.metadata.name
    name: $.metadata.name
    format: yaml
    icon: file
    paths: [/etc/app/*.yaml]
sql:
  - connection: connection://default/postgres
    query: SELECT id, name FROM servers
    id: $.id
    type: Server
githubActions:
  - owner: acme
    repository: shop
    workflows: [ci.yml]
http:
  - url: https://status.example.com/api/components
    type: StatusComponent
    id: $.id
aws:
  - region: [eu-west-1]
    connection: connection://default/aws
`,
  topology: `
schedule: "@every 10m"
icon: shop
type: App
components:
  - name: frontend
    type: WebApp
    icon: nginx
    properties:
      - name: version
        text: 1.4.2
        headline: true
      - name: cpu
        value: 250
        unit: millicores
        max: 1000
    components:
      - name: assets
        type: Bucket
  - name: nodes
    type: KubernetesNodes
    icon: kubernetes
    lookup:
      kubernetes:
        - kind: Node
          display:
            javascript: |
              JSON.stringify(results.map(r => ({ name: r.Object.metadata.name })))
    configs:
      - types: [Kubernetes::Node]
`,
  'playbook-spec': `
description: Scale a deployment
category: Kubernetes
configs:
  - types: [Kubernetes::Deployment]
    labelSelector: app=web
parameters:
  - name: replicas
    label: Replicas
    type: text
    default: "2"
    properties:
      regex: "^[0-9]+$"
  - name: confirm
    label: I know what I am doing
    type: checkbox
    required: true
actions:
  - name: scale
    exec:
      script: kubectl scale deployment {{.config.name}} --replicas={{.params.replicas}}
  - name: record
    sql:
      connection: connection://default/postgres
      query: INSERT INTO scale_events (name) VALUES ('{{.config.name}}')
  - name: call hook
    http:
      url: https://hooks.example.com/scaled
      method: POST
      body: '{"name": "{{.config.name}}"}'
  - name: tell the team
    notification:
      connection: connection://default/slack
      title: Scaled
      message: "{{.config.name}} now runs {{.params.replicas}} replicas"
`,
  notification: `
title: Check failed
events: [check.failed, check.passed]
filter: check.type == 'http'
team_id: 7e3f1f9c-4d1a-4a57-9f6e-0a1c2b3d4e5f
repeat_interval: 1h
custom_services:
  - name: slack
    connection: connection://default/slack
template: "{{.check.name}} is {{.status}}"
`,
  connection: `
name: orders-sftp
namespace: default
type: sftp
username: backup
password: secret://sftp/password
properties:
  host: files.internal
  port: "22"
`,
};

/** Specs each schema refuses, with the JSON pointer and keyword of an expected error. */
const INVALID: Record<SpecSchemaName, [label: string, spec: string, path: string, keyword: string][]> = {
  canary: [
    ['an http check without a name', 'http: [{url: "https://x"}]', '/http/0', 'required'],
    ['a tcp check without an endpoint', 'tcp: [{name: db}]', '/tcp/0', 'required'],
    ['a redis db that is not a number', 'redis: [{name: c, addr: "r:6379", db: zero}]', '/redis/0/db', 'type'],
    ['a schedule that is not a string', 'schedule: 5', '/schedule', 'type'],
    ['an icmp packet count below 0', 'icmp: [{name: g, endpoint: h, packetCount: -1}]', '/icmp/0/packetCount', 'minimum'],
    ['checks not given as a list', 'http: {name: x, url: y}', '/http', 'type'],
  ],
  'scrape-config': [
    ['a file scraper without an id', 'file: [{type: T, paths: [a.json]}]', '/file/0', 'required'],
    ['a kubernetes scraper without a cluster name', 'kubernetes: [{namespace: x}]', '/kubernetes/0', 'required'],
    ['a retention change without a name', 'retention: {changes: [{age: 7d}]}', '/retention/changes/0', 'required'],
    ['a sql scraper whose query is not a string', 'sql: [{query: 1}]', '/sql/0/query', 'type'],
  ],
  topology: [
    ['a component without a name', 'components: [{type: WebApp}]', '/components/0', 'required'],
    ['properties given as an object', 'components: [{name: a, properties: {version: 1}}]', '/components/0/properties', 'type'],
  ],
  'playbook-spec': [
    ['an action without a name', 'actions: [{exec: {script: ls}}]', '/actions/0', 'required'],
    ['a parameter of an unknown type', 'parameters: [{name: n, type: number}]', '/parameters/0/type', 'enum'],
    ['an action of two kinds', 'actions: [{name: a, exec: {script: ls}, sql: {query: x}}]', '/actions/0', 'oneOf'],
    ['an action of no kind', 'actions: [{name: a}]', '/actions/0', 'oneOf'],
    ['an exec action without a script', 'actions: [{name: a, exec: {}}]', '/actions/0/exec', 'required'],
  ],
  notification: [
    ['no events', 'title: x', '', 'required'],
    ['an empty event list', 'events: []', '/events', 'minItems'],
  ],
  connection: [
    ['a missing name', 'type: postgres', '', 'required'],
    ['an unknown type', 'name: x\ntype: oracle', '/type', 'enum'],
    ['an http connection without a url', 'name: x\ntype: http', '', 'required'],
    ['an sftp connection without a host', 'name: x\ntype: sftp\nproperties: {port: "22"}', '/properties', 'required'],
  ],
};

function newAjv(): Ajv {
  // Strict, as a careful client would compile them.
  return new Ajv({ strict: true, allErrors: true });
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((error) => `${error.instancePath || '/'} ${error.keyword}: ${error.message ?? ''}`).join('\n');
}

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['viewer']);
});

afterAll(async () => {
  await server?.close();
});

function get(path: string, bearer: string | undefined = token): Promise<Response> {
  return fetch(`${server.url}${path}`, bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {});
}

describe.each(SPEC_SCHEMA_NAMES)('the %s schema', (name) => {
  const validate = newAjv().compile(SPEC_SCHEMAS[name]);

  it('is served as application/schema+json', async () => {
    const response = await get(`/api/schemas/${name}.schema.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/schema+json; charset=utf-8');
    const served = (await response.json()) as Record<string, unknown>;
    expect(served).toEqual(JSON.parse(JSON.stringify(SPEC_SCHEMAS[name])));
    expect(served['$schema']).toBe('http://json-schema.org/draft-07/schema#');
    expect(() => newAjv().compile(served)).not.toThrow();
  });

  it('accepts a realistic spec', () => {
    const ok = validate(parse(VALID[name]));
    expect(ok, describeErrors(validate.errors)).toBe(true);
  });

  it.each(INVALID[name])('refuses %s', (_label, spec, path, keyword) => {
    expect(validate(parse(spec))).toBe(false);
    const errors = validate.errors ?? [];
    expect(
      errors.some((error) => error.instancePath === path && error.keyword === keyword),
      describeErrors(errors),
    ).toBe(true);
  });
});

describe('GET /api/schemas/{name}.schema.json', () => {
  it.each(['/api/schemas/nope.schema.json', '/api/schemas/canary', '/api/schemas/canary.json'])('answers 404 for %s', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('NOT_FOUND');
    expect(body.message).toContain('canary.schema.json, scrape-config.schema.json, topology.schema.json');
  });

  it('needs a caller', async () => {
    expect((await get('/api/schemas/canary.schema.json', '')).status).toBe(401);
  });
});
