import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineConfig } from '../../src/engine/config.js';
import { Engine } from '../../src/engine/engine.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanary } from '../../src/health/sync.js';
import { silentLogger } from '../../src/logger.js';
import { registerPlaybooks } from '../../src/playbooks/register.js';
import { runCli } from '../support/cli.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';
import { ALL_SECRETS, leaked, recordingPeer, sealedPlaybookYaml, sealedSpecsYaml, secret, SECRETS, sha256 } from './sealed-spec-fixture.js';
import { tablesHolding as tablesHoldingIn } from '../support/tables-holding.js';

/**
 * Credentials written inline in specs (a playbook webhook's token, a webhook check's token, the
 * passwords and credential headers of checks, scrapers and log backends, tokens in notification
 * URLs) are sealed when saved, answered as `<sealed>` to every reader (the data service, GET
 * /api/apply, `pharos get`), and opened only where they are used.
 */

let database: FreshDatabase;
let server: TestServer;
let sandbox: ExpressionSandbox;
let engine: Engine;
let peer: Awaited<ReturnType<typeof recordingPeer>>;
let admin: string;
let viewer: string;
/** Reads connections (a viewer may not), but may not write them. */
let editor: string;

const playbookYaml = (token: string) => sealedPlaybookYaml(token, peer.url);
const otherYaml = () => sealedSpecsYaml(peer.url);
const tablesHolding = (value: string) => tablesHoldingIn(server.pool, value);

