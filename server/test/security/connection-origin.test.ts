import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { runScraper } from '../../src/catalog/run-scraper.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { syncCanary } from '../../src/health/sync.js';
import { saveConnection } from '../connections/helpers.js';
import { searchLogs } from '../logs/helpers.js';
import { startRecordingServer, type RecordingServer } from '../support/peers/recording-http.js';
import { startTestServer, TEST_SECRETS, type TestServer } from '../support/server.js';

/**
 * A connection's credentials go only to the connection's own origin. A spec that names a
 * connection may change the path, never the scheme, host or port: a check or log backend that
 * points the connection at another address fails with the reason and sends nothing there, and an
 * http check does not carry the credentials along a redirect to another origin.
 */

let server: TestServer;
let admin: string;
let editor: string;
let viewer: string;
/** The system the connection is for. */
let own: RecordingServer;
/** An address a spec writer controls. */
let elsewhere: RecordingServer;
let connection: string;
const NAMESPACE = 'team-b';
const BASIC = `Basic ${Buffer.from('svc:prod-secret').toString('base64')}`;

beforeAll(async () => {
  server = await startTestServer();
  [admin, editor, viewer] = await Promise.all([server.tokenFor(['admin']), server.tokenFor(['editor']), server.tokenFor(['viewer'])]);
  elsewhere = await startRecordingServer();
  own = await startRecordingServer((request, response) => {
    if (request.url === '/moved') response.writeHead(302, { location: `${elsewhere.url}/landing` }).end();
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  connection = `prod-http-${randomUUID().slice(0, 8)}`;
  await saveConnection(server, admin, { name: connection, namespace: NAMESPACE, type: 'http', url: own.url, username: 'svc', password: 'prod-secret' });
});

afterAll(async () => {
  await server?.close();
  await own?.close();
  await elsewhere?.close();
});

async function apply(token: string, document: Record<string, unknown>): Promise<{ status: number; body: { message?: string; problems?: { path: string; reason: string }[] } }> {
  const response = await fetch(`${server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' }, body: stringify(document) });
  return { status: response.status, body: (await response.json()) as { message?: string; problems?: { path: string; reason: string }[] } };
}

/**
 * Saves a canary of http checks in the namespace straight into its table, as one saved before these
 * rules would be (applying it is refused, see below), syncs its checks as the engine would, and
 * answers the id of each check by name.
 */
async function httpChecks(checks: Record<string, unknown>[]): Promise<Record<string, string>> {
  const { rows: canaries } = await server.pool.query<{ id: string }>('insert into canaries (name, namespace, spec) values ($1, $2, $3) returning id', [
    `origin-${randomUUID().slice(0, 8)}`,
    NAMESPACE,
    { http: checks },
  ]);
  await syncCanary(server.pool, canaries[0]!.id);
  const { rows } = await server.pool.query<{ id: string; name: string }>('select id, name from checks where canary_id = $1 and deleted_at is null', [canaries[0]!.id]);
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

async function runNow(checkId: string): Promise<{ status: string | null; error: string | null }> {
  const response = await fetch(`${server.url}/api/canary/run/check/${checkId}`, { method: 'POST', headers: { authorization: `Bearer ${editor}` } });
  const body = (await response.json()) as { status: string | null; error: string | null };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

describe('checks', () => {
  it("a check naming a connection with a url of another origin fails with the reason and sends nothing there; a path of the connection's origin gets the credentials", async () => {
    const before = elsewhere.requests.length;
    const ids = await httpChecks([
      { name: 'elsewhere', connection: `connection://${NAMESPACE}/${connection}`, url: `${elsewhere.url}/collect` },
      { name: 'other-port', connection: `connection://${NAMESPACE}/${connection}`, url: `http://127.0.0.1:1/collect` },
      { name: 'own-path', connection: `connection://${NAMESPACE}/${connection}`, url: `${own.url}/health` },
      { name: 'relative-path', connection: `connection://${NAMESPACE}/${connection}`, url: '/ready' },
    ]);

    const refused = await runNow(ids['elsewhere']!);
    expect(refused.status).toBe('unhealthy');
    expect(refused.error).toContain(`connection ${NAMESPACE}/${connection} is sent only to its own origin http://127.0.0.1:${new URL(own.url).port}`);
    expect(refused.error).toContain('another scheme, host or port');
    expect(elsewhere.requests.slice(before)).toEqual([]);
    expect((await runNow(ids['other-port']!)).error).toContain('another scheme, host or port');

    expect(await runNow(ids['own-path']!)).toMatchObject({ status: 'healthy', error: null });
    expect(await runNow(ids['relative-path']!)).toMatchObject({ status: 'healthy', error: null });
    expect(own.requests.filter((request) => request.path === '/health' || request.path === '/ready')).toEqual([
      { method: 'GET', path: '/health', authorization: BASIC },
      { method: 'GET', path: '/ready', authorization: BASIC },
    ]);
  });

  it('a redirect to another origin is followed without the credentials', async () => {
    const ids = await httpChecks([{ name: 'moved', connection: `connection://${NAMESPACE}/${connection}`, url: `${own.url}/moved` }]);
    expect(await runNow(ids['moved']!)).toMatchObject({ status: 'healthy' });
    expect(own.requests.find((request) => request.path === '/moved')?.authorization).toBe(BASIC);
    expect(elsewhere.requests.filter((request) => request.path === '/landing')).toEqual([{ method: 'GET', path: '/landing', authorization: undefined }]);
  });

  it('is refused when saved, when it can be told then, with the path and the reason', async () => {
    const name = `origin-saved-${randomUUID().slice(0, 8)}`;
    const refused = await apply(editor, {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name, namespace: NAMESPACE },
      spec: { http: [{ name: 'elsewhere', connection: `connection://${NAMESPACE}/${connection}`, url: `${elsewhere.url}/collect` }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.problems).toEqual([expect.objectContaining({ path: '/spec/http/0/url', reason: expect.stringContaining('another scheme, host or port') })]);
    const { rowCount } = await server.pool.query('select 1 from canaries where name = $1', [name]);
    expect(rowCount).toBe(0);
  });
});

