import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { dbRoute, paramsOf, renderSettings, rows } from '../../../test/render-settings';

interface FlagRow {
  name: string;
  value: string;
  description: string | null;
  source: string;
  created_by: { id: string; name: string; avatar: null } | null;
  created_at: string;
  updated_at: string;
}

const INCIDENTS_OFF: FlagRow = {
  name: 'incidents.disable',
  value: 'true',
  description: 'No incidents here',
  source: 'UI',
  created_by: { id: 'p1', name: 'Grace Hopper', avatar: null },
  created_at: '2024-03-01T10:00:00Z',
  updated_at: '2024-03-02T10:00:00Z',
};
const LOCAL: FlagRow = { ...INCIDENTS_OFF, name: 'logs.disable', description: null, source: 'local', created_by: null };

/** The flags list asks for descriptions; the shell's own flag query only for names and values. */
const isListRequest = (url: URL) => url.searchParams.get('select')?.includes('description') === true;

function flagRoutes(extra: Parameters<typeof renderSettings>[1] = [], flags: readonly FlagRow[] = [INCIDENTS_OFF, LOCAL]) {
  return [
    ...extra,
    dbRoute('GET', 'properties', (request) =>
      isListRequest(request.url) ? rows(flags) : rows(flags.map(({ name, value }) => ({ name, value }))),
    ),
  ];
}

const listRequests = (server: { to: (path: string, method?: string) => { url: URL }[] }) =>
  server.to('/api/db/properties', 'GET').filter((request) => isListRequest(request.url));
const shellRequests = (server: { to: (path: string, method?: string) => { url: URL }[] }) =>
  server.to('/api/db/properties', 'GET').filter((request) => !isListRequest(request.url));

const sidebarLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Main navigation' })).queryByRole('link', { name });

describe('/settings/feature-flags', () => {
  it('lists the flags with name, value, description, source, created by and updated at', async () => {
    const app = renderSettings('/settings/feature-flags', flagRoutes());
    const table = await screen.findByRole('table', { name: 'Feature Flags' });
    const row = (await within(table).findByText('incidents.disable')).closest('tr')!;
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Value',
      'Description',
      'Source',
      'Created By',
      'Updated At',
    ]);
    expect(within(row).getByText('No incidents here')).toBeTruthy();
    expect(within(row).getByText('Grace Hopper')).toBeTruthy();
    expect(paramsOf(listRequests(app.server)[0]!.url)).toMatchObject({ order: 'name.asc' });
  });

  it('adds a flag (name and value required), and the shell follows at once', async () => {
    const flags: FlagRow[] = [];
    const app = renderSettings(
      '/settings/feature-flags',
      flagRoutes(
        [
          dbRoute('POST', 'properties', (request) => {
            const body = request.body as { name: string; value: string; description: string };
            flags.push({ ...INCIDENTS_OFF, ...body });
            return { status: 201 };
          }),
        ],
        flags,
      ),
    );
    await screen.findByText('No data available');
    await waitFor(() => expect(sidebarLink('Incidents')).toBeTruthy());
    await app.user.click(screen.getByRole('button', { name: 'Add Feature Flag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Feature Flag' });
    await app.user.type(within(dialog).getByLabelText('Name'), 'incidents.disable');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('please provide all details')).toBeTruthy();
    expect(app.server.to('/api/db/properties', 'POST')).toHaveLength(0);

    await app.user.type(within(dialog).getByLabelText('Value'), 'true');
    await app.user.type(within(dialog).getByLabelText('Description'), 'No incidents here');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Feature flag added successfully')).toBeTruthy();
    expect(app.server.to('/api/db/properties', 'POST')[0]?.body).toEqual({
      name: 'incidents.disable',
      value: 'true',
      description: 'No incidents here',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('No incidents here')).toBeTruthy();
    // The shell refetched its flags: Incidents left the sidebar.
    await waitFor(() => expect(sidebarLink('Incidents')).toBeNull());
    expect(shellRequests(app.server).length).toBeGreaterThan(1);
  });

  it('updates an existing flag by name, with its name locked', async () => {
    const app = renderSettings('/settings/feature-flags', flagRoutes([dbRoute('PATCH', 'properties', () => ({ status: 204 }))]));
    await app.user.click(await screen.findByText('incidents.disable'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Feature Flag' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    const value = within(dialog).getByLabelText('Value');
    await app.user.clear(value);
    await app.user.type(value, 'false');
    await app.user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Feature flag updated successfully')).toBeTruthy();
    const patch = app.server.to('/api/db/properties', 'PATCH')[0]!;
    expect(paramsOf(patch.url)).toEqual({ name: 'eq.incidents.disable' });
    expect(patch.body).toEqual({ value: 'false', description: 'No incidents here' });
  });

  it('deletes a flag after confirmation', async () => {
    const app = renderSettings('/settings/feature-flags', flagRoutes([dbRoute('DELETE', 'properties', () => ({ status: 204 }))]));
    await app.user.click(await screen.findByText('incidents.disable'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Feature Flag' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Feature flag removed successfully')).toBeTruthy();
    expect(paramsOf(app.server.to('/api/db/properties', 'DELETE')[0]!.url)).toEqual({ name: 'eq.incidents.disable' });
    await waitFor(() => expect(shellRequests(app.server).length).toBeGreaterThan(1));
  });

  it('does not edit a local flag', async () => {
    const app = renderSettings('/settings/feature-flags', flagRoutes());
    await app.user.click(await screen.findByText('logs.disable'));
    expect(await screen.findByText('Cannot edit local feature flags')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's message when saving fails", async () => {
    const app = renderSettings(
      '/settings/feature-flags',
      flagRoutes([dbRoute('POST', 'properties', () => json({ code: '23505', message: 'duplicate key value violates unique constraint "properties_pkey"' }, 409))]),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Add Feature Flag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Feature Flag' });
    await app.user.type(within(dialog).getByLabelText('Name'), 'incidents.disable');
    await app.user.type(within(dialog).getByLabelText('Value'), 'true');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('duplicate key value violates unique constraint "properties_pkey"')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add Feature Flag' })).toBeTruthy();
  });

  it('offers no add or edit without write permission on properties', async () => {
    const app = renderSettings('/settings/feature-flags', flagRoutes(), { roles: ['responder'] });
    await app.user.click(await screen.findByText('incidents.disable'));
    expect(screen.queryByRole('button', { name: 'Add Feature Flag' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
