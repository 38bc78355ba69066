import type { Role } from '@pharos/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, csrfOf, nodeNamed, PASSWORD, register, rejection, signIn, uniqueEmail, type Browser } from '../support/identity.js';
import { type TestServer } from '../support/server.js';
import { startMailingServer, type MailingServer } from '../support/mailing-server.js';
import { codeOf, type TestSmtpServer } from '../support/smtp.js';

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

/** A signed-in browser of a person holding `roles`. */
async function signedIn(roles: Role[]): Promise<{ b: Browser; id: string; email: string }> {
  const b = browser(server);
  const email = uniqueEmail(roles.join('-') || 'viewer');
  const registered = await register(b, email);
  if (roles.length > 0) {
    await server.pool.query('insert into person_roles (person_id, role) select $1, unnest($2::text[])', [registered.identity.id, roles]);
  }
  return { b, id: registered.identity.id, email };
}

function post(b: Browser, path: string, body: unknown): Promise<Response> {
  return b.fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(body) });
}

describe('GET /api/auth/whoami', () => {
  it('answers the user and the permissions of their roles, for a session and for a bearer token', async () => {
    const { b, id, email } = await signedIn([]);
    const response = await b.fetch(`${server.url}/api/auth/whoami`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: Record<string, unknown>; permissions: Record<string, { read: boolean; write: boolean }> };
    expect(body.user).toEqual({ id, name: 'Ada Lovelace', email, avatar: null, roles: [] });
    expect(body.permissions['incident']).toEqual({ read: true, write: false });
    expect(body.permissions['identities']).toEqual({ read: false, write: false });

    const token = await server.tokenFor(['editor']);
    const byToken = await fetch(`${server.url}/api/auth/whoami`, { headers: { authorization: `Bearer ${token}` } });
    const tokenBody = (await byToken.json()) as { user: { roles: string[] }; permissions: Record<string, { write: boolean }> };
    expect(tokenBody.user.roles).toEqual(['editor']);
    expect(tokenBody.permissions['playbooks']?.write).toBe(true);
    expect((await fetch(`${server.url}/api/auth/whoami`)).status).toBe(401);
  });
});

describe('POST /api/auth/invite_user', () => {
  it('needs write on identities: a viewer and an editor are refused', async () => {
    const viewer = await signedIn([]);
    const editor = await signedIn(['editor']);
    const invitation = { firstName: 'Ann', lastName: 'Other', email: uniqueEmail('refused'), role: 'viewer' };
    expect((await post(viewer.b, '/api/auth/invite_user', invitation)).status).toBe(403);
    expect((await post(editor.b, '/api/auth/invite_user', invitation)).status).toBe(403);
    const people = await server.pool.query('select 1 from people where email = $1', [invitation.email]);
    expect(people.rowCount).toBe(0);
  });

  it.each([
    [{ lastName: 'L', email: 'a@example.com', role: 'viewer' }, 'firstName', 'Please provide valid first name'],
    [{ firstName: 'F', lastName: ' ', email: 'a@example.com', role: 'viewer' }, 'lastName', 'Please provide valid last name'],
    [{ firstName: 'F', lastName: 'L', role: 'viewer' }, 'email', 'Please provide valid email'],
    [{ firstName: 'F', lastName: 'L', email: 'not-an-email', role: 'viewer' }, 'email', 'Entered value does not match email format'],
    [{ firstName: 'F', lastName: 'L', email: 'a@example.com' }, 'role', 'Please select any role'],
    [{ firstName: 'F', lastName: 'L', email: 'a@example.com', role: 'overlord' }, 'role', 'Please select any role'],
  ])('validates %j', async (body, field, message) => {
    const admin = await signedIn(['admin']);
    const response = await post(admin.b, '/api/auth/invite_user', body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(answer.errors[field]).toBe(message);
    expect(answer.message).toBe(Object.values(answer.errors)[0]);
  });

  it('creates identity, person and role, mails a link and code, and the invited person sets a password with them', async () => {
    const admin = await signedIn(['admin']);
    const email = uniqueEmail('invited');
    const response = await post(admin.b, '/api/auth/invite_user', { firstName: 'Ivy', lastName: 'Invited', email: email.toUpperCase(), role: 'responder' });
    expect(response.status).toBe(200);
    const identity = (await response.json()) as { id: string; traits: unknown; verifiable_addresses: Array<{ verified: boolean }> };
    expect(identity.traits).toEqual({ email, name: { first: 'Ivy', last: 'Invited' } });
    expect(identity.verifiable_addresses[0]?.verified).toBe(false);
    const roles = await server.pool.query<{ roles: string[]; name: string }>('select roles, name from people_roles where id = $1', [identity.id]);
    expect(roles.rows[0]).toEqual({ roles: ['responder'], name: 'Ivy Invited' });
    // The users list reads them as invited until they accept; a person who registered is not.
    const invited = async (id: string) => {
      const answer = await admin.b.fetch(`${server.url}/api/db/people_roles?id=eq.${id}&select=invited`);
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { invited: boolean }[])[0]?.invited;
    };
    expect(await invited(identity.id)).toBe(true);
    expect(await invited(admin.id)).toBe(false);

    const duplicate = await post(admin.b, '/api/auth/invite_user', { firstName: 'Ivy', lastName: 'Again', email, role: 'viewer' });
    expect(duplicate.status).toBe(409);

    const mail = await smtp.waitFor(email, (m) => m.subject.includes('invited'));
    const link = /https?:\/\/\S+\/recovery\?flow=([0-9a-f-]{36})/.exec(mail.text);
    expect(link?.[0].startsWith(server.url)).toBe(true);
    const flowId = link?.[1] ?? '';

    // The invitee opens the link in their own browser.
    const invitee = browser(server);
    const flow = await invitee.api.getRecoveryFlow({ id: flowId });
    expect(flow.state).toBe('sent_email');
    expect(nodeNamed(flow.ui, 'code')).toBeDefined();
    const passed = await rejection(
      invitee.api.updateRecoveryFlow({ flow: flowId, updateRecoveryFlowBody: { method: 'code', code: codeOf(mail), csrf_token: csrfOf(flow) } }),
    );
    expect(passed.status).toBe(422);
    const settingsId = new URLSearchParams(String(passed.body['redirect_browser_to']).split('?')[1]).get('flow') ?? '';
    const settings = await invitee.api.getSettingsFlow({ id: settingsId });
    await invitee.api.updateSettingsFlow({ flow: settingsId, updateSettingsFlowBody: { method: 'password', password: PASSWORD, csrf_token: csrfOf(settings) } });
    const session = (await signIn(browser(server), email)).session;
    expect(session.identity?.id).toBe(identity.id);
    expect(session.identity?.verifiable_addresses?.[0]?.verified).toBe(true);
    expect(await invited(identity.id)).toBe(false);

    // Once opened, the invitation belongs to that browser.
    expect((await rejection(browser(server).api.getRecoveryFlow({ id: flowId }))).status).toBe(403);
  });

  it('turns a person who only had an API token into an identity, keeping their id', async () => {
    const email = uniqueEmail('tokenholder');
    await server.tokenFor(['viewer'], email);
    const person = await server.pool.query<{ id: string }>('select id from people where email = $1', [email]);
    const admin = await signedIn(['admin']);
    const response = await post(admin.b, '/api/auth/invite_user', { firstName: 'Tom', lastName: 'Token', email, role: 'editor' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: string }).id).toBe(person.rows[0]?.id);
    // Self-registration cannot take such a person over.
    const other = uniqueEmail('taken');
    await server.tokenFor(['admin'], other);
    const b = browser(server);
    const flow = await b.api.createBrowserRegistrationFlow();
    // It answers as for any address (telling nothing), but no identity takes the person.
    await b.api.updateRegistrationFlow({ flow: flow.id, updateRegistrationFlowBody: { method: 'password', password: PASSWORD, traits: { email: other }, csrf_token: csrfOf(flow) } });
    const identities = await server.pool.query('select 1 from identities i join people p on p.id = i.id where p.email = $1', [other]);
    expect(identities.rowCount).toBe(0);
    expect((await rejection(signIn(browser(server), other))).status).toBe(400);
  });
});

