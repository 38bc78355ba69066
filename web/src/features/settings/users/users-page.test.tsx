import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { dbRoute, paramsOf, renderSettings, rows } from '../../../test/render-settings';

const ADA = {
  id: 'p-ada',
  state: 'active',
  created_at: '2024-03-01T10:00:00Z',
  traits: { email: 'ada@example.com', name: { first: 'Ada', last: 'Lovelace' } },
};
const ALAN = {
  id: 'p-alan',
  state: 'inactive',
  created_at: '2024-03-02T10:00:00Z',
  traits: { email: 'alan@example.com', name: { first: 'Alan', last: 'Turing' } },
};
const LONG_NAME = `${'Bartholomew '.repeat(6)}Smith`;

function userRoutes(extra: Parameters<typeof renderSettings>[1] = []) {
  return [
    ...extra,
    dbRoute('GET', 'identities', () => rows([ALAN, ADA])),
    dbRoute('GET', 'people_roles', (request) =>
      request.url.searchParams.has('id')
        ? rows([
            { id: 'p-ada', name: 'Ada Lovelace', avatar: null, roles: ['admin'] },
            { id: 'p-alan', name: 'Alan Turing', avatar: null, roles: ['editor', 'responder'] },
          ])
        : rows([
            { id: 'p-ada', name: 'Ada Lovelace', roles: ['admin'] },
            { id: 'p-long', name: LONG_NAME, roles: [] },
            { id: 'p-alan', name: 'Alan Turing', roles: ['editor'] },
          ]),
    ),
  ];
}

