import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { dbRoute, paramsOf, renderSettings, rows, stubTextLayout } from '../../../test/render-settings';

beforeAll(stubTextLayout);

const TEAM_ID = 'dddddddd-0000-4000-8000-000000000001';
const TEAM = {
  id: TEAM_ID,
  name: 'SRE',
  icon: 'group',
  spec: {},
  source: null,
  created_by: null,
  created_at: '2024-03-01T10:00:00Z',
  updated_at: '2024-03-01T10:00:00Z',
};
const ADA = { id: 'p-ada', name: 'Ada Lovelace', email: 'ada@example.com', avatar: null };
const ALAN = { id: 'p-alan', name: 'Alan Turing', email: 'alan@example.com', avatar: null };
const GRACE = { id: 'p-grace', name: 'Grace Hopper', email: 'grace@example.com', avatar: null };

function teamRoutes(members: (typeof ADA)[], extra: Parameters<typeof renderSettings>[1] = []) {
  return [
    ...extra,
    dbRoute('GET', 'teams', () => rows([TEAM])),
    dbRoute('GET', 'team_members', () => rows(members.map((person) => ({ team_id: TEAM_ID, person_id: person })))),
    dbRoute('GET', 'people', () => rows([ADA, ALAN, GRACE])),
  ];
}

describe('team members', () => {
  it('shows Spec, Job History and Members tabs on a team; members with id, name and email', async () => {
    const app = renderSettings(`/settings/teams/${TEAM_ID}?tab=members`, teamRoutes([ADA]));
    const table = await screen.findByRole('table', { name: 'Team members' });
    const row = (await within(table).findByText('ada@example.com')).closest('tr')!;
    expect(within(row).getByText('p-ada')).toBeTruthy();
    expect(within(row).getByText('Ada Lovelace')).toBeTruthy();
    const request = app.server.to('/api/db/team_members', 'GET')[0]!;
    expect(paramsOf(request.url)).toMatchObject({ team_id: `eq.${TEAM_ID}`, select: '*,person_id(*)' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Spec', 'Job History', 'Members']);
  });

  it('says so when the team has no members', async () => {
    renderSettings(`/settings/teams/${TEAM_ID}?tab=members`, teamRoutes([]));
    expect(await screen.findByText("You haven't added any team members to the team yet.")).toBeTruthy();
  });

  it('adds people not yet in the team, at least one', async () => {
    const app = renderSettings(
      `/settings/teams/${TEAM_ID}?tab=members`,
      teamRoutes([ADA], [dbRoute('POST', 'team_members', () => ({ status: 201 }))]),
    );
    await screen.findByText('ada@example.com');
    const add = screen.getByRole('button', { name: 'Add Members' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);

    await app.user.click(screen.getByRole('button', { name: /^Users:/ }));
    const choices = await screen.findByRole('group', { name: 'Users' });
    expect(within(choices).queryByText(/Ada Lovelace/)).toBeNull();
    await app.user.click(within(choices).getByLabelText('Alan Turing (alan@example.com)'));
    await app.user.click(within(choices).getByLabelText('Grace Hopper (grace@example.com)'));
    await app.user.keyboard('{Escape}');
    await app.user.click(add);

    expect(await screen.findByText('Alan Turing, Grace Hopper added to the team successfully')).toBeTruthy();
    expect(app.server.to('/api/db/team_members', 'POST')[0]?.body).toEqual([
      { team_id: TEAM_ID, person_id: ALAN.id },
      { team_id: TEAM_ID, person_id: GRACE.id },
    ]);
    await waitFor(() => expect(app.server.to('/api/db/team_members', 'GET').length).toBeGreaterThan(1));
  });

  it('removes a member', async () => {
    const app = renderSettings(
      `/settings/teams/${TEAM_ID}?tab=members`,
      teamRoutes([ADA, ALAN], [dbRoute('DELETE', 'team_members', () => ({ status: 204 }))]),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Remove Alan Turing' }));
    expect(await screen.findByText('Alan Turing removed from team successfully')).toBeTruthy();
    const request = app.server.to('/api/db/team_members', 'DELETE')[0]!;
    expect(paramsOf(request.url)).toEqual({ person_id: `eq.${ALAN.id}`, team_id: `eq.${TEAM_ID}` });
  });

  it("toasts the server's message when a change fails", async () => {
    const app = renderSettings(
      `/settings/teams/${TEAM_ID}?tab=members`,
      teamRoutes([ADA], [dbRoute('DELETE', 'team_members', () => json({ code: '42501', message: 'permission denied for team_members' }, 403))]),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Remove Ada Lovelace' }));
    expect(await screen.findByText('permission denied for team_members')).toBeTruthy();
  });

  it('offers no add or remove without write permission', async () => {
    renderSettings(`/settings/teams/${TEAM_ID}?tab=members`, teamRoutes([ADA]), { roles: ['viewer'] });
    await screen.findByText('ada@example.com');
    expect(screen.queryByRole('button', { name: 'Add Members' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Ada Lovelace' })).toBeNull();
  });
});
