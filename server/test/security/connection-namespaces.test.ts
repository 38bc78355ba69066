import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { syncCanary } from '../../src/health/sync.js';
import { api, saveConnection } from '../connections/helpers.js';
import { searchLogs } from '../logs/helpers.js';
import { runCli } from '../support/cli.js';
import { startRecordingServer, type RecordingServer } from '../support/peers/recording-http.js';
import { loadServerKey } from '../../src/secrets/server-key.js';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * Roles are global, so a namespace is shared by saying so on what lives in it. A check of namespace
 * team-b may use a connection of ops only when the connection lists team-b in allowedNamespaces (a
 * connection of `default` with no list serves every namespace); its own secret references read
 * team-b's store and only those keys of `default` shared with team-b. Refused uses send nothing and
 * say why; applying a resource that names a connection it may not use is refused with the path.
 */

const KEY = 'namespace-sharing-test-key-of-32-characters-or-more';
const TEAM = 'team-b';
let database: FreshDatabase;
let server: TestServer;
let admin: string;
let editor: string;
let viewer: string;
/** The system the ops connection is for. */
let prod: RecordingServer;
let connection: string;
const BASIC = `Basic ${Buffer.from('svc:ops-secret').toString('base64')}`;

beforeAll(async () => {
  database = await freshDatabase();
  // The command line seals with the key of PHAROS_SECRET_KEY: the server opens with the same.
  const secrets = new ServerSecrets(await loadServerKey({ PHAROS_SECRET_KEY: KEY }, '/nonexistent'));
  server = await startTestServer({ secrets }, database.url);
  [admin, editor, viewer] = await Promise.all([server.tokenFor(['admin']), server.tokenFor(['editor']), server.tokenFor(['viewer'])]);
  prod = await startRecordingServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success","data":{"result":[]}}'));
  connection = `prod-http-${randomUUID().slice(0, 8)}`;
  await saveConnection(server, admin, { name: connection, namespace: 'ops', type: 'http', url: prod.url, username: 'svc', password: 'ops-secret' });
});

afterAll(async () => {
  await server?.close();
  await prod?.close();
  await database?.drop();
});

function canaryDocument(name: string, checks: Record<string, unknown>[]): Record<string, unknown> {
  return { apiVersion: 'canaries.flanksource.com/v1', kind: 'Canary', metadata: { name, namespace: TEAM }, spec: { http: checks } };
}

async function apply(token: string, documents: Record<string, unknown>[]): Promise<{ status: number; body: { problems?: { path: string; reason: string }[] } }> {
  const response = await fetch(`${server.url}/api/apply`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' },
    body: documents.map((document) => stringify(document)).join('---\n'),
  });
  return { status: response.status, body: (await response.json()) as { problems?: { path: string; reason: string }[] } };
}

/**
 * Saves a canary of one http check in team-b straight into its table, as one saved before these
 * rules would be (applying it is refused, see below), syncs it as the engine would, runs it now as
 * an editor and answers the result.
 */
