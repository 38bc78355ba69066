import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { importJWK, SignJWT, type JWK } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { TOKEN_MESSAGES } from '../../src/organizations/direct/verifier.js';
import { browser, identityOptions, register, uniqueEmail, type Browser } from '../support/identity.js';
import { freshDatabase, startTestServer, TEST_SECRETS, type FreshDatabase, type TestServer } from '../support/server.js';

/** One front door (organization mode) and two Pharos backends, each on a database of its own, all in this process. */
let frontDoor: TestServer;
const backends: { url: string; close: () => Promise<void> }[] = [];
const databases: FreshDatabase[] = [];
let admin: Browser;
let adminEmail: string;
let alpha: { id: string; slug: string };
let beta: { id: string; slug: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A Pharos serving one organization, trusting the front door's tokens. */
async function startBackend(organization: string): Promise<{ url: string; close: () => Promise<void> }> {
  const database = await freshDatabase();
  databases.push(database);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  const app = await buildApp({
    pool,
    webDir: null,
    secrets: TEST_SECRETS,
    identity: identityOptions({ publicUrl: url, trustedIssuer: { issuer: frontDoor.url, organization } }),
  });
  await app.listen({ host: '127.0.0.1', port });
  return {
    url,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

function call(b: Browser, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { origin: frontDoor.url };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return b.fetch(`${frontDoor.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function tokenOf(b: Browser): Promise<{ token: string; backend_url: string; expires_at: string }> {
  return json(await call(b, 'POST', '/api/organizations/current/token'), 200);
}

function backendCall(url: string, token: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${url}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });
}

beforeAll(async () => {
  frontDoor = await startTestServer({ identity: identityOptions({ authMode: 'organizations', orgSelfService: true }) });
  admin = browser(frontDoor);
  adminEmail = uniqueEmail('door-admin');
  await register(admin, adminEmail);
  const suffix = adminEmail.slice(11, 19);
  alpha = await json(await call(admin, 'POST', '/api/organizations', { name: 'Alpha', slug: `alpha-${suffix}` }), 201);
  beta = await json(await call(admin, 'POST', '/api/organizations', { name: 'Beta', slug: `beta-${suffix}` }), 201);
  backends.push(await startBackend(alpha.id), await startBackend(beta.slug));
  // Beta: direct to the second backend. Alpha: direct to the first.
  await json(await call(admin, 'PATCH', '/api/organizations/current', { publicMetadata: { backend_url: backends[1]?.url, direct: true } }), 200);
  await json(await call(admin, 'POST', '/api/organizations/switch', { id: alpha.id }), 200);
  await json(await call(admin, 'PATCH', '/api/organizations/current', { publicMetadata: { backend_url: `${backends[0]?.url}/`, direct: true } }), 200);
}, 60_000);

afterAll(async () => {
  for (const backend of backends) await backend.close();
  await frontDoor?.close();
  for (const database of databases) await database.drop();
});

describe('direct mode', () => {
  it('publishes the front door keys and issues a short-lived token whose audience is the organization backend', async () => {
    const jwks = await json<{ keys: { kid: string; kty: string; d?: string }[] }>(await fetch(`${frontDoor.url}/.well-known/jwks.json`), 200);
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys.every((key) => key.kty === 'EC' && key.d === undefined)).toBe(true);
    const issued = await tokenOf(admin);
    expect(issued.backend_url).toBe(backends[0]?.url);
    const lifetime = new Date(issued.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(200_000);
    expect(lifetime).toBeLessThanOrEqual(300_000);
  });

  it('lets the backend know the person and their organization role from the token alone', async () => {
    const { token } = await tokenOf(admin);
    const backend = backends[0]?.url ?? '';
    const whoami = await json<{ user: { email: string; roles: string[] } }>(await backendCall(backend, token, '/api/auth/whoami'), 200);
    expect(whoami.user).toMatchObject({ email: adminEmail, roles: ['admin'] });
    const team = await backendCall(backend, token, '/api/db/teams', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'made-directly' }) });
    expect(team.status).toBe(201);
    // No token, no access: the backend has no session of its own for the person.
    expect((await fetch(`${backend}/api/auth/whoami`)).status).toBe(401);
  });

  it('answers the browser of the front door origin with CORS headers and no cookies', async () => {
    const backend = backends[0]?.url ?? '';
    const preflight = await fetch(`${backend}/api/db/teams`, {
      method: 'OPTIONS',
      headers: { origin: frontDoor.url, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(frontDoor.url);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const other = await fetch(`${backend}/api/db/teams`, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.9:1', 'access-control-request-method': 'GET' } });
    expect(other.headers.get('access-control-allow-origin')).not.toBe('http://127.0.0.9:1');
  });

  it('refuses a tampered token, a token for another backend, a token for another organization and an expired one', async () => {
    const { token } = await tokenOf(admin);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, org: { ...(claims['org'] as object), role: 'admin' }, email: 'intruder@example.com' })).toString('base64url');
    const first = backends[0]?.url ?? '';
    const second = backends[1]?.url ?? '';

    const tampered = await json<{ message: string }>(await backendCall(first, `${header}.${forged}.${signature}`, '/api/auth/whoami'), 401);
    expect(tampered.message).toBe(TOKEN_MESSAGES.signature);

    const wrongAudience = await json<{ message: string }>(await backendCall(second, token, '/api/auth/whoami'), 401);
    expect(wrongAudience.message).toBe(TOKEN_MESSAGES.audience);

    // Beta pointed at the first backend: a valid token with the right audience, for an organization it does not serve.
    await json(await call(admin, 'POST', '/api/organizations/switch', { id: beta.id }), 200);
    await json(await call(admin, 'PATCH', '/api/organizations/current', { publicMetadata: { backend_url: first } }), 200);
    const betaToken = (await tokenOf(admin)).token;
    await json(await call(admin, 'PATCH', '/api/organizations/current', { publicMetadata: { backend_url: second } }), 200);
    await json(await call(admin, 'POST', '/api/organizations/switch', { id: alpha.id }), 200);
    const otherOrganization = await json<{ message: string }>(await backendCall(first, betaToken, '/api/auth/whoami'), 403);
    expect(otherOrganization.message).toBe(TOKEN_MESSAGES.organization);

    // Signed with the front door's own key, but expired a minute ago.
    const { rows } = await frontDoor.pool.query<{ kid: string; private_jwk_sealed: string }>('select kid, private_jwk_sealed from organization_token_keys order by created_at desc limit 1');
    const key = await importJWK(JSON.parse(TEST_SECRETS.open(rows[0]?.private_jwk_sealed ?? '')) as JWK, 'ES256');
    const expired = await new SignJWT({ org: claims['org'], email: adminEmail })
      .setProtectedHeader({ alg: 'ES256', kid: rows[0]?.kid ?? '' })
      .setIssuer(frontDoor.url)
      .setSubject(String(claims['sub']))
      .setAudience(first)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    expect((await json<{ message: string }>(await backendCall(first, expired, '/api/auth/whoami'), 401)).message).toBe(TOKEN_MESSAGES.expired);
  });

  it('gives a viewer of the organization a viewer token the backend holds to', async () => {
    const viewer = browser(frontDoor);
    const email = uniqueEmail('door-viewer');
    const { identity } = await register(viewer, email);
    await frontDoor.pool.query('insert into organization_members (organization_id, person_id, role) values ($1, $2, $3)', [alpha.id, identity.id, 'viewer']);
    const { token } = await tokenOf(viewer);
    const backend = backends[0]?.url ?? '';
    expect((await json<{ user: { roles: string[] } }>(await backendCall(backend, token, '/api/auth/whoami'), 200)).user.roles).toEqual(['viewer']);
    const write = await backendCall(backend, token, '/api/db/teams', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'not-allowed' }) });
    expect(write.status).toBe(403);
  });

  it('issues no token for an organization that is not in direct mode', async () => {
    const other = browser(frontDoor);
    await register(other, uniqueEmail('plain'));
    await json(await call(other, 'POST', '/api/organizations', { name: 'Plain' }), 201);
    const refused = await json<{ message: string }>(await call(other, 'POST', '/api/organizations/current/token'), 409);
    expect(refused.message).toBe('This organization is not in direct mode: its calls go to this Pharos with the session');
  });
});
