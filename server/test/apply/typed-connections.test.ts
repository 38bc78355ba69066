import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';
import { playbookTest } from '../playbooks/helpers.js';
import { runCli } from '../support/cli.js';
import { TestSmtpServer } from '../support/smtp.js';
import { FIXTURES } from './corpus.js';

/**
 * Connections in mission-control's shape (one typed block of its CRD: smtp, http, postgres …) apply
 * unchanged through /api/apply and `pharos apply`, fill Pharos's connection row, work when used, and
 * print back in the same shape with their secrets as `<sealed>`.
 */

const SECRET_KEY = 'typed-connections-test-key-of-32-characters-or-more';
const env = playbookTest({ secrets: new ServerSecrets(createHash('sha256').update(SECRET_KEY).digest()) });
const FOLDER = `${FIXTURES}connections/`;
const files = (folder: string) => readdirSync(`${FOLDER}${folder}`).map((file) => readFileSync(`${FOLDER}${folder}/${file}`, 'utf8'));
const DOCUMENTS = [...files('mission-control'), ...files('typed')].flatMap((text) => parseAllDocuments(text).map((document) => document.toJS() as Connection));
/** Literal secrets of the fixtures: the typed ones start with s3cr3t, mission-control's gemini key is a placeholder. */
const isSecret = (value: string) => value.startsWith('s3cr3t') || value === 'GEMINI_API_KEY_PLACEHOLDER';

interface Connection {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec: Record<string, unknown>;
}

function redacted(value: unknown): unknown {
  if (typeof value === 'string') return isSecret(value) ? '<sealed>' : value;
  if (Array.isArray(value)) return value.map(redacted);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redacted(inner)]));
  return value;
}

