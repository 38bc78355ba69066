import type { ConnectionView } from '@pharos/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findByReference, resolveConnection } from '../../src/connections/resolve.js';
import { startTestServer, TEST_SECRETS, type TestServer } from '../support/server.js';
import { api, saveConnection, testSaved } from './helpers.js';

/** /api/connections: the role matrix, validation with messages a person can act on, and references by name. */

let server: TestServer;
let admin: string;
const suffix = Date.now().toString(36);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(['admin']);
});

afterAll(async () => {
  await server?.close();
});

describe('permissions (spec 3 section 6)', () => {
  it('editors read but cannot save or delete; commanders and responders cannot read; admins do all', async () => {
    const saved = await saveConnection(server, admin, { type: 'http', url: 'http://127.0.0.1:9' });
    const editor = await server.tokenFor(['editor']);
    expect((await api(server, editor, 'GET', '/api/connections')).status).toBe(200);
    const refused = await api(server, editor, 'POST', '/api/connections', { name: `e-${suffix}`, type: 'http', url: 'http://x' });
    expect(refused.status).toBe(403);
    expect((refused.body as { message: string }).message).toBe('permission denied: your role (editor) may not write connections');
    expect((await api(server, editor, 'PATCH', `/api/connections/${saved.id}`, { name: 'renamed', type: 'http', url: 'http://x' })).status).toBe(403);
    expect((await api(server, editor, 'DELETE', `/api/connections/${saved.id}`)).status).toBe(403);
    for (const role of ['commander', 'responder'] as const) {
      const token = await server.tokenFor([role]);
      expect((await api(server, token, 'GET', '/api/connections')).status).toBe(403);
      expect((await api(server, token, 'POST', `/api/connection/test/${saved.id}`)).status).toBe(403);
    }
    expect((await fetch(`${server.url}/api/connections`)).status).toBe(401);
    expect((await api(server, admin, 'DELETE', `/api/connections/${saved.id}`)).status).toBe(204);
    expect((await api(server, admin, 'GET', `/api/connections/${saved.id}`)).status).toBe(404);
  });
});

describe('validation', () => {
  it('names the required fields of the type that are missing', async () => {
    const answer = await api(server, admin, 'POST', '/api/connections', { name: `pg-${suffix}`, type: 'postgres', url: 'postgres://db:5432/x' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Username, Password: This field is required', fields: ['Username', 'Password'] });
  });

  it('refuses an unknown type, a blank name, and a second connection of the same name', async () => {
    const unknown = await api(server, admin, 'POST', '/api/connections', { name: `x-${suffix}`, type: 'telnet' });
    expect(unknown.status).toBe(400);
    expect((unknown.body as { message: string }).message).toMatch(/body\/type must be equal to one of the allowed values/);
    expect((await api(server, admin, 'POST', '/api/connections', { name: '  ', type: 'http', url: 'http://x' })).status).toBe(400);
    await saveConnection(server, admin, { name: `dup-${suffix}`, type: 'http', url: 'http://x' });
    const second = await api(server, admin, 'POST', '/api/connections', { name: `dup-${suffix}`, type: 'http', url: 'http://y' });
    expect(second.status).toBe(409);
    expect((second.body as { message: string }).message).toBe(`A connection named dup-${suffix} already exists in namespace default`);
  });

  it('the creator is the caller, whatever the body says', async () => {
    const other = await server.tokenFor(['admin']);
    const otherId = ((await api(server, other, 'GET', '/api/auth/whoami')).body as { user: { id: string } }).user.id;
    const created = await api(server, admin, 'POST', '/api/connections', { name: `by-${suffix}`, type: 'http', url: 'http://x', created_by: otherId });
    expect(created.status).toBe(201);
    const saved = created.body as ConnectionView;
    expect(saved.created_by).not.toBe(otherId);
    const { rows } = await server.pool.query<{ created_by: string }>('select created_by from connections where id = $1', [saved.id]);
    const whoami = await api(server, admin, 'GET', '/api/auth/whoami');
    expect(rows[0]!.created_by).toBe((whoami.body as { user: { id: string } }).user.id);
  });
});

describe('testing types that cannot be tested', () => {
  it('answers 501 with a sentence', async () => {
    const saved = await saveConnection(server, admin, { type: 'restic', url: 's3:s3.amazonaws.com/backups', password: 'repository-key' });
    expect(await testSaved(server, admin, saved.id)).toEqual({ status: 501, message: 'Testing a restic connection is not supported' });
  });
});

describe('references by name (connection://namespace/name, connection://Type/name, name)', () => {
  it('finds the one meant and says when a name is missing or ambiguous', async () => {
    const name = `shared-${suffix}`;
    const http = await saveConnection(server, admin, { name, namespace: 'default', type: 'http', url: 'http://127.0.0.1:1', password: 'p1' });
    const slack = await saveConnection(server, admin, { name, namespace: 'alerts', type: 'slack', username: 'C123', password: 'xoxb-1' });
    expect((await findByReference(server.pool, `connection://alerts/${name}`, 'alerts')).id).toBe(slack.id);
    expect((await findByReference(server.pool, `connection://Slack/${name}`, 'alerts')).id).toBe(slack.id);
    expect((await findByReference(server.pool, `connection://http/${name}`, 'default')).id).toBe(http.id);
    expect((await findByReference(server.pool, name, 'default')).id).toBe(http.id);
    expect((await findByReference(server.pool, name, 'alerts')).id).toBe(slack.id);
    await expect(findByReference(server.pool, name, 'elsewhere')).rejects.toThrow(`More than one connection is named ${name}: write connection://namespace/${name}`);
    await expect(findByReference(server.pool, 'connection://default/nothing', 'default')).rejects.toThrow('No connection connection://default/nothing: create it on /settings/connections or with pharos apply');
    const resolved = await resolveConnection(server.pool, TEST_SECRETS, `connection://alerts/${name}`, 'alerts');
    expect(resolved).toMatchObject({ type: 'slack', username: 'C123', password: 'xoxb-1' });
  });

  it('lists by type', async () => {
    const list = await api(server, admin, 'GET', '/api/connections?type=slack&limit=5');
    expect((list.body as ConnectionView[]).every((connection) => connection.type === 'slack')).toBe(true);
    expect((await api(server, admin, 'GET', '/api/connections?limit=100000')).status).toBe(400);
  });
});
