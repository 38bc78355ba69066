import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScraper } from '../../src/catalog/run-scraper.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import { sealPlainSpecSecrets } from '../../src/secrets/plain-spec-secrets.js';
import { runTopology } from '../../src/topology/engine/run-topology.js';
import { runCli } from '../support/cli.js';
import { databaseReader, readerUrl, type DatabaseReader } from '../support/database-reader.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';
import { tablesHolding } from '../support/tables-holding.js';
import { recordingPeer } from './sealed-spec-fixture.js';

/**
 * Credentials written inside the service URLs and connection strings of checks, lookups, scrapers
 * and log backends are sealed when saved, never answered to a reader, kept when the redacted spec
 * is saved back, and opened only where the check, lookup, scraper or backend runs against its peer.
 */

const secret = (what: string) => `${what}-${randomBytes(9).toString('hex')}`;
const TOKEN = secret('probe-token');
const LOKI_PASSWORD = secret('loki-password');
const STRING_PASSWORD = secret('string-password');

let database: FreshDatabase;
let server: TestServer;
let sandbox: ExpressionSandbox;
let peer: Awaited<ReturnType<typeof recordingPeer>>;
let reader: DatabaseReader;
let admin: string;
let viewer: string;
/** Every credential written in a URL or connection string of the specs below. */
let credentials: string[];

function specs(lokiPassword = LOKI_PASSWORD): string {
  const url = readerUrl(reader);
  return `apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata:
  name: reader-db
spec:
  type: postgres
  url: {value: ${reader.url}}
  username: {value: ${reader.username}}
  password: {value: ${reader.password}}
---
apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: url-canary
spec:
  schedule: '@every 1h'
  postgres:
    - name: pg-url
      url: ${url}
      query: SELECT current_user AS who
      results: 1
    - name: pg-connection-url
      connection: ${url}
      query: SELECT 1
    - name: pg-wrong-password
      url: ${url.replace(reader.password, 'wrong')}
      query: SELECT 1
    - name: pg-reference
      connection: connection://default/reader-db
      query: SELECT 1
  http:
    - name: http-token
      url: ${peer.url}/probe?token=${TOKEN}&page=2
  mssql:
    - name: mssql-string
      connection: "Server=127.0.0.1;User Id=sa;Password=${STRING_PASSWORD};"
      query: SELECT 1
---
apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: url-scraper
spec:
  sql:
    - type: Sealed::Row
      id: $.id
      name: $.id
      connection: ${url}
      query: SELECT 'row-1' AS id, current_user AS who
    - type: Sealed::Referenced
      id: $.id
      name: $.id
      connection: reader-db
      query: SELECT 'row-2' AS id, 2 AS n
---
apiVersion: pharos.io/v1
kind: LoggingBackend
metadata:
  name: url-loki
spec:
  loki:
    url: ${peer.url.replace('http://', `http://logs:${lokiPassword}@`)}
    selector: '{app="api"}'
---
apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: url-topology
spec:
  components:
    - name: reader-db
      type: Database
      properties:
        - name: who
          lookup:
            postgres:
              - url: ${url}
                query: SELECT current_user AS text
      checks:
        - inline:
            postgres:
              - name: inline-pg
                url: ${url}
                query: SELECT 1
`;
}

async function apply(yaml: string): Promise<{ status: number; body: { resources?: { kind: string; name: string; action: string }[]; message?: string } }> {
  const response = await fetch(`${server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/yaml' }, body: yaml });
  return { status: response.status, body: (await response.json()) as never };
}

async function read(pathAndQuery: string, token = viewer): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, text: await response.text() };
}

async function patch(relation: string, id: string, body: unknown): Promise<number> {
  const response = await fetch(`${server.url}/api/db/${relation}?id=eq.${id}`, { method: 'PATCH', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return response.status;
}

const leaked = (text: string) => credentials.filter((value) => text.includes(value));

const idOf = async (table: string, name: string) => (await server.pool.query<{ id: string }>(`select id from ${table} where name = $1 and deleted_at is null`, [name])).rows[0]!.id;

/** The canary's checks run once (as Run Now does): each check's status by name. */
async function runChecks(canary: string): Promise<Record<string, { pass: boolean; error?: string | undefined; message?: string | undefined }>> {
  const canaryId = await idOf('canaries', canary);
  await syncCanary(server.pool, canaryId, TEST_SECRETS);
  const { checks, statuses } = await runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId }, AbortSignal.timeout(60_000));
  return Object.fromEntries(statuses.map((status) => [checks.find((check) => check.id === status.checkId)!.name, { pass: status.outcome.pass, error: status.outcome.error, message: status.outcome.message }]));
}