async function post(body: string): Promise<{ status: number; body: { resources?: { name: string; action: string }[]; problems?: { path: string; reason: string }[] } }> {
  const response = await fetch(`${env.server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/yaml' }, body });
  return { status: response.status, body: (await response.json()) as { resources?: { name: string; action: string }[] } };
}

async function printed(name: string, namespace: string): Promise<Connection> {
  const response = await fetch(`${env.server.url}/api/apply/Connection?name=${name}&namespace=${namespace}&output=yaml`, { headers: { authorization: `Bearer ${env.token}` } });
  expect(response.status).toBe(200);
  return parse(await response.text()) as Connection;
}

async function row(name: string): Promise<{ id: string; type: string; url: string | null; username: string | null; password: string | null; certificate: string | null; insecure_tls: boolean; properties: Record<string, string> }> {
  const { rows } = await env.pool.query("select id, type, url, username, password, certificate, insecure_tls, properties from connections where name = $1 and deleted_at is null", [name]);
  return rows[0];
}

async function testConnection(id: string): Promise<{ status: number; message: string }> {
  const response = await fetch(`${env.server.url}/api/connection/test/${id}`, { method: 'POST', headers: { authorization: `Bearer ${env.token}` } });
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

const yamlOf = (documents: readonly unknown[]) => documents.map((document) => stringify(document)).join('---\n');

describe('a Connection in mission-control shape', () => {
  it('applies every typed block through /api/apply, fills the row, seals its secrets and prints it back as written', async () => {
    expect(DOCUMENTS.length).toBeGreaterThanOrEqual(39);
    const created = await post(yamlOf(DOCUMENTS));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.resources!.map((resource) => resource.action)).toEqual(DOCUMENTS.map(() => 'created'));

    for (const document of DOCUMENTS) {
      const shown = await printed(document.metadata.name, document.metadata.namespace ?? 'default');
      expect(shown.spec, document.metadata.name).toEqual(redacted(document.spec));
    }
    const { rows: clear } = await env.pool.query(
      "select (select count(*) from connections c where row_to_json(c)::text ~ 's3cr3t|GEMINI_API') + (select count(*) from applied_resources a where a.document::text ~ 's3cr3t|GEMINI_API') as n",
    );
    expect(Number(clear[0].n)).toBe(0);

    expect(await row('mail')).toMatchObject({
      type: 'email',
      username: 'mailer',
      password: expect.stringMatching(/^v1:/),
      insecure_tls: true,
      properties: { host: 'smtp.example.com', port: '2525', from: 'alerts@example.com', fromName: 'Alerts', to: 'oncall@example.com,sre@example.com', encryptionMethod: 'ExplicitTLS', authMethod: 'Plain', subject: 'Alert' },
    });
    expect(await row('api')).toMatchObject({
      type: 'http',
      url: 'https://api.example.com',
      username: 'ops',
      password: 'secret://api/password',
      properties: { bearer: expect.stringMatching(/^v1:/), clientSecret: expect.stringMatching(/^v1:/), key: expect.stringMatching(/^v1:/), ca: 'configmap://ca/ca.crt', tokenURL: 'https://auth.example.com/token', scope: 'read,write' },
    });
    expect(await row('pg')).toMatchObject({ type: 'postgres', url: 'postgres://db.example.com:5432/app', username: 'app', password: 'helm://postgresql/.auth.password', insecure_tls: true });
    expect(await row('ms')).toMatchObject({ type: 'sql_server', url: 'sqlserver://sql.example.com?database=app', insecure_tls: true });
    expect(await row('chat')).toMatchObject({ type: 'slack', username: 'C0123456', password: expect.stringMatching(/^v1:/), properties: { BotName: 'pharos', Color: 'good' } });
    expect(await row('cloud')).toMatchObject({ type: 'aws', username: 'AKIAEXAMPLE', url: 'http://minio.example.com:9000', properties: { region: 'eu-west-1', sessionToken: expect.stringMatching(/^v1:/) } });
    expect(await row('gcloud')).toMatchObject({ type: 'google_cloud', url: 'https://storage.example.com', certificate: expect.stringMatching(/^v1:/), properties: { project: 'sandbox' } });
    expect(await row('push')).toMatchObject({ type: 'ntfy', url: 'https://ntfy.example.com', username: 'ops', properties: { topic: 'alerts' } });
    expect(await row('share')).toMatchObject({ type: 'smb', url: 'smb://fileserver/reports', properties: { port: '445', share: 'reports' } });
    expect(await row('artifacts')).toMatchObject({ type: 'folder', properties: { path: '.artifacts' } });
    expect(await row('flanksource-awskms')).toMatchObject({ type: 'awskms', username: 'secret://aws-flanksource/AWS_ACCESS_KEY_ID', properties: { keyID: expect.stringContaining('alias/sops-key') } });
    expect(await row('gpt')).toMatchObject({ type: 'openai', password: expect.stringMatching(/^v1:/), properties: { model: 'gpt-4o' } });

    const again = await post(yamlOf(DOCUMENTS));
    expect(again.body.resources!.map((resource) => resource.action)).toEqual(DOCUMENTS.map(() => 'unchanged'));
    const printedBack = await Promise.all(DOCUMENTS.map((document) => printed(document.metadata.name, document.metadata.namespace ?? 'default')));
    const reapplied = await post(yamlOf(printedBack));
    expect(reapplied.body.resources!.map((resource) => resource.action)).toEqual(DOCUMENTS.map(() => 'unchanged'));

    const before = await row('mail');
    const cli = await runCli(['apply', '-f', `${FOLDER}mission-control`, '-f', `${FOLDER}typed`], { DATABASE_URL: env.database.url, PHAROS_SECRET_KEY: SECRET_KEY }, 60_000);
    expect(cli.stderr).toBe('');
    const lines = cli.stdout.trim().split('\n');
    expect(lines).toHaveLength(DOCUMENTS.length);
    expect(lines.every((line) => /^Connection \S+\/\S+ configured$/.test(line)), cli.stdout).toBe(true);
    expect(await row('mail')).toEqual(before);
    expect((await env.pool.query("select source from connections where name = 'mail'")).rows[0].source).toBe(`ConfigFile=${FOLDER}typed/blocks.yaml`);
  });

  it('refuses <sealed> beside a changed destination and a sealed value copied out of its field', async () => {
    const mail = await printed('mail', 'default');
    const moved = { ...mail, spec: { smtp: { ...(mail.spec['smtp'] as object), host: 'smtp.elsewhere.example' } } };
    const refused = await post(stringify(moved));
    expect(refused.status).toBe(400);
    expect(refused.body.problems![0]).toMatchObject({ path: '/spec/smtp/password/value', reason: expect.stringMatching(/smtp.host changed beside it/) });

    const { rows } = await env.pool.query<{ password: string }>("select password from connections where name = 'mail'");
    const copied = { apiVersion: 'mission-control.flanksource.com/v1', kind: 'Connection', metadata: { name: 'thief' }, spec: { slack: { channel: rows[0]!.password, token: { value: 'x' } } } };
    const stolen = await post(stringify(copied));
    expect(stolen.status).toBe(400);
    expect(stolen.body.problems![0]).toMatchObject({ path: '/spec/slack/channel', reason: expect.stringMatching(/only stand in the credential field it was sealed for/) });
  });

  it('says when a type has no client in Pharos, and when a value comes from Helm', async () => {
    const openai = await testConnection((await row('gpt')).id);
    expect(openai).toEqual({ status: 501, message: expect.stringMatching(/^Testing a openai connection is not supported: Pharos keeps openai connections/) });
    const helm = await testConnection((await row('pg')).id);
    expect(helm.status).toBe(400);
    expect(helm.message).toMatch(/helm:\/\/postgresql\/.auth.password comes from valueFrom.helmRef/);
  });
});

describe('typed connections at work', () => {
  const smtp = new TestSmtpServer({ users: { mailer: 'mail-pass' } });
  let web: Server;
  let webUrl = '';
  const seen: { method: string; authorization: string | undefined }[] = [];

  beforeAll(async () => {
    await smtp.start();
    web = createServer((request, response) => {
      seen.push({ method: request.method ?? '', authorization: request.headers.authorization });
      response.writeHead(request.headers.authorization === `Basic ${Buffer.from('ops:web-pass').toString('base64')}` ? 200 : 401).end();
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await smtp.close();
    await new Promise((resolve) => web?.close(resolve));
  });

  it('mails through an smtp block and calls with an http block’s basic auth, both applied with pharos apply', async () => {
    const text = `apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata: {name: loop-mail, namespace: default}
spec:
  smtp:
    host: 127.0.0.1
    port: ${smtp.port}
    encryption: None
    auth: plain
    fromAddress: pharos@example.com
    fromName: Pharos
    toAddresses: [oncall@example.com]
    username: {value: mailer}
    password: {value: mail-pass}
---
apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata: {name: loop-web, namespace: default}
spec:
  http:
    url: ${webUrl}/hello
    username: {value: ops}
    password: {value: web-pass}
---
apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: {name: use-typed-connections}
spec:
  actions:
    - name: mail
      notification:
        connection: connection://default/loop-mail
        title: typed smtp works
        message: sent through a typed connection
    - name: call
      http:
        connection: connection://default/loop-web
`;
    const cliEnv = { DATABASE_URL: env.database.url, PHAROS_SECRET_KEY: SECRET_KEY };
    const applied = await runCli(['apply', '-f', '-'], cliEnv, 60_000, text);
    expect(applied.stderr).toBe('');
    expect(applied.stdout.trim().split('\n')).toEqual(['Connection default/loop-mail created', 'Connection default/loop-web created', 'Playbook default/use-typed-connections created']);

    const got = await runCli(['get', 'connection', 'loop-mail', '-n', 'default'], cliEnv, 60_000);
    expect(got.code).toBe(0);
    const shown = parse(got.stdout) as Connection;
    expect(shown.spec['smtp']).toMatchObject({ host: '127.0.0.1', toAddresses: ['oncall@example.com'], password: { value: '<sealed>' } });
    expect(got.stdout).not.toContain('mail-pass');

    expect(await testConnection((await row('loop-mail')).id)).toEqual({ status: 200, message: 'ok' });
    const { rows } = await env.pool.query<{ id: string }>("select id from playbooks where name = 'use-typed-connections'");
    const run = await env.until((await env.start({ id: rows[0]!.id })).body.run_id!);
    expect(run.actions.map((action) => [action.name, action.status, action.error])).toEqual([
      ['mail', 'completed', null],
      ['call', 'completed', null],
    ]);
    const mail = await smtp.waitFor('oncall@example.com', (received) => received.subject === 'typed smtp works');
    expect(mail.raw).toMatch(/From: Pharos <pharos@example.com>/);
    expect(seen).toContainEqual({ method: 'GET', authorization: `Basic ${Buffer.from('ops:web-pass').toString('base64')}` });
  });
});