describe('POST /api/rbac/:id/update_role', () => {
  it('needs write on rbac: a viewer and an editor are refused, an admin may', async () => {
    const target = await signedIn([]);
    // Roles go only to an account that proved its address (security/role-grants.test.ts).
    await server.pool.query('update identity_verifiable_addresses set verified = true where identity_id = $1', [target.id]);
    const viewer = await signedIn([]);
    const editor = await signedIn(['editor']);
    const admin = await signedIn(['admin']);
    expect((await post(viewer.b, `/api/rbac/${target.id}/update_role`, { roles: ['admin'] })).status).toBe(403);
    expect((await post(editor.b, `/api/rbac/${target.id}/update_role`, { roles: ['admin'] })).status).toBe(403);
    const done = await post(admin.b, `/api/rbac/${target.id}/update_role`, { roles: ['commander', 'responder'] });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ id: target.id, roles: ['commander', 'responder'] });
    // The session sees the new roles at once.
    const whoami = (await (await target.b.fetch(`${server.url}/api/auth/whoami`)).json()) as { user: { roles: string[] } };
    expect([...whoami.user.roles].sort()).toEqual(['commander', 'responder']);
  });

  it('validates roles and the person, and applies to bearer tokens at once', async () => {
    const admin = await signedIn(['admin']);
    const email = uniqueEmail('tokened');
    const token = await server.tokenFor(['viewer'], email);
    const whoami = async () =>
      ((await (await fetch(`${server.url}/api/auth/whoami`, { headers: { authorization: `Bearer ${token}` } })).json()) as { user: { id: string; roles: string[] } })
        .user;
    const before = await whoami();
    expect(before.roles).toEqual(['viewer']);

    for (const body of [{}, { roles: [] }, { roles: ['overlord'] }]) {
      const response = await post(admin.b, `/api/rbac/${before.id}/update_role`, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe('Please select any role');
    }
    const missing = await post(admin.b, '/api/rbac/00000000-0000-0000-0000-00000000abcd/update_role', { roles: ['viewer'] });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('Please select any user');

    expect((await post(admin.b, `/api/rbac/${before.id}/update_role`, { roles: ['editor'] })).status).toBe(200);
    expect((await whoami()).roles).toEqual(['editor']);
  });
});
