import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcConfig } from '../../src/auth/identity/oidc/config.js';
import { CookieJar } from '../support/cookies.js';
import { browser, csrfOf, identityOptions, inputAttributes, nodeNamed, register, uniqueEmail } from '../support/identity.js';
import { signInAtProvider } from '../support/oidc-journey.js';
import { TEST_CLIENT, TestOidcProvider, type ProviderUser } from '../support/oidc-provider.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * Single sign-on through a real OpenID Connect provider on loopback: the sign-in page's button, the
 * provider's login and consent pages, the callback, and the session Pharos issues.
 */

const TEAM = `Site Reliability ${randomUUID().slice(0, 8)}`;
let provider: TestOidcProvider;
let server: TestServer;
let callbackPrefix: string;
/** A database of its own, where the provider's first person is the only administrator. */
let alone: { database: FreshDatabase; server: TestServer };

function oidcConfig(issuer: string): OidcConfig {
  return {
    issuer,
    clientId: TEST_CLIENT.id,
    clientSecret: TEST_CLIENT.secret,
    scopes: ['openid', 'email', 'profile', 'groups'],
    groupsClaim: 'groups',
    roleMap: [
      { group: 'ops-admins', role: 'admin' },
      { group: 'sre', role: 'responder' },
    ],
    teamMap: [{ group: 'sre', team: TEAM }],
    name: 'Test SSO',
    recheckIntervalMs: 15 * 60_000,
  };
}

beforeAll(async () => {
  provider = new TestOidcProvider();
  const issuer = await provider.listen();
  server = await startTestServer({ identity: identityOptions({ oidc: oidcConfig(issuer), passwordLogin: true }) });
  callbackPrefix = `${server.url}/api/auth/oidc/callback`;
  const database = await freshDatabase();
  alone = { database, server: await startTestServer({ identity: identityOptions({ oidc: oidcConfig(issuer), passwordLogin: true }) }, database.url) };
  await provider.start([callbackPrefix, `${alone.server.url}/api/auth/oidc/callback`]);
});

afterAll(async () => {
  await server?.close();
  await alone?.server.close();
  await alone?.database.drop();
  await provider?.close();
});

function person(groups: string[], extra: Partial<ProviderUser> = {}): ProviderUser {
  return provider.add({ sub: randomUUID(), email: uniqueEmail('sso'), name: 'Grace Hopper', groups, ...extra });
}

/** Opens the sign-in page's flow and presses 'Sign in with Test SSO' (a native form post). */
async function pressProviderButton(target: TestServer, jar: CookieJar): Promise<Response> {
  const flow = await browser(target, jar).api.createBrowserLoginFlow();
  const button = nodeNamed(flow.ui, 'provider', 'oidc');
  expect(button?.meta.label?.text).toBe('Sign in with Test SSO');
  return jar.fetch(flow.ui.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams({ csrf_token: csrfOf(flow), provider: String(inputAttributes(button!)?.value) }).toString(),
  });
}

async function signIn(user: ProviderUser, jar = new CookieJar(), target = server) {
  const pressed = await pressProviderButton(target, jar);
  expect(pressed.status).toBe(303);
  const authorization = pressed.headers.get('location') ?? '';
  expect(authorization.startsWith(`${provider.issuer}/auth?`)).toBe(true);
  // Authorization code with PKCE, state and nonce, for the configured scopes and callback.
  const asked = new URL(authorization).searchParams;
  expect(Object.fromEntries(['response_type', 'client_id', 'scope', 'redirect_uri', 'code_challenge_method'].map((name) => [name, asked.get(name)]))).toEqual({
    response_type: 'code',
    client_id: TEST_CLIENT.id,
    scope: 'openid email profile groups',
    redirect_uri: `${target.url}/api/auth/oidc/callback`,
    code_challenge_method: 'S256',
  });
  expect([asked.get('code_challenge'), asked.get('state'), asked.get('nonce')].every((value) => (value ?? '').length >= 32)).toBe(true);
  const outcome = await signInAtProvider(jar, authorization, user.sub, `${target.url}/api/auth/oidc/callback`);
  return { jar, ...outcome };
}

async function whoami(jar: CookieJar, target = server): Promise<{ status: number; body: { user?: { id: string; email: string; name: string; roles: string[] } } }> {
  const response = await jar.fetch(`${target.url}/api/auth/whoami`);
  return { status: response.status, body: (await response.json()) as { user?: { id: string; email: string; name: string; roles: string[] } } };
}

