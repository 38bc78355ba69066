import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcConfig } from '../../src/auth/identity/oidc/config.js';
import { OidcRecheck } from '../../src/auth/identity/oidc/recheck.js';
import { OidcRelyingParty } from '../../src/auth/identity/oidc/relying-party.js';
import { CookieJar } from '../support/cookies.js';
import { browser, csrfOf, identityOptions, inputAttributes, nodeNamed, register, rejection, signIn as signInWithPassword, uniqueEmail } from '../support/identity.js';
import { signInAtProvider } from '../support/oidc-journey.js';
import { TEST_CLIENT, TestOidcProvider, type ProviderUser } from '../support/oidc-provider.js';
import { startTestServer, TEST_SECRETS, type TestServer } from '../support/server.js';

/**
 * Accounts made by signing in with a real OpenID Connect provider on loopback follow the provider
 * afterwards: the recheck (with the refresh token kept from the sign-in) disables a person the
 * provider no longer lists and re-applies their groups, without them signing in again.
 */

let provider: TestOidcProvider;
let server: TestServer;
let config: OidcConfig;

beforeAll(async () => {
  provider = new TestOidcProvider();
  const issuer = await provider.listen();
  config = {
    issuer,
    clientId: TEST_CLIENT.id,
    clientSecret: TEST_CLIENT.secret,
    scopes: ['openid', 'email', 'profile', 'groups'],
    groupsClaim: 'groups',
    roleMap: [
      { group: 'ops-admins', role: 'admin' },
      { group: 'sre', role: 'responder' },
    ],
    teamMap: [],
    name: 'Test SSO',
    recheckIntervalMs: 15 * 60_000,
  };
  server = await startTestServer({ identity: identityOptions({ oidc: config, passwordLogin: true }) });
  await provider.start([`${server.url}/api/auth/oidc/callback`]);
});

afterAll(async () => {
  await server?.close();
  await provider?.close();
});

/** The periodic job, run now: with no interval every account signed in with the provider is due. */
function recheckEveryone(): Promise<void> {
  return new OidcRecheck(server.pool, new OidcRelyingParty(config), TEST_SECRETS, 0, pino({ level: 'silent' })).recheckDue();
}

function person(groups: string[]): ProviderUser {
  return provider.add({ sub: randomUUID(), email: uniqueEmail('recheck'), name: 'Katherine Johnson', groups });
}

async function signIn(user: ProviderUser): Promise<{ jar: CookieJar; location: string }> {
  const jar = new CookieJar();
  const flow = await browser(server, jar).api.createBrowserLoginFlow();
  const button = nodeNamed(flow.ui, 'provider', 'oidc');
  const pressed = await jar.fetch(flow.ui.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams({ csrf_token: csrfOf(flow), provider: String(inputAttributes(button!)?.value) }).toString(),
  });
  const outcome = await signInAtProvider(jar, pressed.headers.get('location') ?? '', user.sub, `${server.url}/api/auth/oidc/callback`);
  return { jar, location: outcome.location };
}

async function whoami(jar: CookieJar): Promise<{ status: number; body: { message?: string; user?: { id: string; roles: string[] } } }> {
  const response = await jar.fetch(`${server.url}/api/auth/whoami`);
  return { status: response.status, body: (await response.json()) as { message?: string; user?: { id: string; roles: string[] } } };
}

async function loginMessage(jar: CookieJar, location: string): Promise<string | undefined> {
  const flowId = new URL(location, server.url).searchParams.get('flow') ?? '';
  return (await browser(server, jar).api.getLoginFlow({ id: flowId })).ui.messages?.[0]?.text;
}

/** As if the last check were longer ago than the interval: the next use of a session asks the provider. */
async function makeCheckDue(personId: string): Promise<void> {
  await server.pool.query("update identity_oidc_grants set checked_at = now() - interval '1 hour' where identity_id = $1", [personId]);
}

