import { Writable } from 'node:stream';
import { Configuration, FrontendApi, type UiContainer } from '@ory/client-fetch';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializers } from '../../src/logger.js';
import { browser, csrfOf, identityOptions, PASSWORD, register, rejection, signIn, submitRegistration, uniqueEmail } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ identity: identityOptions() });
});

afterAll(async () => {
  await server?.close();
});

describe('cookies', () => {
  it('keeps the session in an HttpOnly, SameSite=Lax cookie on path /, and the anti-CSRF secret likewise', async () => {
    const b = browser(server);
    await register(b, uniqueEmail('cookie'));
    const session = b.jar.get('pharos_session');
    expect(session).toMatchObject({ httpOnly: true, path: '/', secure: false });
    expect(session?.sameSite?.toLowerCase()).toBe('lax');
    expect(session?.expires).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const csrf = b.jar.get('pharos_csrf');
    expect(csrf).toMatchObject({ httpOnly: true, path: '/' });
    expect(csrf?.sameSite?.toLowerCase()).toBe('lax');
  });

  it('marks cookies Secure when the public URL is https, and honours PHAROS_SESSION_LIFESPAN', async () => {
    const https = await startTestServer({ identity: identityOptions({ publicUrl: 'https://pharos.example.com', sessionLifespanMs: 3600_000 }) });
    try {
      const b = browser(https);
      const flow = await b.api.createBrowserRegistrationFlow();
      expect(flow.ui.action).toBe(`https://pharos.example.com/api/.ory/self-service/registration?flow=${flow.id}`);
      expect(b.jar.get('pharos_csrf')?.secure).toBe(true);
      const email = uniqueEmail('secure');
      await b.api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { method: 'password', csrf_token: csrfOf(flow), password: PASSWORD, traits: { email } },
      });
      await signIn(b, email);
      const session = b.jar.get('pharos_session');
      expect(session?.secure).toBe(true);
      expect(session?.expires).toBeLessThan(Date.now() + 3601_000);
      const stored = await https.pool.query<{ lifespan: number }>(
        "select extract(epoch from expires_at - issued_at) as lifespan from identity_sessions where identity_id = (select id from identities where traits->>'email' = $1)",
        [String((await b.api.toSession()).identity?.traits.email)],
      );
      expect(Math.round(Number(stored.rows[0]?.lifespan))).toBe(3600);
    } finally {
      await https.close();
    }
  });
});

describe('failed sign-ins', () => {
  it('locks an identifier after 5 failures, even for the right password, with a clear message', async () => {
    const email = uniqueEmail('locked');
    await register(browser(server), email);
    const b = browser(server);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const failure = await rejection(signIn(b, email, `wrong password ${attempt}`));
      expect((failure.body['ui'] as UiContainer).messages?.[0]?.id).toBe(4000006);
    }
    const locked = await rejection(signIn(b, email));
    expect(locked.status).toBe(400);
    expect((locked.body['ui'] as UiContainer).messages?.[0]).toMatchObject({
      id: 4000001,
      type: 'error',
      text: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });
    // Another person is not affected.
    const other = uniqueEmail('free');
    await register(browser(server), other);
    expect((await signIn(browser(server), other)).session.active).toBe(true);
    // The counts live in PostgreSQL, where every replica sees them.
    const rows = await server.pool.query('select 1 from identity_login_failures where identifier = $1', [email]);
    expect(rows.rowCount).toBe(5);
  });

  it('locks a client address after its limit, whatever identifier it tries', async () => {
    const proxied = await startTestServer({ identity: identityOptions({ trustProxy: true, maxFailuresPerAddress: 3 }) });
    try {
      const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
      await proxied.pool.query('delete from identity_login_failures where address = $1', [address]);
      const email = uniqueEmail('victim');
      await submitRegistration(browser(proxied), email);
      const from = (client: string): FrontendApi => {
        const jar = browser(proxied).jar;
        return new FrontendApi(
          new Configuration({
            basePath: `${proxied.url}/api/.ory`,
            fetchApi: (input: string | URL | Request, init: RequestInit = {}) =>
              jar.fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), 'x-forwarded-for': client } }),
            headers: { Accept: 'application/json' },
          }),
        );
      };
      const api = from(address);
      const tryOnce = async (identifier: string, password: string) => {
        const flow = await api.createBrowserLoginFlow();
        return rejection(api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier, password, csrf_token: csrfOf(flow) } }));
      };
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await tryOnce(uniqueEmail('spray'), 'password guess')).status).toBe(400);
      }
      const blocked = await tryOnce(email, PASSWORD);
      expect((blocked.body['ui'] as UiContainer).messages?.[0]?.text).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
      // The same person from their own address still gets in.
      const own = from(`198.51.100.${Math.floor(Math.random() * 250) + 1}`);
      const flow = await own.createBrowserLoginFlow();
      const done = await own.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'password', identifier: email, password: PASSWORD, csrf_token: csrfOf(flow) },
      });
      expect(done.session.active).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});