describe('scrapers', () => {
  it("an http scraper's next page of another origin is asked for without the connection's credentials", async () => {
    const sandbox = new ExpressionSandbox();
    try {
      const name = `paged-${randomUUID().slice(0, 8)}`;
      const { rows } = await server.pool.query<{ id: string }>('insert into config_scrapers (name, namespace, spec) values ($1, $2, $3) returning id', [
        name,
        NAMESPACE,
        {
          http: [
            {
              type: 'Inventory::Page',
              id: '$.ok',
              name: '$.ok',
              connection: `connection://${NAMESPACE}/${connection}`,
              url: '/inventory',
              pagination: { nextPageExpr: `response.url.endsWith('/inventory') ? '${elsewhere.url}/next-page' : ''`, maxPages: 2 },
            },
          ],
        },
      ]);
      // What the pages hold does not matter here, only who was asked for them with which credentials.
      await runScraper({ pool: server.pool, secrets: TEST_SECRETS, sandbox }, rows[0]!.id, AbortSignal.timeout(60_000));
      expect(own.requests.filter((request) => request.path === '/inventory')).toEqual([{ method: 'GET', path: '/inventory', authorization: BASIC }]);
      expect(elsewhere.requests.filter((request) => request.path === '/next-page')).toEqual([{ method: 'GET', path: '/next-page', authorization: undefined }]);
    } finally {
      await sandbox.close();
    }
  });
});

describe('log backends', () => {
  it('a Loki backend naming a connection with a url of another origin is refused with the reason and nothing is sent', async () => {
    const backend = `loki-${randomUUID().slice(0, 8)}`;
    const before = elsewhere.requests.length;
    // Saved straight into the table, as a backend saved before this rule would be: the search itself refuses it.
    await server.pool.query('insert into logging_backends (name, namespace, spec) values ($1, $2, $3)', [
      backend,
      NAMESPACE,
      { loki: { connection: `connection://${NAMESPACE}/${connection}`, url: elsewhere.url } },
    ]);
    const answer = await searchLogs(server, viewer, { name: `${NAMESPACE}/${backend}`, start: '1h' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(`connection ${NAMESPACE}/${connection} is sent only to its own origin`);
    expect(elsewhere.requests.slice(before)).toEqual([]);
  });
});