describe('the provider recheck', () => {
  it('keeps the refresh token sealed with the server key', async () => {
    const { jar } = await signIn(person(['sre']));
    const me = await whoami(jar);
    const { rows } = await server.pool.query<{ refresh_token_sealed: string | null }>('select refresh_token_sealed from identity_oidc_grants where identity_id = $1', [me.body.user?.id]);
    const sealed = rows[0]?.refresh_token_sealed ?? '';
    expect(sealed).not.toBe('');
    expect(TEST_SECRETS.open(sealed)).not.toBe(sealed);
  });

  it('ends the sessions of a person the provider disabled and disables the account, until the provider signs them in again', async () => {
    const user = person(['sre']);
    const { jar } = await signIn(user);
    const me = await whoami(jar);
    expect(me.status).toBe(200);
    const other = await signIn(user);
    expect((await whoami(other.jar)).status).toBe(200);

    user.disabled = true;
    await recheckEveryone();
    const after = await whoami(jar);
    expect(after.status).toBe(401);
    expect((await whoami(other.jar)).status).toBe(401);
    const { rows } = await server.pool.query<{ state: string }>('select state from identities where id = $1', [me.body.user?.id]);
    expect(rows[0]?.state).toBe('inactive');

    // Still disabled at the provider: its refusal is what the sign-in page shows.
    const refused = await signIn(user);
    expect(await loginMessage(refused.jar, refused.location)).toMatch(/^Test SSO refused the sign-in: /);
    expect((await whoami(refused.jar)).status).toBe(401);

    user.disabled = false;
    const back = await signIn(user);
    expect(back.location).toBe('/');
    const again = await whoami(back.jar);
    expect(again.status).toBe(200);
    expect(again.body.user?.id).toBe(me.body.user?.id);
  });

  it('tells a person with a password why their account is disabled, and only after the right password', async () => {
    const email = uniqueEmail('password');
    await register(browser(server), email);
    // The provider vouches for the same verified address, so the sign-in links the password account.
    const user = provider.add({ sub: randomUUID(), email, name: 'Dorothy Vaughan', groups: ['sre'] });
    expect((await whoami((await signIn(user)).jar)).status).toBe(200);
    user.disabled = true;
    await recheckEveryone();

    const refused = await rejection(signInWithPassword(browser(server), email));
    const texts = (refused.body as { ui?: { messages?: Array<{ text: string }> } }).ui?.messages?.map((message) => message.text);
    expect(texts).toEqual(['Your Pharos account is disabled because Test SSO no longer lists you. Ask your Test SSO administrator to enable your account there, then sign in with Test SSO.']);
    const wrong = await rejection(signInWithPassword(browser(server), email, 'not the password'));
    const wrongTexts = (wrong.body as { ui?: { messages?: Array<{ text: string }> } }).ui?.messages?.map((message) => message.text) ?? [];
    expect(wrongTexts.length).toBeGreaterThan(0);
    expect(wrongTexts.join(' ')).not.toContain('Test SSO');
  });

  it('ends a session at its next use once the interval passed and the provider no longer lists the person, saying why', async () => {
    const user = person(['sre']);
    const { jar } = await signIn(user);
    const me = await whoami(jar);
    user.disabled = true;
    // Within the interval the provider is not asked.
    expect((await whoami(jar)).status).toBe(200);
    await makeCheckDue(me.body.user?.id ?? '');
    const ended = await whoami(jar);
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe(
      'Test SSO no longer lists your account, so your Pharos account is disabled and your session ended. Ask your Test SSO administrator to enable it, then sign in with Test SSO again.',
    );
  });

  it('changes roles when the provider lists other groups, without signing in again', async () => {
    // Another administrator, since the last one keeps admin whatever the groups say.
    await server.tokenFor(['admin']);
    const user = person(['sre']);
    const { jar } = await signIn(user);
    const me = await whoami(jar);
    expect(me.body.user?.roles).toEqual(['responder']);

    user.groups = ['ops-admins'];
    await makeCheckDue(me.body.user?.id ?? '');
    expect((await whoami(jar)).body.user?.roles).toEqual(['admin']);

    user.groups = ['sre'];
    await recheckEveryone();
    expect((await whoami(jar)).body.user?.roles).toEqual(['responder']);
  });
});
