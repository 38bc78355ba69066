import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, register, signIn, uniqueEmail, type Browser } from '../support/identity.js';
import { startMailingServer, type MailingServer } from '../support/mailing-server.js';
import type { TestServer } from '../support/server.js';
import type { TestSmtpServer } from '../support/smtp.js';

/** The users page's calls in organization mode act on the current organization, not on the installation. */
let mailing: MailingServer;
let server: TestServer;
let smtp: TestSmtpServer;

beforeAll(async () => {
  mailing = await startMailingServer({ authMode: 'organizations', orgSelfService: true, requireVerifiedEmail: false });
  ({ server, smtp } = mailing);
});

afterAll(async () => {
  await mailing?.close();
});

interface Person {
  b: Browser;
  id: string;
  email: string;
}

async function person(prefix: string): Promise<Person> {
  const b = browser(server);
  const email = uniqueEmail(prefix);
  const { identity } = await register(b, email);
  await server.pool.query("update identity_verifiable_addresses set verified = true, status = 'completed' where identity_id = $1", [identity.id]);
  return { b, id: identity.id, email };
}

function call(b: Browser, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { origin: server.url };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return b.fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function rolesOf(b: Browser): Promise<string[]> {
  return (await json<{ user: { roles: string[] } }>(await call(b, 'GET', '/api/auth/whoami'), 200)).user.roles;
}

async function installationRoles(personId: string): Promise<string[]> {
  const { rows } = await server.pool.query<{ role: string }>('select role::text from person_roles where person_id = $1 order by role', [personId]);
  return rows.map((row) => row.role);
}

/** An organization whose admin invited `member` with `role` through the users page, and who then signed in. */
async function organizationWithMember(prefix: string, role: string): Promise<{ admin: Person; member: Person; memberBrowser: Browser }> {
  const admin = await person(`${prefix}-admin`);
  await json(await call(admin.b, 'POST', '/api/organizations', { name: `Org ${prefix}`, slug: `${prefix}-${admin.id.slice(0, 8)}` }), 201);
  const member = await person(`${prefix}-member`);
  await json(await call(admin.b, 'POST', '/api/auth/invite_user', { firstName: 'Mem', lastName: 'Ber', email: member.email, role }), 201);
  const memberBrowser = browser(server);
  await signIn(memberBrowser, member.email);
  // The invitation is accepted by the first request of a session with the verified address.
  expect(await rolesOf(memberBrowser)).toEqual([role]);
  return { admin, member, memberBrowser };
}

describe('the users page in organization mode', () => {
  it('invites to the current organization with its invitation flow, creating no installation account', async () => {
    const admin = await person('inviter');
    await json(await call(admin.b, 'POST', '/api/organizations', { name: 'Invites', slug: `invites-${admin.id.slice(0, 8)}` }), 201);
    const email = uniqueEmail('newbie');
    const created = await json<{ id: string; email: string; role: string }>(
      await call(admin.b, 'POST', '/api/auth/invite_user', { firstName: 'New', lastName: 'Bie', email, role: 'responder' }),
      201,
    );
    expect(created).toMatchObject({ email, role: 'responder' });
    await smtp.waitFor(email, (mail) => mail.subject === 'You have been invited to Invites on Pharos');
    const open = await json<{ id: string; email: string }[]>(await call(admin.b, 'GET', '/api/organizations/current/invitations'), 200);
    expect(open.map((row) => row.email)).toEqual([email]);
    const identities = await server.pool.query('select 1 from identity_verifiable_addresses where lower(value) = $1', [email]);
    expect(identities.rowCount).toBe(0);
    const again = await json<{ message: string }>(await call(admin.b, 'POST', '/api/auth/invite_user', { firstName: 'New', lastName: 'Bie', email, role: 'viewer' }), 409);
    expect(again.message).toBe(`${email} has already been invited: revoke that invitation first`);
    const invalid = await json<{ errors: Record<string, string> }>(await call(admin.b, 'POST', '/api/auth/invite_user', { email: uniqueEmail('other'), role: 'owner' }), 400);
    expect(invalid.errors['role']).toBe('Please select any role');
  });

  it('changes the organization role, not the installation roles, and keeps the last administrator', async () => {
    const { admin, member, memberBrowser } = await organizationWithMember('roles', 'editor');
    expect(await rolesOf(memberBrowser)).toEqual(['editor']);
    expect(await json(await call(admin.b, 'POST', `/api/rbac/${member.id}/update_role`, { roles: ['viewer'] }), 200)).toEqual({ id: member.id, roles: ['viewer'] });
    expect(await rolesOf(memberBrowser)).toEqual(['viewer']);
    expect(await installationRoles(member.id)).toEqual([]);
    const members = await json<{ id: string; role: string }[]>(await call(admin.b, 'GET', '/api/organizations/current/members'), 200);
    expect(members.find((row) => row.id === member.id)?.role).toBe('viewer');

    const two = await json<{ message: string }>(await call(admin.b, 'POST', `/api/rbac/${member.id}/update_role`, { roles: ['viewer', 'editor'] }), 400);
    expect(two.message).toBe('A member has one role in an organization: choose one');
    const last = await json<{ message: string }>(await call(admin.b, 'POST', `/api/rbac/${admin.id}/update_role`, { roles: ['editor'] }), 400);
    expect(last.message).toBe('An organization needs at least one administrator: make another member admin first');
    expect(await rolesOf(admin.b)).toEqual(['admin']);

    // Somebody outside the organization is not found in it, whatever their account.
    const stranger = await person('stranger');
    expect((await call(admin.b, 'POST', `/api/rbac/${stranger.id}/update_role`, { roles: ['viewer'] })).status).toBe(404);
  });

  it('invites with an address and a role alone, since the invited person chooses their own name', async () => {
    const admin = await person('nameless');
    await json(await call(admin.b, 'POST', '/api/organizations', { name: 'Nameless', slug: `nameless-${admin.id.slice(0, 8)}` }), 201);
    const email = uniqueEmail('invitee');
    expect(await json(await call(admin.b, 'POST', '/api/auth/invite_user', { email, role: 'viewer' }), 201)).toMatchObject({ email, role: 'viewer' });
    const refused = await json<{ message: string }>(await call(admin.b, 'POST', '/api/auth/invite_user', { email: 'nobody', role: 'viewer' }), 400);
    expect(refused.message).toBe('Entered value does not match email format');
  });

  it('lets only an administrator of the current organization invite and change roles', async () => {
    const { admin, memberBrowser } = await organizationWithMember('guard', 'editor');
    const invite = await call(memberBrowser, 'POST', '/api/auth/invite_user', { firstName: 'A', lastName: 'B', email: uniqueEmail('x'), role: 'admin' });
    expect(invite.status).toBe(403);
    expect((await call(memberBrowser, 'POST', `/api/rbac/${admin.id}/update_role`, { roles: ['viewer'] })).status).toBe(403);
    expect(await rolesOf(admin.b)).toEqual(['admin']);

    // An administrator of another organization changes nothing here.
    const other = await person('other-admin');
    await json(await call(other.b, 'POST', '/api/organizations', { name: 'Other', slug: `other-${other.id.slice(0, 8)}` }), 201);
    expect((await call(other.b, 'POST', `/api/rbac/${admin.id}/update_role`, { roles: ['viewer'] })).status).toBe(404);
    expect(await rolesOf(admin.b)).toEqual(['admin']);
  });

  it('removes a member from the organization, and refuses deleting the installation account', async () => {
    const { admin, member, memberBrowser } = await organizationWithMember('remove', 'viewer');
    const refused = await json<{ message: string }>(await call(admin.b, 'DELETE', `/api/db/identities?id=eq.${member.id}`), 403);
    expect(refused.message).toBe('permission denied: in organization mode a person is removed from the organization, not deleted from Pharos');
    await json(await call(admin.b, 'DELETE', `/api/organizations/current/members/${member.id}`), 204);
    expect((await json<{ organization: unknown }>(await call(memberBrowser, 'GET', '/api/auth/whoami'), 200)).organization).toBeNull();
    const { rowCount } = await server.pool.query('select 1 from identities where id = $1', [member.id]);
    expect(rowCount).toBe(1);
  });
});
