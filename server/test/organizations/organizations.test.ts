import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, register, signIn, uniqueEmail, type Browser } from '../support/identity.js';
import { startMailingServer, type MailingServer } from '../support/mailing-server.js';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestSmtpServer } from '../support/smtp.js';

/** Organization mode without self-service: only installation and organization administrators create organizations. */
let mailing: MailingServer;
let server: TestServer;
let smtp: TestSmtpServer;

beforeAll(async () => {
  mailing = await startMailingServer({ authMode: 'organizations', orgSelfService: false, requireVerifiedEmail: false });
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

interface MembershipBody {
  id: string;
  name: string;
  slug: string;
  role: string;
  publicMetadata: { backend_url: string | null; direct: boolean };
}

/** A signed-in person whose address is verified (the verification flow itself is covered by the identity tests). */
async function person(prefix: string, installationAdmin = false): Promise<Person> {
  const b = browser(server);
  const email = uniqueEmail(prefix);
  const { identity } = await register(b, email);
  await server.pool.query('update identity_verifiable_addresses set verified = true, status = $2 where identity_id = $1', [identity.id, 'completed']);
  if (installationAdmin) await server.pool.query("insert into person_roles (person_id, role) values ($1, 'admin')", [identity.id]);
  return { b, id: identity.id, email };
}

/** Signs in again in a new browser, as a person does the next day. */
async function signInAgain(email: string): Promise<Browser> {
  const b = browser(server);
  await signIn(b, email);
  return b;
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

async function whoami(b: Browser): Promise<{ user: { roles: string[] }; organization: MembershipBody | null }> {
  return json(await call(b, 'GET', '/api/auth/whoami'), 200);
}

describe('organization mode', () => {
  it('keeps a person without an organization out of the data, and lets only administrators create one here', async () => {
    const newcomer = await person('newcomer');
    expect(await whoami(newcomer.b)).toMatchObject({ user: { roles: [] }, organization: null });
    const refused = await json<{ code: string; message: string }>(await call(newcomer.b, 'GET', '/api/db/people'), 403);
    expect(refused).toMatchObject({ code: 'organization_required', message: 'You are not a member of any organization yet: create one or ask an administrator for an invitation' });
    expect(await json(await call(newcomer.b, 'GET', '/api/organizations'), 200)).toEqual({ organizations: [], current: null, canCreate: false });
    const denied = await json<{ message: string }>(await call(newcomer.b, 'POST', '/api/organizations', { name: 'Mine' }), 403);
    expect(denied.message).toBe('Only an administrator may create organizations here (PHAROS_ORG_SELF_SERVICE is off)');
  });

  it('creates an organization whose creator is its admin and which the session then works in; slugs are checked and unique', async () => {
    const admin = await person('founder', true);
    const invalid = await json<{ message: string; errors: Record<string, string> }>(await call(admin.b, 'POST', '/api/organizations', { name: 'X', slug: 'Not A Slug' }), 400);
    expect(invalid.errors['slug']).toBe('The slug must be 1 to 63 lowercase letters, digits or hyphens, starting and ending with a letter or digit');
    expect((await json<{ errors: Record<string, string> }>(await call(admin.b, 'POST', '/api/organizations', { name: ' ' }), 400)).errors['name']).toBe(
      'Please provide the organization name (up to 200 characters)',
    );

    const slug = `acme-${admin.id.slice(0, 8)}`;
    const created = await json<MembershipBody>(await call(admin.b, 'POST', '/api/organizations', { name: 'Acme Ops', slug }), 201);
    expect(created).toMatchObject({ name: 'Acme Ops', slug, role: 'admin', publicMetadata: { backend_url: null, direct: false } });
    expect((await whoami(admin.b)).organization?.id).toBe(created.id);
    expect((await whoami(admin.b)).user.roles).toEqual(['admin']);
    const taken = await json<{ message: string }>(await call(admin.b, 'POST', '/api/organizations', { name: 'Other', slug }), 409);
    expect(taken.message).toBe(`The slug "${slug}" is taken by another organization: choose another one`);
    // Without a slug one is made from the name.
    const second = await json<MembershipBody>(await call(admin.b, 'POST', '/api/organizations', { name: `Beta ${admin.id.slice(0, 8)}` }), 201);
    expect(second.slug).toBe(`beta-${admin.id.slice(0, 8)}`);
    const list = await json<{ organizations: MembershipBody[]; current: string }>(await call(admin.b, 'GET', '/api/organizations'), 200);
    expect(list.organizations.map((o) => o.slug)).toEqual([slug, second.slug]);
    expect(list.current).toBe(second.id);
  });

  it('invites by email, accepts on sign-in with the verified address, and enforces each organization its own role', async () => {
    const admin = await person('owner', true);
    const ops = await json<MembershipBody>(await call(admin.b, 'POST', '/api/organizations', { name: 'Ops', slug: `ops-${admin.id.slice(0, 8)}` }), 201);
    const invitee = uniqueEmail('invitee');
    const invitation = await json<{ id: string; email: string; role: string }>(
      await call(admin.b, 'POST', '/api/organizations/current/invitations', { email: invitee.toUpperCase(), role: 'editor' }),
      201,
    );
    expect(invitation).toMatchObject({ email: invitee, role: 'editor' });
    const mail = await smtp.waitFor(invitee, (m) => m.subject === 'You have been invited to Ops on Pharos');
    expect(mail.text).toContain('/login');
    const again = await json<{ message: string }>(await call(admin.b, 'POST', '/api/organizations/current/invitations', { email: invitee, role: 'viewer' }), 409);
    expect(again.message).toBe(`${invitee} has already been invited: revoke that invitation first`);
    expect((await json<{ errors: Record<string, string> }>(await call(admin.b, 'POST', '/api/organizations/current/invitations', { email: 'nope', role: 'viewer' }), 400)).errors['email']).toBe(
      'Entered value does not match email format',
    );

    // Registering with the invited address is not enough: the address must be proven.
    const registered = browser(server);
    const { identity } = await register(registered, invitee);
    expect((await whoami(registered)).organization).toBeNull();
    await server.pool.query("update identity_verifiable_addresses set verified = true, status = 'completed' where identity_id = $1", [identity.id]);
    const b = await signInAgain(invitee);
    const joined = await whoami(b);
    expect(joined.organization?.id).toBe(ops.id);
    expect(joined.user.roles).toEqual(['editor']);
    expect(await json(await call(admin.b, 'GET', '/api/organizations/current/invitations'), 200)).toEqual([]);

    // An editor writes playbooks but may not manage members; the admin changes the role to viewer and the server follows at once.
    expect((await call(b, 'GET', '/api/organizations/current/invitations')).status).toBe(403);
    expect((await call(b, 'PATCH', `/api/organizations/current/members/${admin.id}`, { role: 'viewer' })).status).toBe(403);
    const canWrite = await call(b, 'POST', '/api/db/teams', { name: `team-${identity.id.slice(0, 8)}` });
    expect(canWrite.status).toBe(201);
    await json(await call(admin.b, 'PATCH', `/api/organizations/current/members/${identity.id}`, { role: 'viewer' }), 200);
    expect((await whoami(b)).user.roles).toEqual(['viewer']);
    expect((await call(b, 'POST', '/api/db/teams', { name: `team2-${identity.id.slice(0, 8)}` })).status).toBe(403);

    const members = await json<{ id: string; role: string }[]>(await call(b, 'GET', '/api/organizations/current/members'), 200);
    expect(members.map((m) => [m.id, m.role]).sort()).toEqual([[admin.id, 'admin'], [identity.id, 'viewer']].sort());

    // The last administrator can be neither demoted nor removed.
    const lastAdmin = await json<{ message: string }>(await call(admin.b, 'PATCH', `/api/organizations/current/members/${admin.id}`, { role: 'editor' }), 400);
    expect(lastAdmin.message).toBe('An organization needs at least one administrator: make another member admin first');
    expect((await call(admin.b, 'DELETE', `/api/organizations/current/members/${admin.id}`)).status).toBe(400);

    // Removed, the person is back to no organization.
    expect((await call(admin.b, 'DELETE', `/api/organizations/current/members/${identity.id}`)).status).toBe(204);
    expect((await whoami(b)).organization).toBeNull();
    expect((await call(b, 'GET', '/api/db/teams')).status).toBe(403);
  });

  it('revokes an invitation, which then is not accepted on sign-in', async () => {
    const admin = await person('revoker', true);
    await json(await call(admin.b, 'POST', '/api/organizations', { name: 'Revoked', slug: `rev-${admin.id.slice(0, 8)}` }), 201);
    const invited = await person('revoked');
    const sent = await json<{ id: string }>(await call(admin.b, 'POST', '/api/organizations/current/invitations', { email: invited.email, role: 'viewer' }), 201);
    expect((await call(admin.b, 'DELETE', `/api/organizations/current/invitations/${sent.id}`)).status).toBe(204);
    expect((await call(admin.b, 'DELETE', `/api/organizations/current/invitations/${sent.id}`)).status).toBe(404);
    expect((await whoami(await signInAgain(invited.email))).organization).toBeNull();
  });

  it('switches only to an organization the person belongs to, each with its own role', async () => {
    const admin = await person('switcher', true);
    const first = await json<MembershipBody>(await call(admin.b, 'POST', '/api/organizations', { name: 'First', slug: `first-${admin.id.slice(0, 8)}` }), 201);
    const member = await person('member');
    await json(await call(admin.b, 'POST', '/api/organizations/current/invitations', { email: member.email, role: 'responder' }), 201);
    const other = await person('stranger', true);
    const foreign = await json<MembershipBody>(await call(other.b, 'POST', '/api/organizations', { name: 'Foreign', slug: `foreign-${other.id.slice(0, 8)}` }), 201);

    const again = await signInAgain(member.email);
    expect((await whoami(again)).organization?.id).toBe(first.id);
    const refused = await json<{ message: string }>(await call(again, 'POST', '/api/organizations/switch', { id: foreign.id }), 404);
    expect(refused.message).toBe('You are not a member of that organization');
    expect((await whoami(again)).user.roles).toEqual(['responder']);

    const second = await json<MembershipBody>(await call(admin.b, 'POST', '/api/organizations', { name: 'Second', slug: `second-${admin.id.slice(0, 8)}` }), 201);
    expect((await whoami(admin.b)).organization?.id).toBe(second.id);
    expect((await json<MembershipBody>(await call(admin.b, 'POST', '/api/organizations/switch', { id: first.id }), 200)).id).toBe(first.id);
    expect((await whoami(admin.b)).organization?.id).toBe(first.id);
  });

  it('lets an admin rename the organization and change its slug; a viewer may not', async () => {
    const admin = await person('renamer', true);
    await json(await call(admin.b, 'POST', '/api/organizations', { name: 'Before', slug: `before-${admin.id.slice(0, 8)}` }), 201);
    const renamed = await json<MembershipBody>(await call(admin.b, 'PATCH', '/api/organizations/current', { name: 'After', slug: `after-${admin.id.slice(0, 8)}` }), 200);
    expect(renamed).toMatchObject({ name: 'After', slug: `after-${admin.id.slice(0, 8)}` });
    const direct = await json<{ message: string }>(await call(admin.b, 'PATCH', '/api/organizations/current', { publicMetadata: { direct: true } }), 400);
    expect(direct.message).toBe('Direct mode needs the backend URL of the Pharos that holds this organization');
    const viewer = await person('viewer');
    await json(await call(admin.b, 'POST', '/api/organizations/current/invitations', { email: viewer.email, role: 'viewer' }), 201);
    const again = await signInAgain(viewer.email);
    expect((await whoami(again)).user.roles).toEqual(['viewer']);
    expect((await call(again, 'PATCH', '/api/organizations/current', { name: 'Mine now' })).status).toBe(403);
  });
});

describe('self-hosted mode', () => {
  it('has no organizations API', async () => {
    const plain = await startTestServer();
    try {
      const response = await fetch(`${plain.url}/api/organizations`, { headers: { authorization: `Bearer ${await plain.tokenFor(['admin'])}` } });
      expect(await json(response, 404)).toMatchObject({ message: 'Organizations are available only with PHAROS_AUTH_MODE=organizations' });
    } finally {
      await plain.close();
    }
  });
});
