import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../support/cookies.js';
import { identityOptions, uniqueEmail } from '../support/identity.js';
import { signInWithProvider } from '../support/oidc-journey.js';
import { TEST_CLIENT, TestOidcProvider, type ProviderUser } from '../support/oidc-provider.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Organization mode with single sign-on only (a real OpenID Connect provider on loopback, the
 * password form off, self-service off): the provider's groups make installation administrators,
 * who create organizations, and the address the provider vouches for accepts an invitation.
 */
let provider: TestOidcProvider;
let server: TestServer;

beforeAll(async () => {
  provider = new TestOidcProvider();
  const issuer = await provider.listen();
  server = await startTestServer({
    identity: identityOptions({
      authMode: 'organizations',
      orgSelfService: false,
      passwordLogin: false,
      registration: 'invite',
      oidc: {
        issuer,
        clientId: TEST_CLIENT.id,
        clientSecret: TEST_CLIENT.secret,
        scopes: ['openid', 'email', 'profile', 'groups'],
        groupsClaim: 'groups',
        roleMap: [{ group: 'ops-admins', role: 'admin' }],
        teamMap: [],
        name: 'Test SSO',
        recheckIntervalMs: 15 * 60_000,
      },
    }),
  });
  await provider.start([`${server.url}/api/auth/oidc/callback`]);
});

afterAll(async () => {
  await server?.close();
  await provider?.close();
});

function person(groups: string[], email = uniqueEmail('org-sso')): ProviderUser {
  return provider.add({ sub: randomUUID(), email, name: 'Mary Jackson', groups });
}

async function signedIn(user: ProviderUser): Promise<CookieJar> {
  const jar = new CookieJar();
  const { location } = await signInWithProvider(server, jar, user.sub);
  expect(location).toBe('/');
  return jar;
}

function call(jar: CookieJar, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { origin: server.url };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return jar.fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

describe('organization mode with single sign-on', () => {
  it("lets the provider's administrators create an organization, whose invitation the invited address accepts by signing in with the provider", async () => {
    const outsider = await signedIn(person(['developers']));
    expect(await json(await call(outsider, 'GET', '/api/organizations'), 200)).toEqual({ organizations: [], current: null, canCreate: false });
    expect((await json<{ code: string }>(await call(outsider, 'GET', '/api/db/teams'), 403)).code).toBe('organization_required');

    const admin = await signedIn(person(['ops-admins']));
    expect((await json<{ canCreate: boolean }>(await call(admin, 'GET', '/api/organizations'), 200)).canCreate).toBe(true);
    const organization = await json<{ id: string; role: string }>(await call(admin, 'POST', '/api/organizations', { name: 'Single Sign-On', slug: `sso-${randomUUID().slice(0, 8)}` }), 201);
    expect(organization.role).toBe('admin');

    const invitedEmail = uniqueEmail('org-sso-invited');
    await json(await call(admin, 'POST', '/api/organizations/current/invitations', { email: invitedEmail, role: 'responder' }), 201);
    // First sign-in: the account is made just in time, its address verified by the provider, and the invitation accepted.
    const invited = await signedIn(person([], invitedEmail));
    const whoami = await json<{ user: { email: string; roles: string[] }; organization: { id: string } | null }>(await call(invited, 'GET', '/api/auth/whoami'), 200);
    expect(whoami).toMatchObject({ user: { email: invitedEmail, roles: ['responder'] }, organization: { id: organization.id } });
    expect((await call(invited, 'GET', '/api/db/teams')).status).toBe(200);
  });
});
