import type { UiContainer, UiNodeTextAttributes, UiText } from '@ory/client-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, csrfOf, identityOptions, nodeNamed, register, totpCode, uniqueEmail, type Browser } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { SoftwareAuthenticator } from '../support/webauthn.js';

/** Organization policy: who must have a second factor, and how long a session lasts, per organization. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ identity: identityOptions({ authMode: 'organizations', orgSelfService: true }) });
});

afterAll(async () => {
  await server?.close();
});

function call(b: Browser, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { origin: server.url };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return b.fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function signedUp(prefix: string): Promise<{ b: Browser; id: string }> {
  const b = browser(server);
  const { identity } = await register(b, uniqueEmail(prefix));
  return { b, id: identity.id };
}

/** Links an authenticator app in the profile settings, which raises the session to AAL2. */
async function enrolTotp(b: Browser): Promise<void> {
  const settings = await b.api.createBrowserSettingsFlow();
  const node = nodeNamed(settings.ui as UiContainer, 'totp_secret_key');
  const secret = ((node?.attributes as UiNodeTextAttributes).text as UiText & { context: { secret: string } }).context.secret;
  const linked = await b.api.updateSettingsFlow({ flow: settings.id, updateSettingsFlowBody: { method: 'totp', totp_code: totpCode(secret), csrf_token: csrfOf(settings) } });
  expect(linked.state).toBe('success');
}

/** Registers a security key in the profile settings, which raises the session to AAL2. */
async function registerSecurityKey(b: Browser): Promise<void> {
  const settings = await b.api.createBrowserSettingsFlow();
  const trigger = nodeNamed(settings.ui as UiContainer, 'webauthn_register_trigger');
  const options = JSON.parse(String((trigger?.attributes as { value?: unknown }).value)) as Parameters<SoftwareAuthenticator['register']>[0];
  const key = new SoftwareAuthenticator(server.url, '127.0.0.1');
  const registered = await b.api.updateSettingsFlow({
    flow: settings.id,
    updateSettingsFlowBody: { method: 'webauthn', webauthn_register: key.register(options), webauthn_register_displayname: 'Desk key', csrf_token: csrfOf(settings) },
  });
  expect(registered.state).toBe('success');
}

/** An organization of a new admin with `policy`, and a member of it with `role`. */
async function organizationWith(policy: Record<string, unknown>, role: string) {
  const admin = await signedUp('policy-admin');
  const organization = await json<{ id: string; name: string }>(await call(admin.b, 'POST', '/api/organizations', { name: `Policy ${admin.id.slice(0, 6)}` }), 201);
  const member = await signedUp(`policy-${role}`);
  await server.pool.query('insert into organization_members (organization_id, person_id, role) values ($1, $2, $3)', [organization.id, member.id, role]);
  await json(await call(admin.b, 'PATCH', '/api/organizations/current', { policy }), 200);
  return { admin, member, organization };
}

describe('organization policy', () => {
  it('with a second factor required of every member, sends one without it to set one up, and lets them in once they have', async () => {
    const { member, organization } = await organizationWith({ require_second_factor: 'all' }, 'viewer');
    const refused = await json<{ code: string; message: string; redirect_browser_to: string }>(await call(member.b, 'GET', '/api/auth/whoami'), 403);
    expect(refused).toMatchObject({
      code: 'organization_second_factor_required',
      message: `${organization.name} requires a second factor: add an authenticator app or a security key under Your Profile`,
      redirect_browser_to: '/profile-settings',
    });
    expect((await call(member.b, 'GET', '/api/db/teams')).status).toBe(403);
    await enrolTotp(member.b);
    expect((await json<{ user: { roles: string[] } }>(await call(member.b, 'GET', '/api/auth/whoami'), 200)).user.roles).toEqual(['viewer']);
    expect((await call(member.b, 'GET', '/api/db/teams')).status).toBe(200);
  });

  it('with a second factor required of every member, lets one in who set up a security key', async () => {
    const { member } = await organizationWith({ require_second_factor: 'all' }, 'responder');
    expect((await json<{ code: string }>(await call(member.b, 'GET', '/api/auth/whoami'), 403)).code).toBe('organization_second_factor_required');
    await registerSecurityKey(member.b);
    expect((await json<{ user: { roles: string[] } }>(await call(member.b, 'GET', '/api/auth/whoami'), 200)).user.roles).toEqual(['responder']);
  });

  it('with a second factor required of admins only, lets a viewer in and stops an admin without one', async () => {
    const { admin, member } = await organizationWith({ require_second_factor: 'admins' }, 'viewer');
    expect((await call(member.b, 'GET', '/api/auth/whoami')).status).toBe(200);
    expect((await json<{ code: string }>(await call(admin.b, 'GET', '/api/auth/whoami'), 403)).code).toBe('organization_second_factor_required');
  });

  it('refuses an unknown second-factor policy and a session lifetime out of range', async () => {
    const admin = await signedUp('policy-checks');
    await json(await call(admin.b, 'POST', '/api/organizations', { name: `Checks ${admin.id.slice(0, 6)}` }), 201);
    const policy = await json<{ message: string }>(await call(admin.b, 'PATCH', '/api/organizations/current', { policy: { require_second_factor: 'sometimes' } }), 400);
    expect(policy.message).toBe('The second-factor policy must be one of none, admins, all');
    const lifetime = await json<{ message: string }>(await call(admin.b, 'PATCH', '/api/organizations/current', { policy: { session_lifespan_seconds: 5 } }), 400);
    expect(lifetime.message).toBe('The session lifetime must be a whole number of seconds from 60 to 31622400 (366 days), or empty for the default');
  });

  it('ends the sessions of an organization older than its session lifetime', async () => {
    const { member, organization } = await organizationWith({ session_lifespan_seconds: 3600 }, 'editor');
    expect((await call(member.b, 'GET', '/api/auth/whoami')).status).toBe(200);
    // The person signed in two hours ago.
    await server.pool.query("update identity_sessions set authenticated_at = now() - interval '2 hours' where identity_id = $1", [member.id]);
    const ended = await json<{ message: string }>(await call(member.b, 'GET', '/api/auth/whoami'), 401);
    expect(ended.message).toBe(`Sessions of ${organization.name} last 1h: sign in again`);
  });
});
