import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogTest } from './helpers.js';

/**
 * config-db's own example ScrapeConfigs (its fixtures/), applied unchanged over the data files they
 * read, give the items config-db's expected results list.
 */

const env = catalogTest('pharos-config-db-');

beforeAll(async () => {
  await mkdir(path.join(env.dir, 'fixtures', 'data'), { recursive: true });
  await writeFile(path.join(env.dir, 'fixtures/data/single-config.json'), '{\n  "name": "Config1",\n  "id": 1,\n  "password": "p1",\n  "secret": "secret_1"\n}\n');
  await writeFile(
    path.join(env.dir, 'fixtures/data/multiple-configs.json'),
    JSON.stringify([{ name: 'Config1', id: 1, password: 'p1', secret: 'secret_1' }, { name: 'Config2', id: 2, password: 'p2', secret: 'secret_2' }], null, 2),
  );
  await writeFile(path.join(env.dir, 'fixtures/data/car.json'), '{\n  "reg_no": "A123",\n  "color": "red",\n  "top_speed_mile": 120,\n  "cylinders": 8\n}\n');
  await writeFile(
    path.join(env.dir, 'fixtures/data/test.yaml'),
    'aws:\n  - region: eu-west-1\n    compliance: true\n    patch_states: true\n    made_at: "2017-03-06T21:04:11Z"\n    deleted_at: "2017-04-04T15:04:05Z"\n',
  );
  await writeFile(
    path.join(env.dir, 'fixtures/file-postgres-properties.conf'),
    [
      '# PostgreSQL configuration file',
      "data_directory = '/var/lib/postgresql/data'\t\t# use data in another directory",
      "listen_addresses = '*'\t\t# what IP address(es) to listen on;",
      'authentication_timeout = 1min\t\t# 1s-600s',
      'db_user_namespace = off',
      "log_line_prefix = '%h %m [%p] %q%u@%d '",
      "ssl_ciphers = 'HIGH:MEDIUM:+3DES:!aNULL' # allowed SSL ciphers",
      '#port = 5432',
      '',
    ].join('\n'),
  );
});

async function applyAndRun(yaml: string): Promise<Array<{ type: string; config_class: string; external_id: string; name: string; config: unknown }>> {
  const id = (await env.apply(yaml))[0]!;
  const run = await env.run(id);
  expect(run.errors).toEqual([]);
  const { rows } = await env.server.pool.query('select type, config_class, external_id, name, config from configs where scraper_id = $1 order by external_id', [id]);
  return rows;
}

