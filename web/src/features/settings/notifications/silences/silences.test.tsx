import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type RecordedRequest } from '../../../../test/fetch-stub';
import { dbRoute, paramsOf, renderSettings, rows } from '../../../../test/render-settings';
import type { SilenceRow } from './types';

const MAINTENANCE: SilenceRow = {
  id: 'sil-1',
  name: 'DB maintenance',
  description: 'Weekly vacuum',
  from: '2024-03-03T10:00:00Z',
  until: '2099-03-03T12:00:00Z',
  filter: "check.name.startsWith('db-')",
  selectors: [{ type: 'check', name: 'db-*', labels: 'env=prod' }],
  notification_id: 'n-1',
  source: 'UI',
  created_by: { id: 'p-grace', name: 'Grace Hopper', avatar: null },
  created_at: '2024-03-03T09:00:00Z',
  updated_at: '2024-03-03T09:00:00Z',
  notification: { id: 'n-1', title: 'API is down' },
};

const BAD_FILTER = "ERROR: <input>:1:7: Syntax error: mismatched input '==' expecting <EOF>";

function routes(extra: Parameters<typeof renderSettings>[1] = []) {
  return [
    ...extra,
    dbRoute('GET', 'notification_silences', () => rows([MAINTENANCE])),
    dbRoute('GET', 'notifications_summary', () => rows([])),
    dbRoute('GET', 'notifications', () => rows([{ id: 'n-1', title: 'API is down', events: ['check.failed'] }])),
    {
      method: 'POST',
      path: '/api/notifications/silences/preview',
      respond: (request: RecordedRequest) => {
        const body = request.body as { filter?: string };
        if (body.filter?.includes('= ==')) return json({ message: BAD_FILTER }, 400);
        return json({
          matches: 2,
          sends: [{ id: 's-1', status: 'failed', resource_name: 'db-main', recipient: 'ops@example.com', created_at: '2024-03-03T10:00:00Z', notification: { title: 'API is down' } }],
          groups: [
            {
              id: 'g-1',
              notification_title: 'Payments',
              root_name: 'payments-platform',
              closes_at: '2024-03-03T10:05:00Z',
              title: 'payments-platform is down; 2 dependent checks failed',
              dependents: [
                { resource_type: 'check', resource_id: 'c-1', resource_name: 'db-reads', source_event: 'check.failed' },
                { resource_type: 'check', resource_id: 'c-2', resource_name: 'db-writes', source_event: 'check.failed' },
              ],
            },
          ],
          settling: [
            {
              id: 's-9',
              notification_title: 'Payments',
              resource_type: 'check',
              resource_id: 'c-3',
              resource_name: 'db-replication',
              source_event: 'check.failed',
              recipient: 'ops@example.com',
              settles_at: '2024-03-03T10:00:30Z',
            },
          ],
        });
      },
    },
  ];
}


