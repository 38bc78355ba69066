import { Writable } from 'node:stream';
import type { ConnectionView } from '@pharos/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServerKey } from '../../src/connections/at-rest.js';
import { loadServerKey } from '../../src/secrets/server-key.js';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';
import { runCli } from '../support/cli.js';
import { databaseReader, type DatabaseReader } from '../support/database-reader.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';
import { api, saveConnection, testSaved } from './helpers.js';

/**
 * Credentials are sealed at rest with the server's key, never answered or logged, survive a
 * restart, and are refused with a clear error under another key. References resolve from the
 * secret store (`pharos secret set`) and from environment variables.
 */

const KEY_TEXT = 'connection-secrets-test-key-with-32-characters-or-more';
let database: FreshDatabase;
let secrets: ServerSecrets;
let server: TestServer;
let token: string;
let reader: DatabaseReader;
const logged: string[] = [];

function capturingLogger() {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString('utf8'));
      done();
    },
  });
  return pino({ level: 'debug' }, sink);
}

async function start(key = secrets): Promise<TestServer> {
  return startTestServer({ secrets: key, logger: capturingLogger() }, database.url);
}

beforeAll(async () => {
  database = await freshDatabase();
  reader = await databaseReader(database.url);
  secrets = new ServerSecrets(await loadServerKey({ PHAROS_SECRET_KEY: KEY_TEXT }, '/nonexistent'));
  server = await start();
  token = await server.tokenFor(['admin']);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

/** A connection to the test database as a role of its own (Pharos refuses its own role there), whose password is a real one. */
function postgresInput(password: string) {
  return { type: 'postgres', url: reader.url, username: reader.username, password };
}
const realPassword = () => reader.password;

describe('sealed at rest, never answered', () => {
  let saved: ConnectionView;

  beforeAll(async () => {
    saved = await saveConnection(server, token, { ...postgresInput(realPassword()), properties: {} });
  });

  it('the answer names the secret as set and has no password; the row holds it sealed', async () => {
    expect(saved.password ?? null).toBeNull();
    expect(saved.secrets_set).toEqual(['password']);
    const { rows } = await server.pool.query<{ password: string }>('select password from connections where id = $1', [saved.id]);
    expect(rows[0]!.password).toMatch(/^v1:/);
    expect(secrets.open(rows[0]!.password)).toBe(realPassword());
  });

  it('no read path answers it: the API, the list, and the data service (which does not know the column)', async () => {
    const marker = 'Visible-secret-42';
    const visible = await saveConnection(server, token, { type: 'http', url: 'http://127.0.0.1:9', username: 'ops', password: marker });
    for (const path of ['/api/connections', `/api/connections/${visible.id}`]) {
      const answer = await api(server, token, 'GET', path);
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(marker);
    }
    const rest = await api(server, token, 'GET', `/api/db/connections?id=eq.${visible.id}&select=*`);
    expect(rest.status).toBe(200);
    expect(Object.keys((rest.body as object[])[0]!)).not.toContain('password');
    expect(rest.text).not.toContain(marker);
    expect(logged.join('')).not.toContain(marker);
    expect((await api(server, token, 'GET', '/api/db/connections?select=password')).status).toBe(400);
    expect((await api(server, token, 'GET', '/api/db/connections?password=eq.guess')).status).toBe(400);
  });

  it('saving without the password keeps it; null clears it', async () => {
    const kept = await api(server, token, 'PATCH', `/api/connections/${saved.id}`, { name: saved.name, namespace: saved.namespace, ...postgresInput(''), password: undefined });
    expect(kept.status).toBe(200);
    expect((kept.body as ConnectionView).secrets_set).toEqual(['password']);
    expect(await testSaved(server, token, saved.id)).toEqual({ status: 200, message: 'ok' });

    const other = await saveConnection(server, token, { type: 'http', url: 'http://127.0.0.1:9', username: 'ops', password: 'to-clear' });
    const cleared = await api(server, token, 'PATCH', `/api/connections/${other.id}`, { name: other.name, type: 'http', url: 'http://127.0.0.1:9', username: 'ops', password: null });
    expect((cleared.body as ConnectionView).secrets_set).toEqual([]);
    const { rows } = await server.pool.query('select password from connections where id = $1', [other.id]);
    expect(rows[0]).toEqual({ password: null });
  });

  it('a failing test logs nothing of the password', async () => {
    const wrong = 'Wrong-secret-77';
    const connection = await saveConnection(server, token, postgresInput(wrong));
    const result = await testSaved(server, token, connection.id);
    expect(result.status).toBe(400);
    expect(result.message).not.toContain(wrong);
    expect(logged.join('')).not.toContain(wrong);
    expect(logged.join('')).not.toContain(realPassword() || 'never-empty');
  });
});

describe('restarts and keys', () => {
  it('works after a restart with the same key, and is refused with a clear error under another', async () => {
    const saved = await saveConnection(server, token, postgresInput(realPassword()));
    await server.close();
    server = await start();
    token = await server.tokenFor(['admin']);
    expect(await testSaved(server, token, saved.id)).toEqual({ status: 200, message: 'ok' });

    const other = new ServerSecrets(Buffer.alloc(32, 7));
    const wrongKey = await start(other);
    try {
      const result = await testSaved(wrongKey, await wrongKey.tokenFor(['admin']), saved.id);
      expect(result.status).toBe(400);
      expect(result.message).toMatch(/cannot be decrypted with this server's key: was PHAROS_SECRET_KEY .* changed\?/);
      await expect(checkServerKey(wrongKey.pool, other)).rejects.toThrow(/cannot be decrypted with this server's key/);
      await expect(checkServerKey(server.pool, secrets)).resolves.toBeUndefined();
    } finally {
      await wrongKey.close();
    }
  });
});

describe('references', () => {
  const env = () => ({ DATABASE_URL: database.url, PHAROS_SECRET_KEY: KEY_TEXT });

  it('secret://name/key resolves from the store pharos secret set writes; the form sees the reference', async () => {
    const set = await runCli(['secret', 'set', 'db-creds', 'password', '--namespace', 'ops'], env(), 60_000, `${realPassword()}\n`);
    expect(set.stderr).toBe('');
    expect(set.stdout).toBe('secret://db-creds/password saved in namespace ops\n');
    const listed = await runCli(['secret', 'list'], env());
    expect(listed.stdout).toBe('Secret\tops/db-creds\tpassword\n');
    expect(listed.stdout).not.toContain(realPassword() || 'never-empty');
    const { rows } = await server.pool.query<{ value: string }>("select value from secret_store where name = 'db-creds'");
    expect(rows[0]!.value).toMatch(/^v1:/);

    const saved = await saveConnection(server, token, { ...postgresInput('secret://db-creds/password'), namespace: 'ops' });
    expect(saved.password).toBe('secret://db-creds/password');
    expect(saved.secrets_set).toEqual([]);
    expect(await testSaved(server, token, saved.id)).toEqual({ status: 200, message: 'ok' });

    const deleted = await runCli(['secret', 'delete', 'db-creds', '--namespace', 'ops'], env());
    expect(deleted.stdout).toBe('1 key deleted\n');
    const missing = await testSaved(server, token, saved.id);
    expect(missing).toEqual({
      status: 400,
      message: "The secret db-creds has no key password in namespace ops: add it with 'pharos secret set db-creds password --namespace ops' or set PHAROS_SECRET_DB_CREDS_PASSWORD",
    });
  });

  it('falls back to an environment variable of the server', async () => {
    const saved = await saveConnection(server, token, postgresInput('secret://pg-env/password'));
    process.env['PHAROS_SECRET_PG_ENV_PASSWORD'] = realPassword();
    try {
      expect(await testSaved(server, token, saved.id)).toEqual({ status: 200, message: 'ok' });
    } finally {
      delete process.env['PHAROS_SECRET_PG_ENV_PASSWORD'];
    }
  });
});

describe('applied Connection documents', () => {
  it('are sealed in the row and the kept document; get prints them as <sealed> and applying that again changes nothing', async () => {
    const marker = 'Applied-secret-55';
    const document = `apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata: {name: applied-http, namespace: default}
spec:
  type: http
  url: {value: "http://127.0.0.1:9"}
  username: {value: ops}
  password: {value: ${marker}}
`;
    const post = (body: string) =>
      fetch(`${server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' }, body }).then((r) => r.json() as Promise<{ resources: { action: string }[] }>);
    expect((await post(document)).resources[0]!.action).toBe('created');
    const { rows } = await server.pool.query<{ password: string; document: unknown }>(
      "select c.password, a.document from connections c join applied_resources a on a.resource_id = c.id where c.name = 'applied-http'",
    );
    expect(rows[0]!.password).toMatch(/^v1:/);
    expect(JSON.stringify(rows[0]!.document)).not.toContain(marker);
    const printed = await api(server, token, 'GET', '/api/apply/connection?name=applied-http&output=yaml');
    expect(printed.text).not.toContain(marker);
    expect(printed.text).toMatch(/password:\s+value: <sealed>/);
    expect(printed.text).not.toMatch(/v1:/);
    expect((await post(document)).resources[0]!.action).toBe('unchanged');
    expect((await post(printed.text)).resources[0]!.action).toBe('unchanged');
    const after = await server.pool.query<{ password: string }>("select password from connections where name = 'applied-http' and deleted_at is null");
    expect(secrets.open(after.rows[0]!.password)).toBe(marker);
  });
});
