import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../../src/auth/tokens.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * A saved view of one person (kept in their `views.*` preference) opens for another by its id:
 * GET /api/views/{id} answers it when the view exists and the caller may read its screen.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const person = (roles: ('admin' | 'viewer')[]) => createToken(server.pool, { email: `views-${randomUUID()}@example.com`, roles });

async function call(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

describe('GET /api/views/{id}', () => {
  const incidentsView = { id: randomUUID(), name: 'Critical open', path: '/incidents', search: 'status=open&severity=critical&columns=incident,severity' };
  const connectionsView = { id: randomUUID(), name: 'Slack only', path: '/settings/connections', search: 'type=slack' };
  let admin = '';
  let viewer = '';

  it('answers another person the view, read-only, with its owner', async () => {
    admin = await person(['admin']);
    viewer = await person(['viewer']);
    expect((await call(admin, 'PUT', '/api/preferences/views.incidents', { value: [incidentsView] })).status).toBe(200);
    expect((await call(admin, 'PUT', '/api/preferences/views.connections', { value: [connectionsView] })).status).toBe(200);

    const opened = await call(viewer, 'GET', `/api/views/${incidentsView.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ ...incidentsView, own: false, owner: { id: expect.any(String) } });
    const mine = await call(admin, 'GET', `/api/views/${incidentsView.id.toUpperCase()}`);
    expect(mine.body).toMatchObject({ id: incidentsView.id, own: true });
    // what the viewer reads is the owner's view: their own preferences are untouched
    expect((await call(viewer, 'GET', '/api/preferences/views.incidents')).body).toEqual({ key: 'views.incidents', value: null });
  });

  it('refuses a view of a screen the caller may not read', async () => {
    const refused = await call(viewer, 'GET', `/api/views/${connectionsView.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body['message']).toBe('permission denied: your role (viewer) may not read connections');
    expect((await call(admin, 'GET', `/api/views/${connectionsView.id}`)).status).toBe(200);
  });

  it('says when a view does not exist, or its id is not one', async () => {
    const missing = randomUUID();
    const gone = await call(viewer, 'GET', `/api/views/${missing}`);
    expect(gone.status).toBe(404);
    expect(gone.body['message']).toBe(`No saved view has the id ${missing}; its owner may have deleted it`);
    await call(admin, 'PUT', '/api/preferences/views.incidents', { value: [] });
    expect((await call(viewer, 'GET', `/api/views/${incidentsView.id}`)).status).toBe(404);
    const bad = await call(viewer, 'GET', '/api/views/not-a-view');
    expect(bad.status).toBe(400);
    expect(bad.body['message']).toBe("A view id is a UUID; 'not-a-view' is not one");
  });
});