describe('/settings/users', () => {
  it('lists users with their roles from people_roles', async () => {
    const app = renderSettings('/settings/users', userRoutes());
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = (await within(table).findByText('alan@example.com')).closest('tr')!;
    expect(within(row).getByText('Alan Turing')).toBeTruthy();
    await within(row).findByText('Editor');
    expect(within(row).getByText('Responder')).toBeTruthy();
    expect(within(row).getByText('inactive')).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Email',
      'Roles',
      'State',
      'Created At',
      'Actions',
    ]);
    const roles = app.server.to('/api/db/people_roles', 'GET')[0]!;
    expect(paramsOf(roles.url)).toMatchObject({ id: 'in.(p-alan,p-ada)' });
  });

  it("shows an invited person who has not accepted yet as 'Invited', not 'Active'", async () => {
    const GRACE = { id: 'p-grace', state: 'active', created_at: '2024-03-03T10:00:00Z', traits: { email: 'grace@example.com', name: { first: 'Grace', last: 'Hopper' } } };
    const app = renderSettings('/settings/users', [
      dbRoute('GET', 'identities', () => rows([GRACE, ADA])),
      dbRoute('GET', 'people_roles', () =>
        rows([
          { id: 'p-ada', name: 'Ada Lovelace', avatar: null, roles: ['admin'], invited: false },
          { id: 'p-grace', name: 'Grace Hopper', avatar: null, roles: ['viewer'], invited: true },
        ]),
      ),
    ]);
    const table = await screen.findByRole('table', { name: 'Users' });
    const grace = (await within(table).findByText('grace@example.com')).closest('tr')!;
    expect(await within(grace).findByText('invited')).toBeTruthy();
    expect(within(grace).queryByText('active')).toBeNull();
    expect(within((await within(table).findByText('ada@example.com')).closest('tr')!).getByText('active')).toBeTruthy();
    expect(paramsOf(app.server.to('/api/db/people_roles', 'GET')[0]!.url)['select']).toContain('invited');
  });

  it('invites a user, checking each field first', async () => {
    const app = renderSettings('/settings/users', userRoutes([{ method: 'POST', path: '/api/auth/invite_user', respond: () => json({ id: 'new' }) }]));
    await app.user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    for (const message of [
      'Please provide valid first name',
      'Please provide valid last name',
      'Please provide valid email',
      'Please select any role',
    ]) {
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    await app.user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await app.user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(within(dialog).getByText('Entered value does not match email format')).toBeTruthy();
    expect(app.server.to('/api/auth/invite_user')).toHaveLength(0);

    await app.user.type(within(dialog).getByLabelText('First Name'), 'Grace');
    await app.user.type(within(dialog).getByLabelText('Last Name'), 'Hopper');
    await app.user.clear(within(dialog).getByLabelText('Email'));
    await app.user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await app.user.selectOptions(within(dialog).getByLabelText('Role'), 'editor');
    await app.user.click(within(dialog).getByRole('button', { name: 'Invite' }));

    expect(await screen.findByText('Grace Hopper invited successfully')).toBeTruthy();
    expect(app.server.to('/api/auth/invite_user', 'POST')[0]?.body).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      role: 'editor',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(app.server.to('/api/db/identities', 'GET').length).toBeGreaterThan(1));
  });

  it("shows the server's message when the invitation fails", async () => {
    const app = renderSettings(
      '/settings/users',
      userRoutes([
        {
          method: 'POST',
          path: '/api/auth/invite_user',
          respond: () => json({ code: 'DUPLICATE', message: 'An account with the same identifier (email, phone, username, ...) exists already.' }, 409),
        },
      ]),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    await app.user.type(within(dialog).getByLabelText('First Name'), 'Ada');
    await app.user.type(within(dialog).getByLabelText('Last Name'), 'Lovelace');
    await app.user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await app.user.selectOptions(within(dialog).getByLabelText('Role'), 'viewer');
    await app.user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(/exists already/)).toBeTruthy();
  });

  it('changes the roles of a user, whose name is cut to 50 characters in the picker', async () => {
    const app = renderSettings(
      '/settings/users',
      userRoutes([{ method: 'POST', path: /^\/api\/rbac\/[^/]+\/update_role$/, respond: () => json({ id: 'p-alan', roles: ['admin', 'editor'] }) }]),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Add Role to User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Role to User' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please select any user')).toBeTruthy();
    expect(within(dialog).getByText('Please select any role')).toBeTruthy();

    const picker = within(dialog).getByLabelText('User');
    await within(picker).findByText('Alan Turing');
    expect(within(picker).getByText(`${LONG_NAME.slice(0, 50)}...`)).toBeTruthy();
    await app.user.selectOptions(picker, 'p-alan');
    expect(within(dialog).getByRole('button', { name: 'Roles: Editor' })).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Roles: Editor' }));
    await app.user.click(within(await screen.findByRole('group', { name: 'Roles' })).getByLabelText('Admin'));
    await app.user.keyboard('{Escape}');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Alan Turing role updated successfully')).toBeTruthy();
    const request = app.server.to('/api/rbac/p-alan/update_role', 'POST')[0]!;
    expect(request.body).toEqual({ roles: ['editor', 'admin'] });
  });

  it("shows the server's reason when a role may not be given, and keeps the dialog open", async () => {
    const reason = 'The account of alan@example.com has not verified its email address, so nothing is given to it';
    const app = renderSettings(
      '/settings/users',
      userRoutes([{ method: 'POST', path: /^\/api\/rbac\/[^/]+\/update_role$/, respond: () => json({ code: 'VALIDATION_FAILED', message: reason }, 400) }]),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Add Role to User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Role to User' });
    const picker = within(dialog).getByLabelText('User');
    await within(picker).findByText('Alan Turing');
    await app.user.selectOptions(picker, 'p-alan');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add Role to User' })).toBeTruthy();
    expect(screen.queryByText('Alan Turing role updated successfully')).toBeNull();
  });

  it('deletes a user after the confirmation', async () => {
    const app = renderSettings('/settings/users', userRoutes([dbRoute('DELETE', 'identities', () => ({ status: 204 }))]));
    await app.user.click(await screen.findByRole('button', { name: 'Delete Alan Turing' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete User ?' });
    expect(within(confirm).getByText('Are you sure you want to delete this user ?')).toBeTruthy();
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('user deleted successfully')).toBeTruthy();
    expect(paramsOf(app.server.to('/api/db/identities', 'DELETE')[0]!.url)).toEqual({ id: 'eq.p-alan' });
  });

  it('offers invite, delete and role changes only to those who may', async () => {
    // An editor reads identities but writes neither identities nor rbac.
    renderSettings('/settings/users', userRoutes(), { roles: ['editor'] });
    await screen.findByText('alan@example.com');
    expect(screen.queryByRole('button', { name: 'Invite User' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Role to User' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Alan Turing' })).toBeNull();
  });

  it('needs read permission on identities', async () => {
    const app = renderSettings('/settings/users', userRoutes(), { roles: ['responder'] });
    expect(await screen.findByText('You do not have permission to access this page')).toBeTruthy();
    expect(app.server.to('/api/db/identities')).toHaveLength(0);
  });
});

describe('/settings/users in organization mode', () => {
  const ORGANIZATION = {
    id: 'o-1',
    name: 'Acme',
    slug: 'acme',
    publicMetadata: { backend_url: null, direct: false },
    policy: { require_second_factor: 'none', session_lifespan_seconds: null },
    role: 'admin',
  };
  const MEMBERS = [
    { id: 'p-ada', name: 'Ada Lovelace', email: 'ada@example.com', avatar: null, role: 'admin', created_at: '2024-03-01T10:00:00Z' },
    { id: 'p-alan', name: 'Alan Turing', email: 'alan@example.com', avatar: null, role: 'editor', created_at: '2024-03-02T10:00:00Z' },
  ];
  const INVITATIONS = [{ id: 'i-grace', email: 'grace@example.com', role: 'viewer', created_at: '2024-03-03T10:00:00Z', invited_by: 'Ada Lovelace' }];

  function organizationRoutes(extra: Parameters<typeof renderSettings>[1] = [], role = 'admin') {
    return [
      ...extra,
      { path: '/api/about', respond: () => json({ Version: '0.9.1', authMode: 'organizations' }) },
      {
        path: '/api/auth/whoami',
        respond: () => json({ user: { id: 'p-ada', name: 'Ada Lovelace', email: 'ada@example.com', avatar: null, roles: [role] }, permissions: {}, organization: { ...ORGANIZATION, role } }),
      },
      { method: 'GET', path: '/api/organizations/current/members', respond: () => json(MEMBERS) },
      { method: 'GET', path: '/api/organizations/current/invitations', respond: () => json(INVITATIONS) },
    ];
  }

  it("lists the organization's members with their organization role and its open invitations, not the installation's identities", async () => {
    const app = renderSettings('/settings/users', organizationRoutes());
    const table = await screen.findByRole('table', { name: 'Users' });
    const alan = (await within(table).findByText('alan@example.com')).closest('tr')!;
    expect(within(alan).getByText('Editor')).toBeTruthy();
    expect(within(alan).getByText('active')).toBeTruthy();
    const grace = within(table).getAllByText('grace@example.com')[0]!.closest('tr')!;
    expect(within(grace).getByText('invited')).toBeTruthy();
    expect(within(grace).getByText('Viewer')).toBeTruthy();
    expect(app.server.to('/api/db/identities')).toHaveLength(0);
    expect(app.server.to('/api/db/people_roles')).toHaveLength(0);
  });

  it('changes a member role, removes a member and revokes an invitation through the organization', async () => {
    const app = renderSettings(
      '/settings/users',
      organizationRoutes([
        { method: 'POST', path: /^\/api\/rbac\/[^/]+\/update_role$/, respond: () => json({ id: 'p-alan', roles: ['viewer'] }) },
        { method: 'DELETE', path: '/api/organizations/current/members/p-alan', respond: () => ({ status: 204 }) },
        { method: 'DELETE', path: '/api/organizations/current/invitations/i-grace', respond: () => ({ status: 204 }) },
      ]),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Add Role to User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Role to User' });
    const picker = within(dialog).getByLabelText('User');
    await within(picker).findByText('Alan Turing');
    await app.user.selectOptions(picker, 'p-alan');
    await app.user.click(within(dialog).getByRole('button', { name: 'Roles: Editor' }));
    const roles = within(await screen.findByRole('group', { name: 'Roles' }));
    await app.user.click(roles.getByLabelText('Editor'));
    await app.user.click(roles.getByLabelText('Viewer'));
    await app.user.keyboard('{Escape}');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Alan Turing role updated successfully')).toBeTruthy();
    expect(app.server.to('/api/rbac/p-alan/update_role', 'POST')[0]!.body).toEqual({ roles: ['viewer'] });

    await app.user.click(await screen.findByRole('button', { name: 'Delete Alan Turing' }));
    await app.user.click(within(await screen.findByRole('alertdialog', { name: 'Delete User ?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(app.server.to('/api/organizations/current/members/p-alan', 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await app.user.click(await screen.findByRole('button', { name: 'Delete grace@example.com' }));
    await app.user.click(within(await screen.findByRole('alertdialog', { name: 'Delete User ?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(app.server.to('/api/organizations/current/invitations/i-grace', 'DELETE')).toHaveLength(1));
    expect(app.server.to('/api/db/identities')).toHaveLength(0);
  });

  it('invites an address with a role only, asking no name the organization would not use', async () => {
    const app = renderSettings('/settings/users', organizationRoutes([{ method: 'POST', path: '/api/auth/invite_user', respond: () => json({ id: 'i-new' }, 201) }]));
    await app.user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    expect(within(dialog).queryByLabelText('First Name')).toBeNull();
    expect(within(dialog).queryByLabelText('Last Name')).toBeNull();
    expect(within(dialog).getByText(/chooses their own name when they sign up/)).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(within(dialog).getByText('Please provide valid email')).toBeTruthy();
    expect(within(dialog).queryByText('Please provide valid first name')).toBeNull();
    await app.user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await app.user.selectOptions(within(dialog).getByLabelText('Role'), 'viewer');
    await app.user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('grace@example.com invited successfully')).toBeTruthy();
    expect(app.server.to('/api/auth/invite_user', 'POST').map((request) => request.body)).toEqual([{ email: 'grace@example.com', role: 'viewer' }]);
  });

  it('asks a member who is not an administrator for no invitations and offers no changes', async () => {
    const app = renderSettings('/settings/users', organizationRoutes([], 'editor'), { roles: ['editor'] });
    await screen.findByText('alan@example.com');
    expect(screen.queryByText('grace@example.com')).toBeNull();
    expect(app.server.to('/api/organizations/current/invitations')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Invite User' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Alan Turing' })).toBeNull();
  });
});
