import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlaybookActionLoop } from '../../src/agents/runtime/playbook-actions.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { sealPlainSpecSecrets } from '../../src/secrets/plain-spec-secrets.js';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';
import { playbookTest, type RunView } from '../playbooks/helpers.js';
import { runCli } from '../support/cli.js';
import { databaseReader, readerUrl, type DatabaseReader } from '../support/database-reader.js';
import { manifest } from '../support/manifest.js';
import { TEST_SECRETS } from '../support/server.js';
import { tablesHolding } from '../support/tables-holding.js';

/**
 * Credentials written inside the service URLs of playbook actions (an http action's url, a sql
 * action's url or connection) are sealed when saved, never answered to a reader nor repeated by the
 * run's results, kept when the redacted spec is saved back, and opened only where the action runs:
 * on this server against a real HTTP peer and the real PostgreSQL, or on an agent that takes it.
 */

const secret = (what: string) => `${what}-${randomBytes(9).toString('hex')}`;
const HTTP_PASSWORD = secret('http-password');
const TOKEN = secret('http-token');
const AGENT_PASSWORD = secret('agent-password');
const PLAIN_PASSWORD = secret('plain-password');

const env = playbookTest();
let peer: Server;
let peerUrl: string;
/** The decoded basic credentials and the query of each request the peer received, by path. */
const received: { path: string; basic: string; query: string }[] = [];
let reader: DatabaseReader;
let viewer: string;
let credentials: string[];
let playbookId: string;
let configId: string;

/** The peer answers each request with what it received, credentials and all, as some services do. */
async function echoingPeer(): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    const header = request.headers.authorization ?? '';
    const basic = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
    received.push({ path: url.pathname, basic, query: url.search });
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ basic, url: request.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function playbookYaml(password = HTTP_PASSWORD): string {
  const [scheme, rest] = peerUrl.split('://') as [string, string];
  return manifest(
    'Playbook',
    { name: 'sealed-actions' },
    `title: Sealed actions
on:
  webhook:
    path: hook-sealed-actions
configs:
  - types: [Sealed::Target]
actions:
  - name: call
    http:
      url: ${scheme}://api:${password}@${rest}/call?token=${TOKEN}&page=2
      method: POST
  - name: query-url
    sql:
      url: ${readerUrl(reader)}
      query: select current_user as who
  - name: query-connection
    sql:
      connection: ${readerUrl(reader)}
      query: select 1 as one
  - name: report
    exec:
      script: echo done
      artifacts:
        - path: out/*`,
  );
}

async function apply(yaml: string): Promise<{ status: number; body: { resources?: { id: string; kind: string; name: string; action: string }[]; message?: string } }> {
  const response = await fetch(`${env.server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/yaml' }, body: yaml });
  return { status: response.status, body: (await response.json()) as never };
}

async function read(pathAndQuery: string, token = viewer): Promise<{ status: number; text: string }> {
  const response = await fetch(`${env.server.url}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, text: await response.text() };
}

const leaked = (text: string) => credentials.filter((value) => text.includes(value));

async function runToEnd(id = playbookId): Promise<RunView> {
  const { status, body } = await env.start({ id, config_id: configId });
  expect(status, JSON.stringify(body)).toBe(201);
  return env.until(body.run_id!);
}

const storedSpec = async () => (await env.pool.query<{ spec: { actions: Record<string, Record<string, unknown>>[] } }>('select spec from playbooks where id = $1', [playbookId])).rows[0]!.spec;

beforeAll(async () => {
  peer = await echoingPeer();
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  reader = await databaseReader(env.database.url);
  credentials = [HTTP_PASSWORD, TOKEN, reader.password, AGENT_PASSWORD, PLAIN_PASSWORD];
  viewer = await env.server.tokenFor([]);
  const { rows } = await env.pool.query<{ id: string }>("insert into configs (name, type, config_class) values ('sealed-target', 'Sealed::Target', 'Target') returning id");
  configId = rows[0]!.id;
  const applied = await apply(playbookYaml());
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  playbookId = applied.body.resources![0]!.id;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => peer?.close(resolve));
});

