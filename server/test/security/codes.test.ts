import { randomBytes } from 'node:crypto';
import type { UiContainer } from '@ory/client-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digest } from '../../src/auth/identity/csrf.js';
import { CODE_LIMITS } from '../../src/auth/identity/code-limits.js';
import { createSetupToken, SETUP_TOKEN_LIFESPAN_MS } from '../../src/auth/identity/setup.js';
import { browser, csrfOf, PASSWORD, register, rejection, uniqueEmail, type Browser } from '../support/identity.js';
import { freshDatabase, type TestServer } from '../support/server.js';
import { startMailingServer, type MailingServer } from '../support/mailing-server.js';
import { codeOf, type TestSmtpServer } from '../support/smtp.js';
import { until } from '../support/until.js';
import pg from 'pg';

/**
 * Recovery and verification codes: sends are limited per flow and per address (the same for
 * addresses that have no account, so the answers tell nothing), tries are counted one by one even
 * when they come all at once, and a new code does not buy new guesses beyond the address's cap.
 * The first-run setup link stops working once any account exists.
 */

let mailing: MailingServer;
let server: TestServer;
let smtp: TestSmtpServer;

beforeAll(async () => {
  mailing = await startMailingServer();
  ({ server, smtp } = mailing);
});

afterAll(async () => {
  await mailing?.close();
});

async function submitEmail(b: Browser, flowId: string, csrf: string, email: string): Promise<number> {
  try {
    await b.api.updateRecoveryFlow({ flow: flowId, updateRecoveryFlowBody: { method: 'code', email, csrf_token: csrf } });
    return 200;
  } catch (error) {
    return (await rejection(Promise.reject(error))).status;
  }
}