async function runHttpCheck(check: Record<string, unknown>): Promise<{ status: string | null; error: string | null }> {
  const { rows } = await server.pool.query<{ id: string }>('insert into canaries (name, namespace, spec) values ($1, $2, $3) returning id', [
    `shared-${randomUUID().slice(0, 8)}`,
    TEAM,
    { http: [{ name: 'probe', ...check }] },
  ]);
  await syncCanary(server.pool, rows[0]!.id);
  const { rows: checks } = await server.pool.query<{ id: string }>('select id from checks where canary_id = $1', [rows[0]!.id]);
  const response = await fetch(`${server.url}/api/canary/run/check/${checks[0]!.id}`, { method: 'POST', headers: { authorization: `Bearer ${editor}` } });
  const body = (await response.json()) as { status: string | null; error: string | null };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

const requestsWith = (authorization: string | undefined) => prod.requests.filter((request) => request.authorization === authorization).length;

describe('connections of another namespace', () => {
  it('a check of team-b naming a connection of ops fails with the reason and sends nothing, by reference or by bare name', async () => {
    const before = prod.requests.length;
    const byReference = await runHttpCheck({ connection: `connection://ops/${connection}` });
    expect(byReference.status).toBe('unhealthy');
    expect(byReference.error).toBe(
      `The connection ops/${connection} is in namespace ops and not shared with namespace ${TEAM}: list ${TEAM} in its allowedNamespaces, or use one of namespace ${TEAM}`,
    );
    expect((await runHttpCheck({ connection })).error).toContain('not shared with namespace team-b');
    expect(prod.requests.slice(before)).toEqual([]);
  });

  it('a Loki backend of team-b naming a connection of ops is refused with the reason and nothing is sent', async () => {
    const before = prod.requests.length;
    const backend = `loki-${randomUUID().slice(0, 8)}`;
    await server.pool.query('insert into logging_backends (name, namespace, spec) values ($1, $2, $3)', [backend, TEAM, { loki: { connection: `connection://ops/${connection}` } }]);
    const answer = await searchLogs(server, viewer, { name: `${TEAM}/${backend}`, start: '1h' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(`The connection ops/${connection} is in namespace ops and not shared with namespace ${TEAM}`);
    expect(prod.requests.slice(before)).toEqual([]);
  });

  it('applying a resource of team-b that names it is refused with the path and the reason, and nothing is saved', async () => {
    const name = `refused-${randomUUID().slice(0, 8)}`;
    const refused = await apply(editor, [canaryDocument(name, [{ name: 'probe', connection: `connection://ops/${connection}` }])]);
    expect(refused.status).toBe(400);
    expect(refused.body.problems).toEqual([expect.objectContaining({ path: '/spec/http/0/connection', reason: expect.stringContaining(`not shared with namespace ${TEAM}`) })]);
    expect((await server.pool.query('select 1 from canaries where name = $1', [name])).rowCount).toBe(0);
  });

  it('once the connection lists team-b in allowedNamespaces (in a Connection file too), the check uses it', async () => {
    const listed = `listed-${randomUUID().slice(0, 8)}`;
    const document = {
      apiVersion: 'mission-control.flanksource.com/v1',
      kind: 'Connection',
      metadata: { name: listed, namespace: 'ops' },
      spec: { type: 'http', url: { value: prod.url }, username: { value: 'svc' }, password: { value: 'ops-secret' }, allowedNamespaces: [TEAM] },
    };
    expect((await apply(admin, [document])).status).toBe(200);
    const printed = await api(server, admin, 'GET', `/api/apply/connection?name=${listed}&namespace=ops&output=json`);
    expect((printed.body as { spec: Record<string, unknown> }).spec['allowedNamespaces']).toEqual([TEAM]);

    const before = requestsWith(BASIC);
    expect(await runHttpCheck({ connection: `connection://ops/${listed}` })).toMatchObject({ status: 'healthy', error: null });
    expect(requestsWith(BASIC)).toBe(before + 1);
    const canary = `allowed-${randomUUID().slice(0, 8)}`;
    expect((await apply(editor, [canaryDocument(canary, [{ name: 'probe', connection: `connection://ops/${listed}` }])])).status).toBe(200);
  });

  it('the API saves and answers allowed_namespaces, and refuses a name that is no namespace', async () => {
    const saved = await saveConnection(server, admin, { namespace: 'ops', type: 'http', url: prod.url, allowed_namespaces: [TEAM, 'qa'] });
    expect(saved.allowed_namespaces).toEqual([TEAM, 'qa']);
    const wrong = await api(server, admin, 'PATCH', `/api/connections/${saved.id}`, { name: saved.name, namespace: 'ops', type: 'http', url: prod.url, allowed_namespaces: ['team b'] });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('allowed_namespaces');
  });

  it('a connection of default with no list serves every namespace; with an empty list only its own', async () => {
    const shared = await saveConnection(server, admin, { namespace: 'default', type: 'http', url: prod.url, username: 'svc', password: 'ops-secret' });
    expect(await runHttpCheck({ connection: `connection://default/${shared.name}` })).toMatchObject({ status: 'healthy', error: null });
    const kept = await saveConnection(server, admin, { namespace: 'default', type: 'http', url: prod.url, username: 'svc', password: 'ops-secret', allowed_namespaces: [] });
    expect((await runHttpCheck({ connection: `connection://default/${kept.name}` })).error).toContain(`not shared with namespace ${TEAM}`);
  });
});

describe("secret references of a check's own fields", () => {
  const env = () => ({ DATABASE_URL: database.url, PHAROS_SECRET_KEY: KEY });

  it("a header of a team-b check does not read a secret of default unless it is shared with team-b; the environment is default's alone", async () => {
    const set = (args: string[]) => runCli(['secret', 'set', 'prod-token', 'token', ...args], env(), 60_000, 'ops-token-value\n');
    expect((await set([])).stderr).toBe('');
    const header = { headers: [{ name: 'X-Token', valueFrom: { secretKeyRef: { name: 'prod-token', key: 'token' } } }] };
    const before = prod.requests.length;
    const refused = await runHttpCheck({ url: `${prod.url}/collect`, ...header });
    expect(refused.status).toBe('unhealthy');
    expect(refused.error).toContain(`The secret prod-token (key token) is in namespace default and not shared with namespace ${TEAM}`);
    expect(refused.error).toContain(`--allow-namespace ${TEAM}`);
    expect(prod.requests.slice(before)).toEqual([]);

    process.env['PHAROS_SECRET_ENV_TOKEN_TOKEN'] = 'from-the-environment';
    try {
      const fromEnv = await runHttpCheck({ url: `${prod.url}/collect`, headers: [{ name: 'X-Token', valueFrom: { secretKeyRef: { name: 'env-token', key: 'token' } } }] });
      expect(fromEnv.error).toContain(`The secret env-token has no key token in namespace ${TEAM}`);
      expect(prod.requests.slice(before)).toEqual([]);
    } finally {
      delete process.env['PHAROS_SECRET_ENV_TOKEN_TOKEN'];
    }

    const shared = await set(['--allow-namespace', TEAM]);
    expect(shared.stdout).toBe(`secret://prod-token/token saved in namespace default, shared with ${TEAM}\n`);
    expect((await runCli(['secret', 'list'], env())).stdout).toBe(`Secret\tdefault/prod-token\ttoken\tshared with ${TEAM}\n`);
    expect(await runHttpCheck({ url: `${prod.url}/collect`, ...header })).toMatchObject({ status: 'healthy', error: null });
  });
});