const scrape = async () => runScraper({ pool: server.pool, secrets: TEST_SECRETS }, await idOf('config_scrapers', 'url-scraper'), AbortSignal.timeout(60_000));

const queryLogs = () => fetch(`${server.url}/api/logs`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'url-loki' }) });

beforeAll(async () => {
  database = await freshDatabase();
  sandbox = new ExpressionSandbox();
  peer = await recordingPeer();
  server = await startTestServer({ sandbox }, database.url);
  reader = await databaseReader(database.url);
  credentials = [reader.password, TOKEN, LOKI_PASSWORD, STRING_PASSWORD];
  admin = await server.tokenFor(['admin']);
  viewer = await server.tokenFor([]);
  const applied = await apply(specs());
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await sandbox?.close();
  await new Promise((resolve) => peer?.server.close(resolve));
  await database?.drop();
});

describe('credentials in service URLs', () => {
  it('are sealed in the database, a URL without credentials and a connection reference left as written', async () => {
    const canary = (await server.pool.query<{ spec: Record<string, Record<string, string>[]> }>("select spec from canaries where name = 'url-canary'")).rows[0]!.spec;
    expect(canary['postgres']![0]!['url']).toMatch(/^v1:/);
    expect(canary['postgres']![1]!['connection']).toMatch(/^v1:/);
    expect(canary['postgres']![3]!['connection']).toBe('connection://default/reader-db');
    expect(canary['http']![0]!['url']).toMatch(/^v1:/);
    expect(canary['mssql']![0]!['connection']).toMatch(/^v1:/);
    const scraper = (await server.pool.query<{ spec: { sql: Record<string, string>[] } }>("select spec from config_scrapers where name = 'url-scraper'")).rows[0]!.spec;
    expect(scraper.sql[0]!['connection']).toMatch(/^v1:/);
    expect(scraper.sql[1]!['connection']).toBe('reader-db');
    const backend = (await server.pool.query<{ url: string }>("select spec #>> '{loki,url}' as url from logging_backends where name = 'url-loki'")).rows[0]!.url;
    expect(backend).toMatch(/^v1:/);
    const lookup = (await server.pool.query<{ url: string }>("select spec #>> '{components,0,properties,0,lookup,postgres,0,url}' as url from topologies where name = 'url-topology'")).rows[0]!.url;
    expect(lookup).toMatch(/^v1:/);
  });

  it('still let a postgres check reach the real PostgreSQL, by url or connection, and the password decides', async () => {
    const statuses = await runChecks('url-canary');
    expect(statuses['pg-url'], JSON.stringify(statuses['pg-url'])).toMatchObject({ pass: true, message: '1 row' });
    expect(statuses['pg-connection-url'], JSON.stringify(statuses['pg-connection-url'])).toMatchObject({ pass: true });
    expect(statuses['pg-reference'], JSON.stringify(statuses['pg-reference'])).toMatchObject({ pass: true });
    expect(statuses['pg-wrong-password']).toMatchObject({ pass: false });
    expect(statuses['pg-wrong-password']!.error).toMatch(/password authentication failed/);
    expect(statuses['http-token'], JSON.stringify(statuses['http-token'])).toMatchObject({ pass: true });
    expect(peer.received.some((request) => request.url === `/probe?token=${TOKEN}&page=2`)).toBe(true);
    // A connection string it cannot use fails saying so, without its password.
    expect(statuses['mssql-string']).toMatchObject({ pass: false });
    expect(statuses['mssql-string']!.error).toContain('Server=127.0.0.1;User Id=sa;');
    expect(leaked(JSON.stringify(statuses))).toEqual([]);
  });

  it('still let a SQL scraper scrape through its connection string, and a log backend send the password of its url', async () => {
    const run = await scrape();
    expect(run.errors).toEqual([]);
    const items = await server.pool.query<{ name: string }>("select name from configs where type like 'Sealed::%' and deleted_at is null order by name");
    expect(items.rows.map((row) => row.name)).toEqual(['row-1', 'row-2']);

    const logs = await queryLogs();
    expect(logs.status, await logs.clone().text()).toBe(200);
    const loki = peer.received.filter((request) => request.url.startsWith('/loki/api/v1/query_range')).at(-1);
    expect(loki?.headers.authorization).toBe(`Basic ${Buffer.from(`logs:${LOKI_PASSWORD}`).toString('base64')}`);
  });

  it("still let a topology's lookup and inline check reach the real PostgreSQL", async () => {
    const result = await runTopology({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, await idOf('topologies', 'url-topology'), AbortSignal.timeout(60_000));
    expect(JSON.stringify(result)).not.toMatch(/lookup failed/);
    const property = (await server.pool.query<{ properties: { name: string; text?: string }[] }>("select properties from components where name = 'reader-db' and deleted_at is null")).rows[0]!.properties;
    expect(property.find((entry) => entry.name === 'who')?.text).toBe(reader.username);
    const inline = (await server.pool.query<{ name: string }>("select name from canaries where source like 'component/%' and deleted_at is null")).rows;
    expect(inline).toHaveLength(1);
    const statuses = await runChecks(inline[0]!.name);
    expect(statuses['inline-pg'], JSON.stringify(statuses)).toMatchObject({ pass: true });
  });

  it('are in no table in clear, after the runs too', async () => {
    for (const value of credentials) expect(await tablesHolding(server.pool, value), value).toEqual([]);
  });

  it('are answered to no reader: the data service, GET /api/apply, pharos get', async () => {
    const relations = ['canaries', 'checks', 'check_statuses', 'config_scrapers', 'configs', 'logging_backends', 'topologies', 'components', 'job_histories', 'canaries_with_status', 'config_scrapers_with_status', 'logging_backends_with_status', 'topologies_with_status'];
    for (const relation of relations) {
      const answer = await read(`/api/db/${relation}`);
      expect(answer.status, `${relation}: ${answer.text}`).toBe(200);
      expect(leaked(answer.text), relation).toEqual([]);
      expect(answer.text, relation).not.toMatch(/v1:[A-Za-z0-9_-]{38}/);
    }
    const [canary] = JSON.parse((await read('/api/db/canaries?name=eq.url-canary&select=spec')).text) as { spec: { postgres: Record<string, string>[] } }[];
    expect(canary!.spec.postgres[0]!['url']).toBe('<sealed>');
    expect(canary!.spec.postgres[3]!['connection']).toBe('connection://default/reader-db');
    // A check's endpoint is its URL without the credentials.
    const endpoints = Object.fromEntries(
      (JSON.parse((await read('/api/db/checks?select=name,endpoint&name=in.(pg-url,http-token)')).text) as { name: string; endpoint: string | null }[]).map((check) => [check.name, check.endpoint]),
    );
    expect(endpoints).toEqual({
      'pg-url': readerUrl(reader).replace(`:${reader.password}@`, '@'),
      'http-token': `${peer.url}/probe?page=2`,
    });
    for (const kind of ['Canary', 'ScrapeConfig', 'LoggingBackend', 'Topology']) {
      for (const output of ['json', 'yaml']) {
        const answer = await read(`/api/apply/${kind}?output=${output}`);
        expect(answer.status, answer.text).toBe(200);
        expect(leaked(answer.text), kind).toEqual([]);
        expect(answer.text, kind).not.toMatch(/v1:[A-Za-z0-9_-]{38}/);
        expect(answer.text, kind).toContain('<sealed>');
      }
    }
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pharos-get-'));
    try {
      for (const [kind, name] of [['canary', 'url-canary'], ['scrapeconfig', 'url-scraper'], ['loggingbackend', 'url-loki']] as const) {
        const printed = await runCli(['get', kind, name, '-o', 'yaml'], { DATABASE_URL: database.url, PHAROS_DATA_DIR: dataDir });
        expect(printed.code, printed.stderr).toBe(0);
        expect(printed.stdout).toContain('<sealed>');
        expect(leaked(printed.stdout), kind).toEqual([]);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('apply again unchanged, keep working when the redacted spec is saved back, and a changed URL is a change', async () => {
    // The same file applies unchanged, and so does what GET /api/apply prints.
    expect((await apply(specs())).body.resources!.map((resource) => `${resource.kind}/${resource.action}`)).toEqual([
      'Connection/unchanged',
      'Canary/unchanged',
      'ScrapeConfig/unchanged',
      'LoggingBackend/unchanged',
      'Topology/unchanged',
    ]);
    const NAMES: Record<string, string> = { Canary: 'url-canary', ScrapeConfig: 'url-scraper', LoggingBackend: 'url-loki', Topology: 'url-topology' };
    for (const kind of Object.keys(NAMES)) {
      const printed = (await read(`/api/apply/${kind}?name=${NAMES[kind]}&output=yaml`, admin)).text;
      expect((await apply(printed)).body.resources!.map((resource) => `${resource.name}/${resource.action}`), kind).toEqual([`${NAMES[kind]}/unchanged`]);
    }

    const sealedUrl = async () => (await server.pool.query<{ url: string }>("select spec #>> '{postgres,0,url}' as url from canaries where name = 'url-canary'")).rows[0]!.url;
    const before = await sealedUrl();
    // The settings screens save what they read from the data service, with another field changed.
    for (const [relation, name] of [['canaries', 'url-canary'], ['config_scrapers', 'url-scraper'], ['logging_backends', 'url-loki']] as const) {
      const [row] = JSON.parse((await read(`/api/db/${relation}?select=id,spec&name=eq.${name}`, admin)).text) as { id: string; spec: Record<string, unknown> }[];
      expect(await patch(relation, row!.id, { spec: row!.spec, labels: { edited: 'yes' } }), relation).toBe(204);
    }
    expect(await sealedUrl()).toBe(before);
    expect((await runChecks('url-canary'))['pg-url']).toMatchObject({ pass: true });
    expect((await scrape()).errors).toEqual([]);
    expect((await queryLogs()).status).toBe(200);
    expect(peer.received.filter((request) => request.url.startsWith('/loki/api/v1/query_range')).at(-1)?.headers.authorization).toBe(`Basic ${Buffer.from(`logs:${LOKI_PASSWORD}`).toString('base64')}`);

    const changed = secret('loki-password-2');
    credentials.push(changed);
    const reapplied = await apply(specs(changed));
    expect(reapplied.body.resources!.find((resource) => resource.kind === 'LoggingBackend')).toMatchObject({ action: 'configured' });
    expect((await queryLogs()).status).toBe(200);
    expect(peer.received.filter((request) => request.url.startsWith('/loki/api/v1/query_range')).at(-1)?.headers.authorization).toBe(`Basic ${Buffer.from(`logs:${changed}`).toString('base64')}`);
    expect(await tablesHolding(server.pool, changed)).toEqual([]);
  });

  it('are sealed at start where a row holds them in clear', async () => {
    const plain = `postgres://app:${STRING_PASSWORD}@db.example.com:5432/app`;
    const keyValue = `host=db.example.com user=app password=${STRING_PASSWORD} dbname=app`;
    await server.pool.query("insert into canaries (name, namespace, spec) values ('written-in-clear', 'default', $1)", [{ postgres: [{ name: 'old', url: plain }, { name: 'kv', connection: keyValue }, { name: 'ref', connection: 'reader-db' }] }]);
    expect(await tablesHolding(server.pool, STRING_PASSWORD)).toEqual(['canaries']);
    expect(await sealPlainSpecSecrets(server.pool, TEST_SECRETS)).toBeGreaterThanOrEqual(1);
    expect(await tablesHolding(server.pool, STRING_PASSWORD)).toEqual([]);
    const spec = (await server.pool.query<{ spec: { postgres: Record<string, string>[] } }>("select spec from canaries where name = 'written-in-clear'")).rows[0]!.spec;
    expect(TEST_SECRETS.open(spec.postgres[0]!['url']!)).toBe(plain);
    expect(TEST_SECRETS.open(spec.postgres[1]!['connection']!)).toBe(keyValue);
    expect(spec.postgres[2]!['connection']).toBe('reader-db');
  });
});