/** Waits for `count` mails to `email` to arrive, then a moment more for any mail beyond them. */
async function mailsArrived(email: string, count: number): Promise<void> {
  await until(async () => smtp.to(email).length, (arrived) => arrived >= count);
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe('sending codes', () => {
  it.each([
    ['an address with an account', true],
    ['an address without one', false],
  ])('ten resends at once in one flow send %s at most three codes', async (_label, withAccount) => {
    const email = uniqueEmail('resend');
    if (withAccount) await register(browser(server), email);
    const b = browser(server);
    const flow = await b.api.createBrowserRecoveryFlow();
    const statuses = await Promise.all(Array.from({ length: 10 }, () => submitEmail(b, flow.id, csrfOf(flow), email)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(CODE_LIMITS.sendsPerFlow);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10 - CODE_LIMITS.sendsPerFlow);
    const expectedMails = withAccount ? 1 + CODE_LIMITS.sendsPerFlow : 0;
    await mailsArrived(email, expectedMails);
    expect(smtp.to(email)).toHaveLength(expectedMails);
  });

  it('across flows, an address gets at most five codes per hour', async () => {
    const email = uniqueEmail('many-flows');
    await register(browser(server), email); // its verification code is the first of the five
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const b = browser(server);
      const flow = await b.api.createBrowserRecoveryFlow();
      statuses.push(await submitEmail(b, flow.id, csrfOf(flow), email));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 400, 400, 400]);
    const refused = await (async () => {
      const b = browser(server);
      const flow = await b.api.createBrowserRecoveryFlow();
      return rejection(b.api.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', email, csrf_token: csrfOf(flow) } }));
    })();
    expect((refused.body['ui'] as UiContainer).messages?.[0]?.text).toBe('Too many codes were asked for this address. Wait a while, then ask for a new one.');
    await mailsArrived(email, CODE_LIMITS.sendsPerAddress);
    expect(smtp.to(email)).toHaveLength(CODE_LIMITS.sendsPerAddress);
  });
});

describe('guessing codes', () => {
  it('twelve wrong guesses at once are all counted, and the right code is refused after them', async () => {
    const email = uniqueEmail('guessed');
    const b = browser(server);
    const registered = await register(b, email);
    const verification = registered.continue_with?.find((item) => item.action === 'show_verification_ui') as { flow: { id: string } };
    const flow = await b.api.getVerificationFlow({ id: verification.flow.id });
    const code = codeOf(await smtp.waitFor(email));
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () =>
        rejection(b.api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', code: wrong, csrf_token: csrfOf(flow) } })),
      ),
    );
    expect(guesses.every((guess) => guess.status === 400)).toBe(true);
    const { rows } = await server.pool.query<{ n: string }>("select count(*) as n from identity_code_events where event = 'try' and flow_id = $1", [flow.id]);
    expect(Number(rows[0]?.n)).toBe(CODE_LIMITS.triesPerCode);
    const right = await rejection(b.api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', code, csrf_token: csrfOf(flow) } }));
    expect(right.status).toBe(400);
    const address = await server.pool.query<{ verified: boolean }>('select verified from identity_verifiable_addresses where value = $1', [email]);
    expect(address.rows[0]?.verified).toBe(false);
  });
});

describe('the first-run setup link', () => {
  it('makes no administrator once an account exists', async () => {
    const token = randomBytes(32).toString('base64url');
    // A link printed while the database was empty, opened after others registered.
    await server.pool.query("insert into identity_setup_tokens (token_hash, expires_at) values ($1, now() + interval '1 hour')", [digest(token)]);
    try {
      const b = browser(server);
      const opened = await b.fetch(`${server.url}/api/.ory/self-service/registration/browser?setup_token=${token}`, { headers: { accept: 'application/json' } });
      expect(opened.status).toBe(200);
      const flow = (await opened.json()) as { id: string; ui: UiContainer };
      // The flow keeps neither the token in its URL nor in its form.
      const stored = await server.pool.query("select 1 from identity_flows f where f::text like '%' || $1 || '%'", [token]);
      expect(stored.rowCount).toBe(0);
      const email = uniqueEmail('late-setup');
      const traits = { email, name: { first: 'L', last: 'S' } };
      // Sent back explicitly, the token is refused ...
      const explicit = await b.fetch(`${server.url}/api/.ory/self-service/registration?flow=${flow.id}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'password', csrf_token: csrfOf(flow), password: PASSWORD, traits, setup_token: token }),
      });
      expect(explicit.status).toBe(400);
      const body = (await explicit.json()) as { ui: UiContainer };
      expect(body.ui.messages?.[0]?.text).toBe('This setup link is invalid or has been used already.');
      // ... and left out (as Kratos clients do), the flow does not carry it: an ordinary account.
      await b.api.updateRegistrationFlow({ flow: flow.id, updateRegistrationFlowBody: { method: 'password', csrf_token: csrfOf(flow), password: PASSWORD, traits } });
      const created = await server.pool.query("select 1 from identities where traits ->> 'email' = $1", [email]);
      expect(created.rowCount).toBe(1);
      const roles = await server.pool.query("select 1 from person_roles pr join people p on p.id = pr.person_id where lower(p.email) = $1 and pr.role = 'admin'", [email]);
      expect(roles.rowCount).toBe(0);
    } finally {
      await server.pool.query('delete from identity_setup_tokens where token_hash = $1', [digest(token)]);
    }
  });

  it('lasts an hour at most, and is not made once an account exists', async () => {
    const database = await freshDatabase();
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    try {
      expect(SETUP_TOKEN_LIFESPAN_MS).toBeLessThanOrEqual(3_600_000);
      const token = await createSetupToken(pool);
      expect(token).not.toBeNull();
      const { rows } = await pool.query<{ seconds: number }>('select extract(epoch from expires_at - created_at) as seconds from identity_setup_tokens');
      expect(Number(rows[0]?.seconds)).toBeLessThanOrEqual(3600);
      await pool.query("insert into people (id, name, email) values ('00000000-0000-0000-0000-00000000a001', 'First', 'first@example.com')");
      await pool.query("insert into identities (id, traits) values ('00000000-0000-0000-0000-00000000a001', '{\"email\":\"first@example.com\"}')");
      expect(await createSetupToken(pool)).toBeNull();
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});