/** The message the sign-in page shows after Pharos sent the browser back to it. */
async function loginMessage(jar: CookieJar, location: string): Promise<string | undefined> {
  const flowId = new URL(location, server.url).searchParams.get('flow');
  expect(new URL(location, server.url).pathname).toBe('/login');
  const flow = await browser(server, jar).api.getLoginFlow({ id: flowId ?? '' });
  return flow.ui.messages?.[0]?.text;
}

async function teamsOf(personId: string): Promise<string[]> {
  const { rows } = await server.pool.query<{ name: string }>(
    'select t.name from team_members m join teams t on t.id = m.team_id where m.person_id = $1 order by t.name',
    [personId],
  );
  return rows.map((row) => row.name);
}

describe('signing in with the provider', () => {
  it('creates the account on first sign-in, with the verified email, the name and the mapped role and team', async () => {
    const user = person(['ops-admins', 'sre', 'unmapped']);
    const { jar, location } = await signIn(user);
    expect(location).toBe('/');
    const me = await whoami(jar);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: user.email, name: 'Grace Hopper' });
    expect(me.body.user?.roles.sort()).toEqual(['admin', 'responder']);
    expect(await teamsOf(me.body.user?.id ?? '')).toEqual([TEAM]);

    const session = await browser(server, jar).api.toSession();
    expect(session.authenticator_assurance_level).toBe('aal1');
    expect(session.authentication_methods?.map((m) => m.method)).toEqual(['oidc']);
    expect(session.identity?.verifiable_addresses?.[0]).toMatchObject({ value: user.email, verified: true });
  });

  it('follows the groups at each sign-in: a removed group removes its role and team, a role an administrator gave stays', async () => {
    const user = person(['ops-admins', 'sre']);
    const first = await whoami((await signIn(user)).jar);
    const personId = first.body.user?.id ?? '';
    await server.pool.query("insert into person_roles (person_id, role) values ($1, 'viewer')", [personId]);

    user.groups = ['sre'];
    const second = await whoami((await signIn(user)).jar);
    expect(second.body.user?.id).toBe(personId);
    expect(second.body.user?.roles.sort()).toEqual(['responder', 'viewer']);
    expect(await teamsOf(personId)).toEqual([TEAM]);

    user.groups = [];
    const third = await whoami((await signIn(user)).jar);
    expect(third.body.user?.roles).toEqual(['viewer']);
    expect(await teamsOf(personId)).toEqual([]);
  });

  it('keeps the admin role of the last administrator whose group was removed, and takes it back once another exists', async () => {
    const first = person(['ops-admins']);
    expect((await whoami((await signIn(first, new CookieJar(), alone.server)).jar, alone.server)).body.user?.roles).toEqual(['admin']);
    first.groups = [];
    const kept = await signIn(first, new CookieJar(), alone.server);
    expect(kept.location).toBe('/');
    expect((await whoami(kept.jar, alone.server)).body.user?.roles).toEqual(['admin']);

    await signIn(person(['ops-admins']), new CookieJar(), alone.server);
    expect((await whoami((await signIn(first, new CookieJar(), alone.server)).jar, alone.server)).body.user?.roles).toEqual([]);
  });

  it('links an existing password account when the provider says the email is verified, and not otherwise', async () => {
    const email = uniqueEmail('linked');
    const { identity } = await register(browser(server), email);
    const linked = await signIn(person(['sre'], { email }));
    expect((await whoami(linked.jar)).body.user?.id).toBe(identity.id);

    const other = uniqueEmail('unverified');
    await register(browser(server), other);
    const refused = await signIn(person(['ops-admins'], { email: other, emailVerified: false }));
    expect(await loginMessage(refused.jar, refused.location)).toBe(
      `An account with ${other} exists already, but Test SSO does not say that this email is verified, so it is not linked. ` +
        'Sign in with your password, or ask your identity provider administrator to verify the address.',
    );
    expect((await whoami(refused.jar)).status).toBe(401);
  });

  it('refuses a person the provider refuses', async () => {
    const user = person(['ops-admins'], { disabled: true });
    const { jar, location } = await signIn(user);
    expect(await loginMessage(jar, location)).toMatch(/^Test SSO refused the sign-in: /);
    expect((await whoami(jar)).status).toBe(401);
  });

  it('refuses a tampered ID token and one issued for another application', async () => {
    try {
      provider.tamper = 'signature';
      const forged = await signIn(person(['ops-admins']));
      expect(await loginMessage(forged.jar, forged.location)).toMatch(/^The ID token from Test SSO could not be verified \(JWT signature verification failed\)/);
      expect((await whoami(forged.jar)).status).toBe(401);

      provider.tamper = 'audience';
      const foreign = await signIn(person(['ops-admins']));
      expect(await loginMessage(foreign.jar, foreign.location)).toMatch(/^The ID token from Test SSO was issued for another application \(.*"aud".*\), so it does not sign you in here\.$/);
      expect((await whoami(foreign.jar)).status).toBe(401);
    } finally {
      provider.tamper = 'none';
    }
  });

  it('refuses the ID token of an earlier sign-in: its nonce is bound to that sign-in', async () => {
    await signIn(person(['sre']));
    try {
      provider.tamper = 'replay';
      const replayed = await signIn(person(['ops-admins']));
      expect(await loginMessage(replayed.jar, replayed.location)).toBe(
        'The ID token from Test SSO could not be verified (unexpected ID Token "nonce" claim value), so it does not sign you in. Please sign in again.',
      );
      expect((await whoami(replayed.jar)).status).toBe(401);
    } finally {
      provider.tamper = 'none';
    }
  });

  it('refuses a person whose Pharos account is disabled, whatever the provider says', async () => {
    const user = person(['sre']);
    const personId = (await whoami((await signIn(user)).jar)).body.user?.id ?? '';
    // Disabled by an administrator, not by a recheck: the provider still lists the person.
    await server.pool.query("update identities set state = 'inactive' where id = $1", [personId]);
    const refused = await signIn(user);
    expect(await loginMessage(refused.jar, refused.location)).toBe('Your Pharos account is disabled. Ask an administrator to enable it.');
    expect((await whoami(refused.jar)).status).toBe(401);
  });

  it('refuses a replayed callback: its state is used once', async () => {
    const { jar, callbackUrl } = await signIn(person(['sre']));
    const replay = new CookieJar();
    for (const attacker of [jar, replay]) {
      const again = await attacker.fetch(callbackUrl, { headers: { accept: 'text/html' } });
      expect(again.status).toBe(303);
      const errorId = new URL(again.headers.get('location') ?? '', server.url).searchParams.get('id') ?? '';
      const stored = await browser(server, attacker).api.getFlowError({ id: errorId });
      expect(stored.error).toMatchObject({ id: 'security_oidc_state_mismatch', reason: 'This sign-in answer is unknown or was already used. Please sign in again.' });
    }
    expect((await whoami(replay)).status).toBe(401);
  });

  it('refuses a callback after the sign-in expired', async () => {
    const jar = new CookieJar();
    const pressed = await pressProviderButton(server, jar);
    const state = new URL(pressed.headers.get('location') ?? '').searchParams.get('state') ?? '';
    await server.pool.query("update identity_flows set expires_at = now() - interval '1 minute' where id = $1", [state.split('.')[0]]);
    const { location } = await signInAtProvider(jar, pressed.headers.get('location') ?? '', person([]).sub, callbackPrefix);
    const stored = await browser(server, jar).api.getFlowError({ id: new URL(location, server.url).searchParams.get('id') ?? '' });
    expect(stored.error).toMatchObject({ id: 'self_service_flow_expired', reason: 'The sign-in took longer than allowed and expired. Please sign in again.' });
    expect((await whoami(jar)).status).toBe(401);
  });
});

