import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { browser, csrfOf, PASSWORD, register, rejection, signIn, uniqueEmail } from '../support/identity.js';
import { type TestServer } from '../support/server.js';
import { startMailingServer, type MailingServer } from '../support/mailing-server.js';
import { codeOf, type TestSmtpServer } from '../support/smtp.js';

/**
 * Roles go to identities, never to an email string somebody typed: an address claimed without proof
 * (a sign-up nobody verified, an email change not yet confirmed) gets nothing from `token create`,
 * `user create` or an invitation, and an email change counts only once its code comes back.
 */

let mailing: MailingServer;
let server: TestServer;
let smtp: TestSmtpServer;
let env: Record<string, string>;
let adminToken: string;

beforeAll(async () => {
  mailing = await startMailingServer();
  ({ server, smtp } = mailing);
  env = { DATABASE_URL: inject('databaseUrl') };
  adminToken = await server.tokenFor(['admin']);
});

afterAll(async () => {
  await mailing?.close();
});

async function rolesOf(email: string): Promise<string[]> {
  const { rows } = await server.pool.query<{ role: string }>(
    'select pr.role from person_roles pr join people p on p.id = pr.person_id where lower(p.email) = lower($1) and p.deleted_at is null order by pr.role',
    [email],
  );
  return rows.map((row) => row.role);
}

function invite(email: string, role = 'admin'): Promise<Response> {
  return fetch(`${server.url}/api/auth/invite_user`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Invited', lastName: 'Person', email, role }),
  });
}

describe('an unverified sign-up', () => {
  it('gets no role from pharos token create, which says why', async () => {
    const email = uniqueEmail('squatter');
    await register(browser(server), email);
    const result = await runCli(['token', 'create', '--email', email, '--role', 'admin'], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The account of ${email} has not verified its email address`);
    expect(await rolesOf(email)).toEqual([]);
  });

  it('gets no role from pharos user create, which refuses the address', async () => {
    const email = uniqueEmail('squatter-user');
    await register(browser(server), email);
    const result = await runCli(['user', 'create', '--email', email, '--first-name', 'A', '--last-name', 'B', '--role', 'admin', '--password', PASSWORD], env);
    expect(result.code).toBe(1);
    expect(await rolesOf(email)).toEqual([]);
  });

  it('is not adopted by an invitation to its address', async () => {
    const email = uniqueEmail('squatter-invite');
    await register(browser(server), email);
    const response = await invite(email);
    expect(response.status).toBe(409);
    expect(await rolesOf(email)).toEqual([]);
  });

  it('once verified, may be given roles by token create', async () => {
    const email = uniqueEmail('verified');
    const b = browser(server);
    await register(b, email);
    await smtp.waitFor(email);
    const flows = await b.api.createBrowserVerificationFlow();
    const sent = await b.api.updateVerificationFlow({ flow: flows.id, updateVerificationFlowBody: { method: 'code', email, csrf_token: csrfOf(flows) } });
    expect(sent.state).toBe('sent_email');
    await expect.poll(() => smtp.to(email).length).toBe(2);
    const done = await b.api.updateVerificationFlow({
      flow: flows.id,
      updateVerificationFlowBody: { method: 'code', code: codeOf(smtp.to(email)[1]!), csrf_token: csrfOf(flows) },
    });
    expect(done.state).toBe('passed_challenge');
    const result = await runCli(['token', 'create', '--email', email, '--role', 'editor'], env);
    expect(result.code).toBe(0);
    expect(await rolesOf(email)).toEqual(['editor']);
  });
});

describe('an email change', () => {
  async function changeEmail(b: ReturnType<typeof browser>, next: string) {
    const settings = await b.api.createBrowserSettingsFlow();
    return b.api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: { method: 'profile', traits: { email: next, name: { first: 'A', last: 'B' } }, csrf_token: csrfOf(settings) },
    });
  }

  it('to a colleague\'s address that an admin then invites: the invitation makes a new account, the claimant gets nothing', async () => {
    const claimant = uniqueEmail('claimant');
    const b = browser(server);
    await register(b, claimant);
    const colleague = uniqueEmail('colleague');
    expect((await changeEmail(b, colleague)).state).toBe('success');
    const response = await invite(colleague);
    expect(response.status).toBe(200);
    const invited = (await response.json()) as { id: string };
    const { rows } = await server.pool.query<{ id: string }>('select id from people where lower(email) = lower($1) and deleted_at is null', [claimant]);
    expect(invited.id).not.toBe(rows[0]?.id);
    expect(await rolesOf(claimant)).toEqual([]);
    expect(await rolesOf(colleague)).toEqual(['admin']);
    expect((await rejection(signIn(browser(server), colleague))).status).toBe(400);
  });

  it('counts nowhere until its code comes back: the address given away meanwhile, the change lapses', async () => {
    const before = uniqueEmail('mover');
    const b = browser(server);
    await register(b, before);
    const after = uniqueEmail('moved');
    const changed = await changeEmail(b, after);
    expect(changed.identity.traits).toMatchObject({ email: before });
    expect(await rolesOf(before)).toEqual([]);
    const tokenBefore = await runCli(['token', 'create', '--email', after, '--role', 'admin'], env);
    expect(tokenBefore.code).toBe(0);
    // That token went to a new person for the unclaimed address, not to the mover.
    const { rows: movers } = await server.pool.query<{ email: string }>('select email from people where id = $1', [changed.identity.id]);
    expect(movers[0]?.email).toBe(before);

    const verification = changed.continue_with?.find((item) => item.action === 'show_verification_ui') as { flow: { id: string } } | undefined;
    expect(verification).toBeDefined();
    const flow = await b.api.getVerificationFlow({ id: verification!.flow.id });
    const mail = await smtp.waitFor(after);
    const done = await b.api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', code: codeOf(mail), csrf_token: csrfOf(flow) } });
    expect(done.state).toBe('passed_challenge');
    // The address was taken meanwhile by the token's person: the change lapses.
    expect((await server.pool.query<{ email: string }>('select email from people where id = $1', [changed.identity.id])).rows[0]?.email).toBe(before);
  });

  it('confirmed by its code becomes the sign-in email and the person\'s email', async () => {
    const before = uniqueEmail('confirm');
    const b = browser(server);
    const registered = await register(b, before);
    const after = uniqueEmail('confirmed');
    const changed = await changeEmail(b, after);
    const verification = changed.continue_with?.find((item) => item.action === 'show_verification_ui') as { flow: { id: string } };
    const flow = await b.api.getVerificationFlow({ id: verification.flow.id });
    const done = await b.api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', code: codeOf(await smtp.waitFor(after)), csrf_token: csrfOf(flow) },
    });
    expect(done.state).toBe('passed_challenge');
    const { rows } = await server.pool.query<{ email: string }>('select email from people where id = $1', [registered.identity.id]);
    expect(rows[0]?.email).toBe(after);
    expect((await signIn(browser(server), after)).session.active).toBe(true);
    expect((await rejection(signIn(browser(server), before))).status).toBe(400);
  });
});