describe("config-db's example ScrapeConfigs", () => {
  it('exec-simple.yaml: a script printing a JSON list gives one item per entry', async () => {
    const rows = await applyAndRun(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: exec-simple
spec:
  schedule: "@every 5m"
  exec:
    - name: $.name
      type: AWS::EC2::Instance
      id: $.id
      script: |
        #!/bin/bash
        # Simple inline bash script that outputs JSON array
        cat <<'EOF'
        [
          {
            "id": "i-1234567890abcdef0",
            "name": "web-server-1",
            "instanceType": "t3.medium",
            "state": "running",
            "privateIp": "10.0.1.100"
          },
          {
            "id": "i-0987654321fedcba0",
            "name": "db-server-1",
            "instanceType": "r5.large",
            "state": "running",
            "privateIp": "10.0.2.50"
          }
        ]
        EOF
`);
    expect(rows.map((row) => [row.type, row.external_id, row.name])).toEqual([
      ['AWS::EC2::Instance', 'i-0987654321fedcba0', 'db-server-1'],
      ['AWS::EC2::Instance', 'i-1234567890abcdef0', 'web-server-1'],
    ]);
  });

  it('file-mask.yaml: masked with md5sum and a text where the CEL selector matches (fixtures/expected/file-mask.json)', async () => {
    const rows = await applyAndRun(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: file-mask-scraper
spec:
  file:
    - type: Config
      id: $.id
      name: $.name
      transform:
        mask:
          - selector: config.name == 'Config1'
            jsonpath: $.password
            value: md5sum
          - selector: config.name == 'Config1'
            jsonpath: $.secret
            value: '***'
      paths:
        - fixtures/data/single-config.json
`);
    expect(rows).toEqual([
      { type: 'Config', config_class: 'Config', external_id: '1', name: 'Config1', config: { id: 1, name: 'Config1', password: 'ec6ef230f1828039ee794566b9c58adc', secret: '***' } },
    ]);
  });

  it('file-car.yaml and file-local.yaml: literal and JSONPath types, classes and ids', async () => {
    const car = await applyAndRun(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: file-car-scraper
spec:
  file:
    - type: Car
      class: Car
      id: $.reg_no
      paths:
        - fixtures/data/car.json
`);
    expect(car.map((row) => [row.type, row.config_class, row.external_id])).toEqual([['Car', 'Car', 'A123']]);
    const local = await applyAndRun(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: file-local-scraper
spec:
  file:
    - type: $.aws[0].region
      class: $.aws[0].region
      id: $.aws[0].region
      paths:
        - fixtures/data/test.yaml
`);
    expect(local.map((row) => [row.type, row.config_class, row.external_id])).toEqual([['eu-west-1', 'eu-west-1', 'eu-west-1']]);
  });

  it('file-postgres-properties.yaml: a properties file read as config-db reads it (fixtures/expected/file-postgres-properties.json)', async () => {
    const rows = await applyAndRun(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: file-postgres-properties-scraper
spec:
  file:
    - format: properties
      type: PostgreSQLProperties
      id: postgresql-properties
      paths:
        - ./fixtures/file-postgres-properties.conf
`);
    expect(rows).toEqual([
      {
        type: 'PostgreSQLProperties',
        config_class: 'PostgreSQLProperties',
        external_id: 'postgresql-properties',
        name: 'postgresql-properties',
        config: {
          data_directory: "'/var/lib/postgresql/data'",
          listen_addresses: "'*'",
          authentication_timeout: '1min',
          db_user_namespace: 'off',
          log_line_prefix: "'%h %m [%p] %q%u@%d '",
          ssl_ciphers: "'HIGH:MEDIUM:+3DES:!aNULL'",
        },
      },
    ]);
  });

  it('file-script.yaml: a javascript transform over the whole list (fixtures/expected/file-script.json)', async () => {
    const rows = await applyAndRun(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: file-script-scraper
spec:
  file:
    - type: Config
      id: $.id
      name: $.name
      transform:
        javascript: |+
          for (var i = 0; i < config.length; i++) {
            config[i].added ="a"
            config[i].id = String(config[i].id)
          }
          JSON.stringify(config)
      paths:
        - fixtures/data/multiple-configs.json`);
    expect(rows).toEqual([
      { type: 'Config', config_class: 'Config', external_id: '1', name: 'Config1', config: { added: 'a', id: '1', name: 'Config1', password: 'p1', secret: 'secret_1' } },
      { type: 'Config', config_class: 'Config', external_id: '2', name: 'Config2', config: { added: 'a', id: '2', name: 'Config2', password: 'p2', secret: 'secret_2' } },
    ]);
  });

  it('file-exclusion.yaml: javascript, then fields excluded for every type or only one (fixtures/expected/file-exclusion.json)', async () => {
    const rows = await applyAndRun(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: exclude-file-secrets
spec:
  file:
    - type: $.name
      id: $.id
      name: $.name
      class: MySecrets
      transform:
        javascript: |+
          for (var i = 0; i < config.length; i++) {
            config[i].id = String(i + 1)
          }
          JSON.stringify(config)
        exclude:
          - jsonpath: '.password'
          - types:
              - Config2
            jsonpath: '.secret'
      paths:
        - fixtures/data/multiple-configs.json
`);
    expect(rows).toEqual([
      { type: 'Config1', config_class: 'MySecrets', external_id: '1', name: 'Config1', config: { id: '1', name: 'Config1', secret: 'secret_1' } },
      { type: 'Config2', config_class: 'MySecrets', external_id: '2', name: 'Config2', config: { id: '2', name: 'Config2' } },
    ]);
  });

  it('file-script-gotemplate.yaml: a Go template answering the items (fixtures/expected/file-script-gotemplate.json)', async () => {
    const rows = await applyAndRun(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: file-script-gotemplate-scraper
spec:
  file:
    - type: MyConfig
      id: "$.id"
      name: "scraped"
      transform:
        gotemplate: |+
          [
            {
              {{range $i := .config}}
                "name-{{.id}}": "hi {{.name}}",
              {{end}}
              "id": "1"
            }
          ]
      paths:
        - fixtures/data/multiple-configs.json
`);
    expect(rows).toEqual([{ type: 'MyConfig', config_class: 'MyConfig', external_id: '1', name: 'scraped', config: { 'name-1': 'hi Config1', 'name-2': 'hi Config2', id: '1' } }]);
  });
});