describe("'Manage Social Sign In' in the profile settings", () => {
  /** Presses a button of the oidc group of a fresh settings flow (a native form post). */
  async function pressSettingsButton(jar: CookieJar, name: 'link' | 'unlink', label: string): Promise<Response> {
    const flow = await browser(server, jar).api.createBrowserSettingsFlow();
    const button = nodeNamed(flow.ui, name, 'oidc');
    expect(button?.meta.label?.text).toBe(label);
    return jar.fetch(flow.ui.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ csrf_token: csrfOf(flow), [name]: String(inputAttributes(button!)?.value) }).toString(),
    });
  }

  async function settingsShown(jar: CookieJar, location: string) {
    const url = new URL(location, server.url);
    expect(url.pathname).toBe('/profile-settings');
    return browser(server, jar).api.getSettingsFlow({ id: url.searchParams.get('flow') ?? '' });
  }

  it('links the provider to a password account, which then signs in with it; unlinked, it is not linked again by its email', async () => {
    const email = uniqueEmail('linker');
    const owner = browser(server);
    const { identity } = await register(owner, email);
    const user = person(['sre'], { email });

    const pressed = await pressSettingsButton(owner.jar, 'link', 'Link Test SSO');
    expect(pressed.status).toBe(303);
    const linked = await signInAtProvider(owner.jar, pressed.headers.get('location') ?? '', user.sub, callbackPrefix);
    const afterLink = await settingsShown(owner.jar, linked.location);
    expect(afterLink.ui.messages?.map((message) => message.text)).toEqual(['Your changes have been saved!']);
    expect(nodeNamed(afterLink.ui, 'unlink', 'oidc')?.meta.label?.text).toBe('Unlink Test SSO');
    const grants = 'select count(*)::int as count from identity_oidc_grants where identity_id = $1 and refresh_token_sealed is not null';
    expect((await server.pool.query<{ count: number }>(grants, [identity.id])).rows[0]?.count).toBe(1);
    expect((await whoami((await signIn(user)).jar)).body.user?.id).toBe(identity.id);

    const unlinked = await pressSettingsButton(owner.jar, 'unlink', 'Unlink Test SSO');
    const afterUnlink = await settingsShown(owner.jar, unlinked.headers.get('location') ?? '');
    expect(afterUnlink.ui.messages?.map((message) => message.text)).toEqual(['Your changes have been saved!']);
    expect(nodeNamed(afterUnlink.ui, 'link', 'oidc')).toBeDefined();
    // No longer asked about: the provider's view of that account does not disable this one.
    expect((await server.pool.query<{ count: number }>(grants, [identity.id])).rows[0]?.count).toBe(0);
    const refused = await signIn(user);
    expect(await loginMessage(refused.jar, refused.location)).toBe(
      "You unlinked Test SSO from your Pharos account. Sign in with your password and link it again under 'Manage Social Sign In'.",
    );
    expect((await whoami(refused.jar)).status).toBe(401);
  });

  it('refuses to link a provider account that belongs to another Pharos account', async () => {
    const taken = person(['sre']);
    await signIn(taken);
    const owner = browser(server);
    await register(owner, uniqueEmail('second'));
    const pressed = await pressSettingsButton(owner.jar, 'link', 'Link Test SSO');
    const { location } = await signInAtProvider(owner.jar, pressed.headers.get('location') ?? '', taken.sub, callbackPrefix);
    const shown = await settingsShown(owner.jar, location);
    expect(shown.ui.messages?.map((message) => message.text)).toEqual(['This Test SSO account is linked to another Pharos account already.']);
    expect(nodeNamed(shown.ui, 'link', 'oidc')).toBeDefined();
  });

  it('refuses to unlink the only way an account signs in', async () => {
    const { jar } = await signIn(person(['sre']));
    const refused = await pressSettingsButton(jar, 'unlink', 'Unlink Test SSO');
    const shown = await settingsShown(jar, refused.headers.get('location') ?? '');
    expect(shown.ui.messages?.map((message) => message.text)).toEqual(['Test SSO is your only way to sign in to Pharos, so it cannot be unlinked: set a password first.']);
    expect(nodeNamed(shown.ui, 'unlink', 'oidc')).toBeDefined();
  });
});

