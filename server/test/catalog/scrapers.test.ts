import { writeFile, mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomeOf, runScraper } from '../../src/catalog/run-scraper.js';
import { syncScraper } from '../../src/catalog/sync.js';
import { catalogTest } from './helpers.js';

/**
 * Scrapers applied as config-db ScrapeConfigs read real inputs: files this test writes (JSON with
 * items, a YAML stream, XML, properties), a script's output and a loopback HTTP server behind a
 * connection with basic credentials. A second scrape after a real edit gives a diff change; what is
 * gone is soft-deleted; kinds that need a cluster or a cloud account say so.
 */

const env = catalogTest('pharos-scrape-');

let http: Server;
let httpUrl: string;
let inventory = { version: 1, hosts: [{ host: 'db-1', role: 'database', os: 'debian 12' }, { host: 'web-1', role: 'web', os: 'debian 12' }] };
let lastAuthorization: string | undefined;

beforeAll(async () => {
  http = createServer((request, response) => {
    lastAuthorization = request.headers.authorization;
    if (request.url === '/inventory') response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(inventory));
    else response.writeHead(404).end('no such page');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
});

interface ConfigRow {
  id: string;
  type: string;
  name: string;
  external_id: string;
  config_class: string;
  health: string | null;
  labels: Record<string, string>;
  config: unknown;
  source: string | null;
  deleted_at: Date | null;
}

async function configsOf(id: string): Promise<ConfigRow[]> {
  const { rows } = await env.server.pool.query<ConfigRow>(
    'select id, type, name, external_id, config_class, health, labels, config, source, deleted_at from configs where scraper_id = $1 order by type, name',
    [id],
  );
  return rows;
}

const services = (replicas: number, withCache = true) => ({
  services: [
    { id: 'svc-api', name: 'api', team: 'platform', health: 'Healthy', spec: { replicas, image: 'api:1.4' } },
    ...(withCache ? [{ id: 'svc-cache', name: 'cache', team: 'data', health: 'warning', spec: { replicas: 1, image: 'redis:7' } }] : []),
  ],
});

describe('file scrapers', () => {
  it('read JSON items, a YAML stream, XML and properties, then a real edit gives a diff change and a removed item is deleted', async () => {
    await mkdir(path.join(env.dir, 'services'));
    await writeFile(path.join(env.dir, 'services', 'prod.json'), JSON.stringify(services(2)));
    await writeFile(path.join(env.dir, 'manifests.yaml'), 'kind: Namespace\nmetadata: {name: shop}\n---\nkind: ConfigMap\nmetadata: {name: shop-settings, namespace: shop}\ndata: {currency: EUR}\n');
    await writeFile(path.join(env.dir, 'server.xml'), '<Server port="8005"><Service name="Catalina"><Connector port="8080" protocol="HTTP/1.1"/></Service></Server>');
    await writeFile(path.join(env.dir, 'app.properties'), '# the shop\nshop.currency=EUR\nshop.timeout = 30\n');
    await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: local-files
spec:
  schedule: '@every 1h'
  retention:
    staleItemAge: 0s
  file:
    - type: Shop::Service
      class: Service
      id: $.id
      name: $.name
      items: $.services[*]
      health: $.health
      labels:
        team: $.team
        env: prod
      paths: [services/*.json]
    - type: $.kind
      id: $.metadata.name
      name: $.metadata.name
      items: $[*]
      paths: ['*.yaml']
    - type: Tomcat::Server
      id: $.Server.port
      name: $.Server.Service.name
      paths: ['server.xml']
    - type: Shop::Properties
      id: shop-properties
      paths: ['app.properties']
`);
    const id = await env.scraperId('local-files');
    const first = await env.run(id);
    expect(first.errors).toEqual([]);
    const saved = await configsOf(id);
    expect(saved.map((row) => [row.type, row.external_id, row.name])).toEqual([
      ['ConfigMap', 'shop-settings', 'shop-settings'],
      ['Namespace', 'shop', 'shop'],
      ['Shop::Properties', 'shop-properties', 'shop-properties'],
      ['Shop::Service', 'svc-api', 'api'],
      ['Shop::Service', 'svc-cache', 'cache'],
      ['Tomcat::Server', '8005', 'Catalina'],
    ]);
    const api = saved.find((row) => row.name === 'api')!;
    expect(api).toMatchObject({ config_class: 'Service', health: 'healthy', labels: { team: 'platform', env: 'prod' }, source: path.join('services', 'prod.json') });
    expect(saved.find((row) => row.name === 'cache')!.health).toBe('warning');
    expect(saved.find((row) => row.type === 'Shop::Properties')!.config).toEqual({ 'shop.currency': 'EUR', 'shop.timeout': '30' });
    expect(saved.find((row) => row.type === 'Tomcat::Server')!.config).toMatchObject({ Server: { Service: { Connector: { port: 8080, protocol: 'HTTP/1.1' } } } });
    expect(first.summary['Shop::Service']).toMatchObject({ added: 2 });

    await writeFile(path.join(env.dir, 'services', 'prod.json'), JSON.stringify(services(3, false)));
    const second = await env.run(id);
    expect(second.summary['Shop::Service']).toMatchObject({ added: 0, updated: 1, deleted: 1, changes: 1 });
    expect(second.summary['ConfigMap']).toMatchObject({ unchanged: 1 });
    const { rows: changes } = await env.server.pool.query<{ change_type: string; summary: string; patches: unknown }>(
      'select change_type, summary, patches from config_changes where config_id = $1',
      [api.id],
    );
    expect(changes).toEqual([{ change_type: 'diff', summary: 'spec.replicas: 2 → 3', patches: [{ op: 'replace', path: '/spec/replicas', value: 3 }] }]);
    expect((await configsOf(id)).find((row) => row.name === 'cache')!.deleted_at).not.toBeNull();
  });

  it('names the file that cannot be read and the selector that found nothing, and deletes nothing then', async () => {
    await mkdir(path.join(env.dir, 'broken'));
    await writeFile(path.join(env.dir, 'broken', 'a.json'), '{"id": "ok-1"}');
    await writeFile(path.join(env.dir, 'broken', 'b.json'), '{"id": ');
    await writeFile(path.join(env.dir, 'broken', 'c.json'), '{"name": "no id"}');
    await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: broken-files
spec:
  retention: {staleItemAge: 0s}
  file:
    - type: Broken::Thing
      id: $.id
      paths: [broken/*.json]
`);
    const id = await env.scraperId('broken-files');
    const run = await env.run(id);
    expect(run.errors).toHaveLength(2);
    expect(run.errors[0]).toMatch(/^file\[0\]: broken\/b\.json: /);
    expect(run.errors[1]).toBe('file[0]: broken/c.json: no id: $.id selects nothing');
    expect(run.summary['Broken::Thing']).toMatchObject({ added: 1, errors: 2 });
    expect(outcomeOf(run)).toMatchObject({ status: 'WARNING', successCount: 1, errorCount: 2 });
  });
});

describe('file scrapers without paths', () => {
  it("read the JSON and YAML under the working directory, as config-db's do, leaving node_modules and .git out", async () => {
    const base = path.join(env.dir, 'defaults');
    await mkdir(path.join(base, 'node_modules', 'left-pad'), { recursive: true });
    await mkdir(path.join(base, '.git'), { recursive: true });
    await mkdir(path.join(base, 'conf'), { recursive: true });
    await writeFile(path.join(base, 'node_modules', 'left-pad', 'package.json'), '{"name": "left-pad"}');
    await writeFile(path.join(base, '.git', 'config.json'), '{"name": "git"}');
    await writeFile(path.join(base, 'conf', 'app.yml'), 'name: app\n');
    await writeFile(path.join(base, 'site.json'), '{"name": "site"}');
    await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: everything-here
spec:
  file:
    - type: Local::File
      id: $.name
`);
    const id = await env.scraperId('everything-here');
    const run = await runScraper({ ...env.options(), baseDir: base }, id, AbortSignal.timeout(30_000));
    expect(run.errors).toEqual([]);
    expect((await configsOf(id)).map((row) => [row.external_id, row.source])).toEqual([
      ['app', path.join('conf', 'app.yml')],
      ['site', 'site.json'],
    ]);
  });
});

describe('exec scrapers', () => {
  it('read the JSON a script prints, with env from values, and a changed output gives a change', async () => {
    const state = path.join(env.dir, 'users.json');
    await writeFile(state, JSON.stringify([{ login: 'ada', shell: '/bin/bash' }, { login: 'bob', shell: '/bin/sh' }]));
    await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: users-script
spec:
  exec:
    - type: Host::User
      id: $.login
      name: $.login
      items: $.users[*]
      labels:
        host: $.host
      env:
        - name: HOST_NAME
          value: build-box
      script: |
        printf '{"users": %s, "host": "%s"}' "$(cat ${state})" "$HOST_NAME"
      transform:
        exclude:
          - jsonpath: $.host
`);
    const id = await env.scraperId('users-script');
    const first = await env.run(id);
    expect(first.errors).toEqual([]);
    let rows = await configsOf(id);
    expect(rows.map((row) => [row.name, row.config])).toEqual([
      ['ada', { login: 'ada', shell: '/bin/bash' }],
      ['bob', { login: 'bob', shell: '/bin/sh' }],
    ]);
    await writeFile(state, JSON.stringify([{ login: 'ada', shell: '/bin/zsh' }, { login: 'bob', shell: '/bin/sh' }]));
    const second = await env.run(id);
    expect(second.summary['Host::User']).toMatchObject({ updated: 1, unchanged: 1, changes: 1 });
    rows = await configsOf(id);
    const { rows: changes } = await env.server.pool.query<{ summary: string }>('select summary from config_changes where config_id = $1', [rows[0]!.id]);
    expect(changes).toEqual([{ summary: 'shell: /bin/bash → /bin/zsh' }]);
  });

  it('says how a failing script ended', async () => {
    await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: failing-script
spec:
  exec:
    - type: Host::Thing
      id: $.id
      script: echo 'permission denied' >&2; exit 3
`);
    const run = await env.run(await env.scraperId('failing-script'));
    expect(run.errors).toEqual(['exec[0]: the script exited with status 3: permission denied']);
    expect(outcomeOf(run)).toMatchObject({ status: 'FAILED', errorCount: 1, details: { scrape_summary: { 'Host::Thing': { errors: 1 } } } });
  });

  it('never overlaps itself: a second run while one is going is skipped', async () => {
    await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: slow-script
spec:
  exec:
    - type: Host::Slow
      id: $.id
      script: |
        sleep 1; echo '{"id": "slow-1"}'
`);
    const id = await env.scraperId('slow-script');
    const [one, two] = await Promise.all([env.run(id), env.run(id)]);
    const skipped = [one, two].filter((run) => run.skipped);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.errors).toEqual(['another run of this scraper is still going: this one was skipped']);
    expect([one, two].find((run) => !run.skipped)!.summary['Host::Slow']).toMatchObject({ added: 1 });
    const after = await env.run(id);
    expect(after.skipped).toBe(false);
  });
});

describe('http scrapers', () => {
  it('read a JSON endpoint through a connection with basic credentials, and a changed answer gives a change', async () => {
    await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata:
  name: inventory-api
spec:
  http:
    url: ${httpUrl}
  username:
    value: scraper
  password:
    value: s3cret
---
apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: inventory
spec:
  http:
    - type: Inventory::Host
      id: $.host
      name: $.host
      items: $.hosts[*]
      url: ${httpUrl}/inventory
      connection: connection://default/inventory-api
      tags:
        role: $.role
`);
    const id = await env.scraperId('inventory');
    const first = await env.run(id);
    expect(first.errors).toEqual([]);
    expect(lastAuthorization).toBe(`Basic ${Buffer.from('scraper:s3cret').toString('base64')}`);
    const { rows } = await env.server.pool.query<{ name: string; tags: Record<string, string> }>('select name, tags from configs where scraper_id = $1 order by name', [id]);
    expect(rows).toEqual([
      { name: 'db-1', tags: { role: 'database' } },
      { name: 'web-1', tags: { role: 'web' } },
    ]);
    inventory = { version: 2, hosts: [{ host: 'db-1', role: 'database', os: 'debian 13' }, { host: 'web-1', role: 'web', os: 'debian 12' }] };
    const second = await env.run(id);
    expect(second.summary['Inventory::Host']).toMatchObject({ updated: 1, unchanged: 1, changes: 1 });
    const { rows: changes } = await env.server.pool.query<{ summary: string }>("select c.summary from config_changes c join configs i on i.id = c.config_id where i.scraper_id = $1", [id]);
    expect(changes).toEqual([{ summary: 'os: debian 12 → debian 13' }]);
  });

  it('says what the server answered when it is not a success', async () => {
    await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: missing-page
spec:
  http:
    - type: Inventory::Host
      id: $.host
      url: ${httpUrl}/nothing-here
`);
    const run = await env.run(await env.scraperId('missing-page'));
    expect(run.errors).toEqual([`http[0]: GET ${httpUrl}/nothing-here answered 404: no such page`]);
  });
});

describe('kinds that need what this Pharos has not', () => {
  it('are saved, and their run says why they did not run', async () => {
    await env.apply(`apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: cluster
spec:
  trivy:
    - version: "0.40.0"
`);
    const run = await env.run(await env.scraperId('cluster'));
    expect(run.errors).toEqual(['trivy scrapers need the Trivy scanner, which Pharos does not run: not run']);
    expect(outcomeOf(run)).toMatchObject({ status: 'FAILED', details: { scrape_summary: { trivy: { errors: 1 } } } });
  });
});

describe('schedules', () => {
  it('follow the spec: saved with the scraper, config-db default without one, removed with its items deleted when the scraper is', async () => {
    const id = await env.scraperId('local-files');
    await syncScraper(env.server.pool, id);
    const { rows } = await env.server.pool.query<{ schedule: string; task: string; resource_type: string }>("select schedule, task, resource_type from job_schedules where key = 'scraper:' || $1", [id]);
    expect(rows).toEqual([{ schedule: '@every 1h', task: 'Scraper', resource_type: 'config_scraper' }]);
    const other = await env.scraperId('users-script');
    await syncScraper(env.server.pool, other);
    const { rows: defaults } = await env.server.pool.query<{ schedule: string }>("select schedule from job_schedules where key = 'scraper:' || $1", [other]);
    expect(defaults).toEqual([{ schedule: '@every 60m' }]);
    await env.server.pool.query('update config_scrapers set deleted_at = now() where id = $1', [other]);
    await syncScraper(env.server.pool, other);
    const { rows: gone } = await env.server.pool.query("select 1 from job_schedules where key = 'scraper:' || $1", [other]);
    expect(gone).toEqual([]);
    const { rows: items } = await env.server.pool.query<{ delete_reason: string }>('select distinct delete_reason from configs where scraper_id = $1', [other]);
    expect(items).toEqual([{ delete_reason: 'SCRAPER_DELETED' }]);
  });
});
