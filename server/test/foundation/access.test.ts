import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../../src/auth/tokens.js';
import { startTestServer, type TestServer } from '../support/server.js';

const AUTH_REQUIRED = {
  code: 'PGRST301',
  message: 'Authentication required: sign in or send a bearer token',
  details: null,
  hint: null,
};
const INVALID_TOKEN = { ...AUTH_REQUIRED, message: 'The bearer token is invalid or expired' };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

function get(path: string, token?: string): Promise<Response> {
  return fetch(`${server.url}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
}

describe('open routes', () => {
  it('GET /api/health answers ok without a token', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/about gives the server version without a token', async () => {
    const response = await get('/api/about');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { Version: unknown; registration: unknown };
    expect(body.Version).toMatch(/^\d+\.\d+\.\d+/);
    // Registration is open unless PHAROS_REGISTRATION says invite: the sign-in page links to it then.
    expect(body.registration).toBe('open');
  });

  it('lets identity flows under /api/.ory through without a token', async () => {
    const response = await get('/api/.ory/self-service/login/browser');
    expect(response.status).not.toBe(401);
  });
});

describe('the access guard', () => {
  it.each(['/api/db/people', '/api/does-not-exist', '/api', '/api/health/extra'])('refuses %s without a token', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual(AUTH_REQUIRED);
  });

  it('refuses a POST to an open GET route', async () => {
    const response = await fetch(`${server.url}/api/health`, { method: 'POST' });
    expect(response.status).toBe(401);
  });

  it('refuses an unknown bearer token', async () => {
    const response = await get('/api/db/people', 'pharos_not-a-real-token');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(INVALID_TOKEN);
  });

  it('refuses a malformed Bearer header as invalid', async () => {
    const response = await fetch(`${server.url}/api/db/people`, { headers: { authorization: 'Bearer' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(INVALID_TOKEN);
  });

  it('accepts a valid token: an unknown API route is then a JSON 404', async () => {
    const token = await server.tokenFor(['viewer']);
    const response = await get('/api/does-not-exist', token);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses an expired token', async () => {
    const token = await createToken(server.pool, {
      email: 'expired@example.com',
      roles: ['viewer'],
      expiresAt: new Date(Date.now() - 60_000),
    });
    const response = await get('/api/does-not-exist', token);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(INVALID_TOKEN);
  });

  it('refuses the token of a deleted person', async () => {
    const email = `deleted-${Date.now()}@example.com`;
    const token = await server.tokenFor(['editor'], email);
    await server.pool.query('update people set deleted_at = now() where email = $1', [email]);
    const response = await get('/api/does-not-exist', token);
    expect(response.status).toBe(401);
  });
});
