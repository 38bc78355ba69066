import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, csrfOf, register, uniqueEmail, type Browser } from '../support/identity.js';
import { startMailingServer, type MailingServer } from '../support/mailing-server.js';
import { codeOf } from '../support/smtp.js';

/**
 * The users page's role change (`POST /api/rbac/{id}/update_role`) gives roles to accounts, never
 * to an address somebody typed: an account that has not verified its email gets no role, with the
 * same reason `pharos token create` gives, until it verifies; taking roles away needs no proof.
 */

let mailing: MailingServer;
let adminToken: string;

beforeAll(async () => {
  mailing = await startMailingServer();
  adminToken = await mailing.server.tokenFor(['admin']);
});

afterAll(async () => {
  await mailing?.close();
});

function updateRoles(personId: string, roles: string[]): Promise<Response> {
  return fetch(`${mailing.server.url}/api/rbac/${personId}/update_role`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ roles }),
  });
}

async function rolesOf(personId: string): Promise<string[]> {
  const { rows } = await mailing.server.pool.query<{ role: string }>('select role from person_roles where person_id = $1 order by role', [personId]);
  return rows.map((row) => row.role);
}

async function verify(b: Browser, email: string): Promise<void> {
  await mailing.smtp.waitFor(email);
  const flow = await b.api.createBrowserVerificationFlow();
  await b.api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', email, csrf_token: csrfOf(flow) } });
  await expect.poll(() => mailing.smtp.to(email).length).toBe(2);
  const done = await b.api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', code: codeOf(mailing.smtp.to(email)[1]!), csrf_token: csrfOf(flow) } });
  expect(done.state).toBe('passed_challenge');
}

describe('POST /api/rbac/{id}/update_role', () => {
  it('refuses a role to an account whose email is unverified, with the reason, and gives it once verified', async () => {
    const email = uniqueEmail('squatter-role');
    const b = browser(mailing.server);
    const { identity } = await register(b, email);

    const refused = await updateRoles(identity.id, ['admin']);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { message: string };
    expect(body.message).toContain(`The account of ${email} has not verified its email address, so nothing is given to it`);
    expect(await rolesOf(identity.id)).toEqual([]);

    await verify(b, email);
    const granted = await updateRoles(identity.id, ['editor']);
    expect(granted.status).toBe(200);
    expect(await rolesOf(identity.id)).toEqual(['editor']);
  });

  it('still takes roles away from an unverified account', async () => {
    const email = uniqueEmail('demoted');
    const { identity } = await register(browser(mailing.server), email);
    await mailing.server.pool.query(`insert into person_roles (person_id, role) values ($1, 'editor'), ($1, 'responder')`, [identity.id]);
    const response = await updateRoles(identity.id, ['responder']);
    expect(response.status).toBe(200);
    expect(await rolesOf(identity.id)).toEqual(['responder']);
  });
});