describe("credentials in the service URLs of a playbook's actions", () => {
  it('are sealed in the database; a trigger path, a script and an artifact path are left as written', async () => {
    const spec = (await storedSpec()) as unknown as { on: { webhook: { path: string } }; actions: { http?: { url: string }; sql?: Record<string, string>; exec?: { script: string; artifacts: { path: string }[] } }[] };
    expect(spec.actions[0]!.http!.url).toMatch(/^v1:/);
    expect(spec.actions[1]!.sql!['url']).toMatch(/^v1:/);
    expect(spec.actions[2]!.sql!['connection']).toMatch(/^v1:/);
    expect(spec.actions[3]!.exec).toEqual({ script: 'echo done', artifacts: [{ path: 'out/*' }] });
    expect(spec.on.webhook.path).toBe('hook-sealed-actions');
    for (const value of credentials.slice(0, 3)) expect(await tablesHolding(env.pool, value), value).toEqual([]);
  });

  it('reach the HTTP peer as basic credentials and the token, and the real PostgreSQL as its role, without the results repeating them', async () => {
    const run = await runToEnd();
    expect(run.status, JSON.stringify(run.actions)).toBe('completed');
    const call = received.filter((request) => request.path === '/call').at(-1);
    expect(call).toEqual({ path: '/call', basic: `api:${HTTP_PASSWORD}`, query: `?token=${TOKEN}&page=2` });
    const [http, byUrl, byConnection] = run.actions;
    // The peer echoed the password and the token: the recorded result holds neither.
    expect(http!.result).toMatchObject({ code: 200, json: { basic: 'api:[REDACTED]', url: '/call?token=[REDACTED]&page=2' } });
    expect(byUrl!.result).toMatchObject({ rows: [{ who: reader.username }], count: 1 });
    expect(byConnection!.result).toMatchObject({ rows: [{ one: 1 }] });
    const answer = await read(`/api/playbook/run/${run.id}`, env.token);
    expect(answer.status).toBe(200);
    expect(leaked(answer.text)).toEqual([]);
  });

  it('are answered to no reader: the data service, GET /api/apply, GET /api/playbook/list, pharos get', async () => {
    for (const relation of ['playbooks', 'playbook_runs', 'playbook_run_actions']) {
      for (const token of [viewer, env.token]) {
        const answer = await read(`/api/db/${relation}`, token);
        expect(answer.status, `${relation}: ${answer.text}`).toBe(200);
        expect(leaked(answer.text), relation).toEqual([]);
        expect(answer.text, relation).not.toMatch(/v1:[A-Za-z0-9_-]{38}/);
      }
    }
    const [playbook] = JSON.parse((await read(`/api/db/playbooks?id=eq.${playbookId}&select=spec`)).text) as { spec: { actions: { http?: { url: string } }[] } }[];
    expect(playbook!.spec.actions[0]!.http!.url).toBe('<sealed>');
    for (const output of ['json', 'yaml']) {
      const answer = await read(`/api/apply/Playbook?output=${output}`);
      expect(answer.status, answer.text).toBe(200);
      expect(leaked(answer.text)).toEqual([]);
      expect(answer.text).toContain('<sealed>');
    }
    const list = await read(`/api/playbook/list?config_id=${configId}`);
    expect(list.status, list.text).toBe(200);
    expect(list.text).toContain('sealed-actions');
    expect(list.text).toContain('<sealed>');
    expect(leaked(list.text)).toEqual([]);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pharos-get-'));
    try {
      const printed = await runCli(['get', 'playbook', 'sealed-actions', '-o', 'yaml'], { DATABASE_URL: env.database.url, PHAROS_DATA_DIR: dataDir });
      expect(printed.code, printed.stderr).toBe(0);
      expect(printed.stdout).toContain('<sealed>');
      expect(leaked(printed.stdout)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('apply again unchanged, and keep working when the redacted spec is saved back', async () => {
    expect((await apply(playbookYaml())).body.resources!.map((resource) => `${resource.kind}/${resource.action}`)).toEqual(['Playbook/unchanged']);
    const printed = (await read('/api/apply/Playbook?name=sealed-actions&output=yaml', env.token)).text;
    expect((await apply(printed)).body.resources!.map((resource) => resource.action)).toEqual(['unchanged']);

    const before = await storedSpec();
    const [row] = JSON.parse((await read(`/api/db/playbooks?select=id,spec&id=eq.${playbookId}`, env.token)).text) as { id: string; spec: Record<string, unknown> }[];
    const saved = await fetch(`${env.server.url}/api/db/playbooks?id=eq.${row!.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ spec: row!.spec, description: 'edited' }),
    });
    expect(saved.status, await saved.text()).toBe(204);
    expect(await storedSpec()).toEqual(before);
    const run = await runToEnd();
    expect(run.status, JSON.stringify(run.actions)).toBe('completed');
    expect(received.filter((request) => request.path === '/call').at(-1)?.basic).toBe(`api:${HTTP_PASSWORD}`);
  });

  it('reach an agent that takes the action opened, which it runs with its own key, its templates rendered here or there', async () => {
    const agentName = `edge-${randomBytes(4).toString('hex')}`;
    const generated = await fetch(`${env.server.url}/api/agent/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: agentName }),
    });
    expect(generated.status).toBe(201);
    const agentToken = ((await generated.json()) as { access_token: string }).access_token;
    const [scheme, rest] = peerUrl.split('://') as [string, string];
    const applied = await apply(
      manifest(
        'Playbook',
        { name: 'sealed-on-agent' },
        `configs:
  - types: [Sealed::Target]
actions:
  - name: call-from-agent
    runsOn: [${agentName}]
    http:
      url: ${scheme}://edge:${AGENT_PASSWORD}@${rest}/agent
  - name: query-on-agent
    runsOn: [${agentName}]
    templatesOn: agent
    sql:
      connection: ${readerUrl(reader)}
      query: select current_user as who, '{{.params.what}}' as what
parameters:
  - name: what
    default: rendered on the agent
`,
      ),
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const id = applied.body.resources![0]!.id;
    const sandbox = new ExpressionSandbox();
    const stop = new AbortController();
    const loop = startPlaybookActionLoop({ upstreamUrl: env.server.url, token: agentToken, signal: stop.signal, sandbox, secrets: new ServerSecrets(Buffer.alloc(32, 9)), pollWaitSeconds: 1, heartbeatMs: 200 });
    try {
      const run = await runToEnd(id);
      expect(run.status, JSON.stringify(run.actions)).toBe('completed');
      expect(received.filter((request) => request.path === '/agent').at(-1)?.basic).toBe(`edge:${AGENT_PASSWORD}`);
      // What the agent reported back was cleaned of the password the peer echoed.
      expect(run.actions[0]!.result).toMatchObject({ json: { basic: 'edge:[REDACTED]' } });
      // Its templates rendered there, a connection written as a URL is the action's URL there too.
      expect(run.actions[1]!.result).toMatchObject({ rows: [{ who: reader.username, what: 'rendered on the agent' }] });
    } finally {
      stop.abort();
      await loop;
      await sandbox.close();
    }
  });

  it("are in no table in clear after the runs, and are sealed at start where a playbook or a run's copy of it holds them in clear", async () => {
    for (const value of credentials.slice(0, 4)) expect(await tablesHolding(env.pool, value), value).toEqual([]);
    const plain = `postgres://app:${PLAIN_PASSWORD}@db.example.com:5432/app`;
    await env.pool.query("insert into playbooks (name, title, spec) values ('written-in-clear', 'Written in clear', $1)", [
      { on: { webhook: { path: 'in-clear' } }, actions: [{ name: 'q', sql: { url: plain, query: 'select 1' } }] },
    ]);
    // A run of an older version kept its copy of the spec in clear.
    await env.pool.query("insert into playbook_runs (playbook_id, status, spec) values ($1, 'completed', $2)", [playbookId, { actions: [{ name: 'q', sql: { url: plain, query: 'select 1' } }] }]);
    expect((await tablesHolding(env.pool, PLAIN_PASSWORD)).sort()).toEqual(['playbook_runs', 'playbooks']);
    expect(await sealPlainSpecSecrets(env.pool, TEST_SECRETS)).toBeGreaterThanOrEqual(2);
    expect(await tablesHolding(env.pool, PLAIN_PASSWORD)).toEqual([]);
    const spec = (await env.pool.query<{ spec: { on: { webhook: { path: string } }; actions: { sql: { url: string } }[] } }>("select spec from playbooks where name = 'written-in-clear'")).rows[0]!.spec;
    expect(TEST_SECRETS.open(spec.actions[0]!.sql.url)).toBe(plain);
    expect(spec.on.webhook.path).toBe('in-clear');
  });

  it('scans the runs, a history that grows without end, once for each set of rules, a batch at a time', async () => {
    const runs = (count: number) =>
      env.pool.query("insert into playbook_runs (playbook_id, status, spec) select $1, 'completed', $2 from generate_series(1, $3)", [
        playbookId,
        { actions: [{ name: 'q', sql: { url: `postgres://app:${PLAIN_PASSWORD}@db.example.com:5432/app`, query: 'select 1' } }] },
        count,
      ]);
    const inClear = async () => Number((await env.pool.query<{ n: string }>('select count(*) as n from playbook_runs where strpos(spec::text, $1) > 0', [PLAIN_PASSWORD])).rows[0]!.n);
    // Scanned with these rules already (above): a start does not read every run again.
    await runs(1);
    await sealPlainSpecSecrets(env.pool, TEST_SECRETS);
    expect(await inClear()).toBe(1);
    // Rules that changed scan them again, however many there are.
    await runs(1_100);
    await env.pool.query("update sealed_history_scans set rules_fingerprint = 'older rules' where table_name = 'playbook_runs'");
    expect(await sealPlainSpecSecrets(env.pool, TEST_SECRETS)).toBe(1_101);
    expect(await inClear()).toBe(0);
  });
});