describe('a provider that is down, with the password form off', () => {
  let lone: TestServer;
  beforeAll(async () => {
    const closed = new TestOidcProvider();
    const issuer = await closed.listen();
    await closed.close();
    lone = await startTestServer({ identity: identityOptions({ oidc: oidcConfig(issuer), passwordLogin: false }) });
  });
  afterAll(async () => {
    await lone?.close();
  });

  it('offers only the provider and says when it cannot be reached', async () => {
    const jar = new CookieJar();
    const flow = await browser(lone, jar).api.createBrowserLoginFlow();
    expect(flow.ui.nodes.map((node) => inputAttributes(node)?.name)).toEqual(['csrf_token', 'provider']);

    const pressed = await pressProviderButton(lone, jar);
    expect(pressed.status).toBe(303);
    const shown = new URL(pressed.headers.get('location') ?? '', lone.url);
    expect(shown.pathname).toBe('/login');
    const again = await browser(lone, jar).api.getLoginFlow({ id: shown.searchParams.get('flow') ?? '' });
    expect(again.ui.messages?.[0]?.text).toMatch(/^Test SSO cannot be reached right now \(.+\)\. Please try again later\.$/);

    const password = await jar.fetch(flow.ui.action, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ method: 'password', csrf_token: csrfOf(flow), identifier: 'someone@example.com', password: 'whatever' }),
    });
    expect(password.status).toBe(400);
  });
});