async function apply(yaml: string, token = admin): Promise<{ status: number; body: { resources?: { kind: string; name: string; action: string }[]; message?: string; problems?: { path: string; reason: string }[] } }> {
  const response = await fetch(`${server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' }, body: yaml });
  return { status: response.status, body: (await response.json()) as never };
}

async function read(pathAndQuery: string, token = viewer): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, text: await response.text() };
}

const callWebhook = (token: string) => fetch(`${server.url}/api/playbook/webhook/sealed-hook`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });

beforeAll(async () => {
  database = await freshDatabase();
  sandbox = new ExpressionSandbox();
  peer = await recordingPeer();
  server = await startTestServer({ sandbox }, database.url);
  admin = await server.tokenFor(['admin']);
  viewer = await server.tokenFor([]);
  editor = await server.tokenFor(['editor']);
  engine = new Engine({ pool: server.pool, logger: silentLogger(), metrics: new Registry(), config: { ...loadEngineConfig(), pollIntervalMs: 200 } });
  registerPlaybooks(engine, { pool: server.pool, secrets: TEST_SECRETS, sandbox });
  await engine.start();
  const applied = await apply(`${playbookYaml(SECRETS.playbookToken)}---\n${otherYaml()}`);
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const canary = await server.pool.query<{ id: string }>("select id from canaries where name = 'sealed-canary'");
  await syncCanary(server.pool, canary.rows[0]!.id);
}, 120_000);

afterAll(async () => {
  await engine?.stop();
  await server?.close();
  await sandbox?.close();
  await new Promise((resolve) => peer?.server.close(resolve));
  await database?.drop();
});

describe('inline secrets of specs', () => {
  it('are in no table in clear', async () => {
    for (const value of ALL_SECRETS) expect(await tablesHolding(value), value).toEqual([]);
  });

  it('are answered as <sealed> to a viewer reading the data service', async () => {
    const relations = [
      'playbooks',
      'canaries',
      'checks',
      'config_scrapers',
      'logging_backends',
      'notifications',
      'teams',
      'topologies',
      'connections',
      'canaries_with_status',
      'config_scrapers_with_status',
      'logging_backends_with_status',
      'notifications_with_status',
      'topologies_with_status',
      'integrations_with_status',
    ];
    for (const relation of relations) {
      const answer = await read(`/api/db/${relation}`, relation === 'connections' ? editor : viewer);
      expect(answer.status, `${relation}: ${answer.text}`).toBe(200);
      expect(leaked(answer.text), relation).toEqual([]);
      expect(answer.text, relation).not.toMatch(/v1:[A-Za-z0-9_-]{38}/);
    }
    const playbook = JSON.parse((await read('/api/db/playbooks?name=eq.sealed-hook&select=spec')).text) as { spec: { on: { webhook: { authentication: { token: unknown } } } } }[];
    expect(playbook[0]!.spec.on.webhook.authentication.token).toEqual({ value: '<sealed>' });
    const notification = JSON.parse((await read('/api/db/notifications?name=eq.sealed-notification&select=custom_services')).text) as { custom_services: { url: string }[] }[];
    expect(notification[0]!.custom_services[0]!.url).toBe('<sealed>');
    // However the select casts or picks the spec, a sealed value is never answered.
    for (const select of ['spec::text', 'token:spec->on->webhook->authentication->token->>value']) {
      const answer = await read(`/api/db/playbooks?name=eq.sealed-hook&select=${encodeURIComponent(select)}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.text).toContain('<sealed>');
      expect(answer.text).not.toMatch(/v1:[A-Za-z0-9_-]{38}/);
    }
  });

  it('are answered as <sealed> by GET /api/apply and pharos get', async () => {
    for (const kind of ['Playbook', 'Canary', 'ScrapeConfig', 'LoggingBackend', 'Notification', 'Team', 'Topology', 'Connection']) {
      for (const output of ['json', 'yaml']) {
        const answer = await read(`/api/apply/${kind}?output=${output}`, kind === 'Connection' ? editor : viewer);
        expect(answer.status, answer.text).toBe(200);
        expect(leaked(answer.text), kind).toEqual([]);
        expect(answer.text, kind).not.toMatch(/v1:[A-Za-z0-9_-]{38}/);
        expect(answer.text, kind).toContain('<sealed>');
      }
    }
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pharos-get-'));
    try {
      const printed = await runCli(['get', 'playbook', 'sealed-hook', '-o', 'yaml'], { DATABASE_URL: database.url, PHAROS_DATA_DIR: dataDir });
      expect(printed.code, printed.stderr).toBe(0);
      expect(printed.stdout).toContain('<sealed>');
      expect(leaked(printed.stdout)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('still start the playbook by its webhook, with its action given the real values', async () => {
    expect((await callWebhook('guess')).status).toBe(401);
    expect((await callWebhook('<sealed>')).status).toBe(401);
    const started = await callWebhook(SECRETS.playbookToken);
    expect(started.status, await started.clone().text()).toBe(201);
    const { run_id: runId } = (await started.json()) as { run_id: string };
    const actions = await until(
      async () => (await server.pool.query<{ name: string; status: string; result: { stdout?: string } | null }>('select name, status, result from playbook_run_actions where playbook_run_id = $1', [runId])).rows,
      (rows) => rows.length === 2 && rows.every((row) => ['completed', 'failed'].includes(row.status)),
      { timeoutMs: 60_000 },
    );
    expect(actions.find((action) => action.name === 'digest')).toMatchObject({ status: 'completed' });
    expect(actions.find((action) => action.name === 'digest')!.result!.stdout).toContain(sha256(SECRETS.actionEnv));
    expect(actions.find((action) => action.name === 'tell')).toMatchObject({ status: 'completed' });
    expect(peer.received.some((request) => request.url === `/hook?token=${SECRETS.actionUrlToken}`)).toBe(true);
  });

  it('still let a webhook check take its token, and an http check and a log backend send their credentials', async () => {
    const push = (token: string) => fetch(`${server.url}/api/canary/webhook/sealed-push`, { method: 'POST', headers: { 'webhook-token': token, 'content-type': 'application/json' }, body: '{}' });
    expect((await push('<sealed>')).status).toBe(401);
    expect((await push(SECRETS.checkToken)).status).toBe(200);

    const canary = await server.pool.query<{ id: string }>("select id from canaries where name = 'sealed-canary'");
    await runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId: canary.rows[0]!.id }, AbortSignal.timeout(60_000));
    const probe = peer.received.find((request) => request.url === '/probe');
    expect(probe?.headers.authorization).toBe(`Basic ${Buffer.from(`probe:${SECRETS.httpPassword}`).toString('base64')}`);
    expect(probe?.headers['x-api-key']).toBe(SECRETS.headerKey);
    expect(probe?.headers.accept).toBe('application/json');

    const logs = await fetch(`${server.url}/api/logs`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'sealed-loki' }) });
    expect(logs.status, await logs.clone().text()).toBe(200);
    const loki = peer.received.find((request) => request.url.startsWith('/loki/api/v1/query_range'));
    expect(loki?.headers.authorization).toBe(`Basic ${Buffer.from(`logs:${SECRETS.lokiPassword}`).toString('base64')}`);
  });

  it('keep their sealed values when a spec is saved back as it was read', async () => {
    const sealedToken = async () => (await server.pool.query<{ token: string }>("select spec #>> '{on,webhook,authentication,token,value}' as token from playbooks where name = 'sealed-hook'")).rows[0]!.token;
    const before = await sealedToken();
    expect(before).toMatch(/^v1:/);

    // The settings screens save what they read from the data service.
    const [row] = JSON.parse((await read('/api/db/playbooks?name=eq.sealed-hook&select=id,spec')).text) as { id: string; spec: Record<string, unknown> }[];
    const saved = await fetch(`${server.url}/api/db/playbooks?id=eq.${row!.id}`, { method: 'PATCH', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ spec: row!.spec }) });
    expect(saved.status, await saved.clone().text()).toBe(204);
    expect(await sealedToken()).toBe(before);
    expect((await callWebhook(SECRETS.playbookToken)).status).toBe(201);

    // What GET /api/apply prints applies again unchanged, and so does the file with the values.
    const printed = (await read('/api/apply/Playbook?name=sealed-hook&output=yaml', admin)).text;
    expect((await apply(printed)).body.resources).toMatchObject([{ kind: 'Playbook', name: 'sealed-hook', action: 'unchanged' }]);
    expect((await apply(playbookYaml(SECRETS.playbookToken))).body.resources).toMatchObject([{ action: 'unchanged' }]);
    expect((await apply(otherYaml())).body.resources!.map((resource) => resource.action)).toEqual(Array(7).fill('unchanged'));
    expect((await callWebhook(SECRETS.playbookToken)).status).toBe(201);
    for (const kind of ['Canary', 'Notification', 'Connection', 'Team']) {
      const document = (await read(`/api/apply/${kind}?output=yaml`, admin)).text;
      expect((await apply(document)).body.resources!.every((resource) => resource.action === 'unchanged'), kind).toBe(true);
    }
    const push = await fetch(`${server.url}/api/canary/webhook/sealed-push`, { method: 'POST', headers: { 'webhook-token': SECRETS.checkToken, 'content-type': 'application/json' }, body: '{}' });
    expect(push.status).toBe(200);

    // A form that writes the placeholder as text where {value} was saved keeps the value too.
    const savedPassword = (await server.pool.query<{ password: string }>("select spec #>> '{http,0,password,value}' as password from canaries where name = 'sealed-canary'")).rows[0]!.password;
    const [canaryRow] = JSON.parse((await read('/api/db/canaries?name=eq.sealed-canary&select=id,spec')).text) as { id: string; spec: { http: Record<string, unknown>[] } }[];
    canaryRow!.spec.http[0]!['password'] = '<sealed>';
    const patched = await fetch(`${server.url}/api/db/canaries?id=eq.${canaryRow!.id}`, { method: 'PATCH', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ spec: canaryRow!.spec }) });
    expect(patched.status, await patched.clone().text()).toBe(204);
    expect((await server.pool.query<{ text: string }>("select spec #>> '{http,0,password}' as text from canaries where name = 'sealed-canary'")).rows[0]!.text).toBe(savedPassword);

    // A changed secret is a change: the new one works, the old one no longer does.
    const changed = secret('playbook-token-2');
    expect((await apply(playbookYaml(changed))).body.resources).toMatchObject([{ action: 'configured' }]);
    expect((await callWebhook(changed)).status).toBe(201);
    expect((await callWebhook(SECRETS.playbookToken)).status).toBe(401);
    expect(await tablesHolding(changed)).toEqual([]);
  });

  it('are not opened for a field they were not saved in', async () => {
    // A sealed text that got out (a backup, an old export) and is pasted into another spec.
    const copied = (await server.pool.query<{ password: string }>("select password from connections where name = 'sealed-connection'")).rows[0]!.password;
    expect(copied).toMatch(/^v1:/);
    const applied = await apply(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: copied-secret
spec:
  http:
    - name: copied
      url: ${peer.url}/copied
      username: {value: probe}
      password: {value: ${copied}}
`);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const canary = await server.pool.query<{ id: string; password: string }>("select id, spec #>> '{http,0,password,value}' as password from canaries where name = 'copied-secret'");
    expect(canary.rows[0]!.password).not.toBe(copied);
    await syncCanary(server.pool, canary.rows[0]!.id);
    await runCanary({ pool: server.pool, sandbox, secrets: TEST_SECRETS }, { canaryId: canary.rows[0]!.id }, AbortSignal.timeout(60_000));
    const probe = peer.received.find((request) => request.url === '/copied');
    expect(probe?.headers.authorization).toBe(`Basic ${Buffer.from(`probe:${copied}`).toString('base64')}`);

    const posted = await fetch(`${server.url}/api/db/canaries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'copied-through-db', spec: { http: [{ name: 'x', url: peer.url, password: { value: copied } }] } }),
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const stored = await server.pool.query<{ password: string }>("select spec #>> '{http,0,password,value}' as password from canaries where name = 'copied-through-db'");
    expect(stored.rows[0]!.password).toMatch(/^v1:/);
    expect(stored.rows[0]!.password).not.toBe(copied);
  });

  it('refuse <sealed> where no sealed value is saved, saving nothing', async () => {
    const applied = await apply(playbookYaml('<sealed>').replaceAll('sealed-hook', 'never-sealed'));
    expect(applied.status).toBe(400);
    expect(applied.body.problems).toMatchObject([{ path: '/spec/on/webhook/authentication/token/value' }]);
    expect(applied.body.message).toMatch(/<sealed> stands for a sealed value, but none is saved here/);
    expect((await server.pool.query("select 1 from playbooks where name = 'never-sealed'")).rowCount).toBe(0);

    const posted = await fetch(`${server.url}/api/db/canaries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'never-sealed', spec: { http: [{ name: 'x', url: peer.url, password: { value: '<sealed>' } }] } }),
    });
    expect(posted.status).toBe(400);
    expect(((await posted.json()) as { message: string }).message).toMatch(/spec\.http\[0\]\.password\.value holds <sealed>/);
    expect((await server.pool.query("select 1 from canaries where name = 'never-sealed'")).rowCount).toBe(0);
  });
});