describe('silences of notifications', () => {
  it('lists silences with name, window, filter and selectors, notification and creator', async () => {
    const app = renderSettings('/settings/notifications?tab=silences', routes());
    const table = await screen.findByRole('table', { name: 'Silences' });
    const row = (await within(table).findByText('DB maintenance')).closest('tr')!;
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Window', 'Filter / Selectors', 'Notification', 'Created By']);
    expect(within(row).getByText("check.name.startsWith('db-')")).toBeTruthy();
    expect(within(row).getByText('check db-* {env=prod}')).toBeTruthy();
    expect(within(row).getByText('API is down')).toBeTruthy();
    expect(within(row).getByText('Grace Hopper')).toBeTruthy();
    expect(within(row).getByText('active')).toBeTruthy();
    expect(paramsOf(app.server.to('/api/db/notification_silences', 'GET')[0]!.url)).toMatchObject({ deleted_at: 'is.null', order: 'created_at.desc' });
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Silences')).toBeTruthy();
  });

  it('adds a silence, previewing it once typing stops and showing the server message next to a bad filter', async () => {
    const app = renderSettings('/settings/notifications?tab=silences', routes([dbRoute('POST', 'notification_silences', () => ({ status: 201 }))]));
    await app.user.click(await screen.findByRole('button', { name: 'Add Silence' }));
    const form = await screen.findByRole('dialog', { name: 'Add Silence' });
    const preview = within(form).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Give a filter or a selector to see what this silence would mute.')).toBeTruthy();
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This field is required')).toBeTruthy();
    expect(within(form).getByText('Give a filter or at least one selector')).toBeTruthy();

    await app.user.type(within(form).getByLabelText('Name'), 'Friday deploy');
    const filter = within(form).getByLabelText('Filter');
    await app.user.type(filter, "check.name = == 'x'");
    expect(await within(form).findByText(BAD_FILTER)).toBeTruthy();
    expect(filter.getAttribute('aria-invalid')).toBe('true');
    // debounced: one preview for the whole typed filter, not one per key
    expect(app.server.to('/api/notifications/silences/preview', 'POST')).toHaveLength(1);

    await app.user.clear(filter);
    await app.user.type(filter, "check.name == 'db-main'");
    expect(await within(preview).findByText('2 sends of the last 7 days would have been silenced.')).toBeTruthy();
    expect(within(preview).getByText('db-main')).toBeTruthy();
    // what notifications grouping by topology hold now, and the one message each would send
    const grouped = within(preview).getByRole('list', { name: 'Grouped under their root' });
    expect(within(grouped).getByText('payments-platform is down; 2 dependent checks failed')).toBeTruthy();
    expect(within(grouped).getByText('db-reads, db-writes')).toBeTruthy();
    // what they hold to see whether a root fails, grouped under it if it does, else sent on its own
    const settling = within(preview).getByRole('list', { name: 'Held to see whether a root fails' });
    expect(within(settling).getByText('db-replication')).toBeTruthy();
    expect(within(settling).getByText(/grouped or sent at/)).toBeTruthy();
    await waitFor(() => expect(within(form).queryByText(BAD_FILTER)).toBeNull());

    await app.user.selectOptions(within(form).getByLabelText('Notification'), 'n-1');
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Silence saved successfully')).toBeTruthy();
    const body = app.server.to('/api/db/notification_silences', 'POST')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Friday deploy', filter: "check.name == 'db-main'", selectors: null, notification_id: 'n-1', description: null });
    expect(new Date(body['until'] as string).getTime() - new Date(body['from'] as string).getTime()).toBe(3_600_000);
  });

  it('edits a silence and deletes it softly', async () => {
    const app = renderSettings('/settings/notifications?tab=silences', routes([dbRoute('PATCH', 'notification_silences', () => ({ status: 204 }))]));
    await app.user.click(await screen.findByText('DB maintenance'));
    let form = await screen.findByRole('dialog', { name: 'Edit Silence' });
    const selector = within(form).getByRole('group', { name: 'Selector 1' });
    expect((within(selector).getByLabelText('Labels') as HTMLInputElement).value).toBe('env=prod');
    await app.user.click(within(form).getByRole('button', { name: 'Remove selector 1' }));
    await app.user.click(within(form).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Silence saved successfully')).toBeTruthy();
    const patch = app.server.to('/api/db/notification_silences', 'PATCH')[0]!;
    expect(paramsOf(patch.url)).toEqual({ id: 'eq.sil-1' });
    expect(patch.body).toMatchObject({ name: 'DB maintenance', selectors: null, filter: "check.name.startsWith('db-')", until: '2099-03-03T12:00:00.000Z' });

    await app.user.click(await screen.findByText('DB maintenance'));
    form = await screen.findByRole('dialog', { name: 'Edit Silence' });
    await app.user.click(within(form).getByRole('button', { name: 'Delete' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Silence deleted successfully')).toBeTruthy();
    const remove = app.server.to('/api/db/notification_silences', 'PATCH')[1]!;
    expect(Object.keys(remove.body as object)).toEqual(['deleted_at']);
  });

  it('shows silences read-only without write permission on notifications', async () => {
    const app = renderSettings('/settings/notifications?tab=silences', routes(), { roles: ['responder'] });
    await app.user.click(await screen.findByText('DB maintenance'));
    const form = await screen.findByRole('dialog', { name: 'Edit Silence' });
    expect(screen.queryByRole('button', { name: 'Add Silence' })).toBeNull();
    expect(within(form).getByLabelText('Name').matches(':disabled')).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Update' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
