import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { dbRoute, paramsOf, renderSettings, rows } from '../../../test/render-settings';

const TOPOLOGY = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  name: 'web-cluster',
  namespace: 'prod',
  schedule: '@every 5m',
  source: 'UI',
  job_status: 'FAILED',
  last_runtime: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  created_by: { id: 'p1', name: 'Grace Hopper', avatar: null },
  created_at: '2024-03-01T10:00:00Z',
  updated_at: '2024-03-02T10:00:00Z',
  agent_id: '00000000-0000-0000-0000-000000000000',
};

describe('/settings/{table}', () => {
  it('lists the _with_status view, live rows newest first, 100 at most, with who created them', async () => {
    const app = renderSettings('/settings/topologies', [dbRoute('GET', 'topologies_with_status', () => rows([TOPOLOGY]))]);
    const table = await screen.findByRole('table', { name: 'Topologies' });
    await within(table).findByText('web-cluster');

    const request = app.server.to('/api/db/topologies_with_status', 'GET')[0];
    expect(request).toBeDefined();
    expect(paramsOf(request!.url)).toMatchObject({
      select: '*,created_by(id,name,avatar)',
      deleted_at: 'is.null',
      order: 'created_at.desc',
      limit: '100',
    });
    expect(request!.url.searchParams.get('offset') ?? '0').toBe('0');

    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Namespace', 'Schedule', 'Source', 'Job Status', 'Last Run', 'Created By', 'Created At', 'Updated At']);
    const row = within(table).getByText('web-cluster').closest('tr')!;
    expect(within(row).getByText('prod')).toBeTruthy();
    expect(within(row).getByText('@every 5m')).toBeTruthy();
    expect(within(row).getByText('FAILED').getAttribute('data-colour')).toBe('red');
    expect(within(row).getByText(/^[23]h ago$/)).toBeTruthy();
    expect(within(row).getByText('Grace Hopper')).toBeTruthy();
    expect(within(row).getByRole('img', { name: 'Grace Hopper' })).toBeTruthy();

    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Topologies')).toBeTruthy();
  });

  it('opens /settings/{table}/{id} from a row', async () => {
    const app = renderSettings('/settings/topologies', [
      dbRoute('GET', 'topologies_with_status', () => rows([TOPOLOGY])),
      dbRoute('GET', 'topologies', () => rows([TOPOLOGY])),
    ]);
    await app.user.click(await screen.findByText('web-cluster'));
    await waitFor(() => expect(app.location()).toBe(`/settings/topologies/${TOPOLOGY.id}`));
  });

  it("says 'No resources found' when the table is empty", async () => {
    renderSettings('/settings/canaries', [dbRoute('GET', 'canaries_with_status', () => rows([]))]);
    expect(await screen.findByText('No resources found')).toBeTruthy();
  });

  it('reads incident rules and connections from their tables, and leaves out columns a table does not have', async () => {
    const app = renderSettings('/settings/incident_rules', [dbRoute('GET', 'incident_rules', () => rows([]))]);
    await screen.findByText('No resources found');
    expect(app.server.to('/api/db/incident_rules', 'GET')).toHaveLength(1);
    expect(within(screen.getByRole('table', { name: 'Rules' })).queryByText('Schedule')).toBeNull();
    app.unmount();

    const teams = renderSettings('/settings/teams', [dbRoute('GET', 'teams_with_status', () => rows([]))]);
    const table = await screen.findByRole('table', { name: 'Teams' });
    await screen.findByText('No resources found');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Source',
      'Job Status',
      'Last Run',
      'Created By',
      'Created At',
      'Updated At',
    ]);
    expect(teams.server.to('/api/db/teams_with_status', 'GET')).toHaveLength(1);
  });

  it('refreshes the list from the refresh control', async () => {
    const app = renderSettings('/settings/topologies', [dbRoute('GET', 'topologies_with_status', () => rows([TOPOLOGY]))]);
    await screen.findByText('web-cluster');
    await app.user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(app.server.to('/api/db/topologies_with_status', 'GET')).toHaveLength(2));
  });

  it('shows Add only with write permission on the table', async () => {
    // A responder reads topologies but writes none of the settings tables.
    renderSettings('/settings/topologies', [dbRoute('GET', 'topologies_with_status', () => rows([TOPOLOGY]))], { roles: ['responder'] });
    await screen.findByText('web-cluster');
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it("adds a resource in 'Add {resource name}', with a help link for health checks", async () => {
    const app = renderSettings('/settings/canaries', [
      dbRoute('GET', 'canaries_with_status', () => rows([])),
      dbRoute('POST', 'canaries', () => json([{ id: 'c1', name: 'api-health' }], 201)),
      { path: '/api/schemas/canary.schema.json', respond: () => json({ type: 'object' }) },
    ]);
    await app.user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Health Check' });
    expect(within(dialog).getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/canary-checker');
    expect((within(dialog).getByLabelText('Namespace') as HTMLInputElement).value).toBe('default');
    expect(within(dialog).queryByRole('button', { name: 'Update' })).toBeNull();

    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(app.server.to('/api/db/canaries', 'POST')).toHaveLength(0);

    await app.user.type(within(dialog).getByLabelText('Name'), 'api-health');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('api-health created successfully')).toBeTruthy();
    expect(app.server.to('/api/db/canaries', 'POST')[0]?.body).toEqual({
      name: 'api-health',
      namespace: 'default',
      labels: {},
      spec: {},
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(app.server.to('/api/db/canaries_with_status', 'GET').length).toBeGreaterThan(1));
    expect(app.server.to('/api/schemas/canary.schema.json')).toHaveLength(1);
  });

  it('gives a team the group icon by default', async () => {
    const app = renderSettings('/settings/teams', [
      dbRoute('GET', 'teams_with_status', () => rows([])),
      dbRoute('POST', 'teams', () => json([{ id: 't1', name: 'SRE' }], 201)),
    ]);
    await app.user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Team' });
    expect((within(dialog).getByLabelText('Icon') as HTMLInputElement).value).toBe('group');
    expect(within(dialog).queryByLabelText('Namespace')).toBeNull();
    await app.user.type(within(dialog).getByLabelText('Name'), 'SRE');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('SRE created successfully');
    expect(app.server.to('/api/db/teams', 'POST')[0]?.body).toEqual({ name: 'SRE', icon: 'group', spec: {} });
  });

  it('shows the server message when adding fails and keeps the dialog', async () => {
    const app = renderSettings('/settings/teams', [
      dbRoute('GET', 'teams_with_status', () => rows([])),
      dbRoute('POST', 'teams', () => json({ code: '42501', message: 'permission denied for teams' }, 403)),
    ]);
    await app.user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Team' });
    await app.user.type(within(dialog).getByLabelText('Name'), 'SRE');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('permission denied for teams')).toBeTruthy();
  });

  it('answers Not found for a table it does not know', async () => {
    const app = renderSettings('/settings/nonsense', []);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(app.server.requests.filter((request) => request.url.pathname.includes('nonsense'))).toHaveLength(0);
  });

  it('says the feature is turned off, by which flag, when the feature of the table is disabled', async () => {
    renderSettings('/settings/teams', [dbRoute('GET', 'teams_with_status', () => rows([]))], {
      properties: [{ name: 'settings.teams.disable', value: 'true' }],
    });
    expect(await screen.findByText('This feature is turned off')).toBeTruthy();
    expect(screen.getByText('settings.teams.disable')).toBeTruthy();
    expect(screen.queryByText('You do not have permission to access this page')).toBeNull();
  });
});