describe('secrets at rest and in logs', () => {
  it('stores no password in clear anywhere in the database, only argon2id hashes', async () => {
    const password = `clear-text-${Math.random().toString(36).slice(2)}`;
    const email = uniqueEmail('hash');
    const b = browser(server);
    await register(b, email, password);
    await rejection(signIn(browser(server), email, `${password}-wrong`));
    const { rows: tables } = await server.pool.query<{ name: string }>(
      "select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    for (const { name } of tables) {
      const found = await server.pool.query(`select 1 from ${name} t where t::text like $1 limit 1`, [`%${password}%`]);
      expect(found.rowCount, `table ${name}`).toBe(0);
    }
    const credential = await server.pool.query<{ config: { hashed_password: string } }>(
      "select config from identity_credentials where type = 'password' and identity_id = (select id from identities where traits->>'email' = $1)",
      [email],
    );
    expect(credential.rows[0]?.config.hashed_password).toMatch(/^\$argon2id\$v=19\$/);
  });

  it('never writes passwords, request bodies or URL tokens to the log', async () => {
    let output = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        output += chunk.toString('utf8');
        callback();
      },
    });
    const logged = await startTestServer({ identity: identityOptions(), logger: pino({ level: 'trace', serializers }, sink) });
    try {
      const password = `logged-${Math.random().toString(36).slice(2)}`;
      const email = uniqueEmail('logs');
      const b = browser(logged);
      await register(b, email, password);
      await rejection(signIn(browser(logged), email, `${password}-typo`));
      await signIn(browser(logged), email, password);
      const settings = await b.api.createBrowserSettingsFlow();
      await b.api.updateSettingsFlow({ flow: settings.id, updateSettingsFlowBody: { method: 'password', password: `${password}-2`, csrf_token: csrfOf(settings) } });
      const logout = await b.api.createBrowserLogoutFlow();
      await b.api.updateLogoutFlow({ token: logout.logout_token });

      expect(output).toContain('incoming request');
      expect(output).toContain('/self-service/login');
      expect(output).not.toContain(password);
      expect(output).not.toContain(logout.logout_token);
      expect(output).toContain('token=[redacted]');
      expect(output).not.toContain(csrfOf(settings));
    } finally {
      await logged.close();
    }
  });
});

describe('the session on the API', () => {
  it('works on every /api route, refuses cross-origin writes, and dies with its identity', async () => {
    const email = uniqueEmail('api');
    const b = browser(server);
    const registered = await register(b, email);
    const whoami = await b.fetch(`${server.url}/api/auth/whoami`);
    expect(whoami.status).toBe(200);
    expect(((await whoami.json()) as { user: { email: string } }).user.email).toBe(email);
    const read = await b.fetch(`${server.url}/api/db/people?select=id&id=eq.${registered.identity.id}`);
    expect(read.status).toBe(200);

    const crossSite = await b.fetch(`${server.url}/api/auth/invite_user`, {
      method: 'POST',
      headers: { origin: 'https://evil.example.com', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);

    const admin = await server.tokenFor(['admin']);
    const deleted = await fetch(`${server.url}/api/db/identities?id=eq.${registered.identity.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(deleted.status).toBeLessThan(300);
    expect((await b.fetch(`${server.url}/api/auth/whoami`)).status).toBe(401);
    expect((await rejection(b.api.toSession())).status).toBe(401);
    expect((await rejection(signIn(browser(server), email))).status).toBe(400);
  });
});
