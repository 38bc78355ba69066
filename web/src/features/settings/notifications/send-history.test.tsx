import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbRoute, paramsOf, renderSettings, rows, stubTextLayout } from '../../../test/render-settings';
import { detailOf, RULE, sendOf } from './test-data';

const SENDS = [
  sendOf({ id: 's-3', status: 'failed', error: 'smtp: 550 mailbox unavailable', attempts: 3, created_at: '2024-03-03T12:00:00Z', body: 'Check **api** failed again' }),
  sendOf({ id: 's-2', status: 'silenced', duration_millis: null, created_at: '2024-03-03T11:00:00Z' }),
  ...Array.from({ length: 19 }, (_, index) => sendOf({ id: `s-old-${index}`, created_at: `2024-03-02T${String(index).padStart(2, '0')}:00:00Z` })),
  sendOf({ id: 's-1', status: 'sent', duration_millis: 1500, created_at: '2024-03-01T10:00:00Z' }),
];

function routes(extra: Parameters<typeof renderSettings>[1] = []) {
  return [
    ...extra,
    dbRoute('GET', 'notifications_summary', () => rows([RULE])),
    dbRoute('GET', 'notifications', () => rows([detailOf(RULE)])),
    dbRoute('GET', 'notification_send_history', (request) => {
      const offset = Number(request.url.searchParams.get('offset') ?? 0);
      const limit = Number(request.url.searchParams.get('limit'));
      return rows(SENDS.slice(offset, offset + limit), SENDS.length, offset);
    }),
    dbRoute('GET', 'notification_silences', () => rows([])),
    dbRoute('POST', 'notification_silences', () => ({ status: 201 })),
    { method: 'POST', path: '/api/notifications/silences/preview', respond: () => ({ body: { matches: 1, sends: [{ ...SENDS[0], notification: { title: RULE.title } }] } }) },
    dbRoute('GET', 'teams', () => rows([])),
    dbRoute('GET', 'people', () => rows([])),
  ];
}

beforeAll(stubTextLayout);

async function openHistory(app: ReturnType<typeof renderSettings>) {
  await app.user.click(await screen.findByText('API is down'));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Notification' });
  await app.user.click(await within(dialog).findByRole('tab', { name: 'Send History' }));
  const table = await within(dialog).findByRole('table', { name: 'Send History' });
  await within(table).findByText('smtp: 550 mailbox unavailable');
  return { dialog, table };
}

describe('send history of a notification', () => {
  it('lists the sends newest first, paged, each opening to its rendered body', async () => {
    const app = renderSettings('/settings/notifications', routes());
    const { dialog, table } = await openHistory(app);
    const request = app.server.to('/api/db/notification_send_history', 'GET')[0]!;
    expect(paramsOf(request.url)).toMatchObject({ notification_id: 'eq.n-1', order: 'created_at.desc', offset: '0', limit: '20' });
    const statuses = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('[data-status]')?.textContent);
    expect(statuses).toHaveLength(20);
    expect(statuses.slice(0, 3)).toEqual(['failed', 'silenced', 'sent']);
    const failed = within(table).getAllByRole('row')[1]!;
    expect(within(failed).getByText('ops@example.com')).toBeTruthy();
    expect(within(failed).getByText('api')).toBeTruthy();
    expect(within(failed).getByText('3')).toBeTruthy();

    await app.user.click(within(failed).getByRole('button', { name: 'Show body' }));
    expect(within(table).getByLabelText('Body').textContent).toBe('Check **api** failed again');

    await app.user.click(within(dialog).getByRole('button', { name: /next page/i }));
    await within(table).findByText('1.5s');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await waitFor(() => expect(within(table).queryByText('smtp: 550 mailbox unavailable')).toBeNull());
  });

  it('silences the resource of a failed send from the history, with a preview', async () => {
    const app = renderSettings('/settings/notifications', routes());
    const { table } = await openHistory(app);
    const failed = within(table).getAllByRole('row')[1]!;
    expect(within(table).getAllByRole('button', { name: 'Silence' })).toHaveLength(1);
    await app.user.click(within(failed).getByRole('button', { name: 'Silence' }));
    const form = await screen.findByRole('dialog', { name: 'Add Silence' });
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Silence api');
    const selector = within(form).getByRole('group', { name: 'Selector 1' });
    expect((within(selector).getByLabelText('Type') as HTMLSelectElement).value).toBe('check');
    expect((within(selector).getByLabelText('ID') as HTMLInputElement).value).toBe('c-api');
    expect((within(form).getByLabelText('Notification') as HTMLSelectElement).value).toBe('n-1');
    const preview = within(form).getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('1 send of the last 7 days would have been silenced.')).toBeTruthy();
    expect(app.server.to('/api/notifications/silences/preview', 'POST')[0]?.body).toMatchObject({
      selectors: [{ type: 'check', id: 'c-api' }],
      notification_id: 'n-1',
    });

    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Silence saved successfully')).toBeTruthy();
    expect(app.server.to('/api/db/notification_silences', 'POST')[0]?.body).toMatchObject({
      name: 'Silence api',
      filter: null,
      selectors: [{ type: 'check', id: 'c-api' }],
      notification_id: 'n-1',
    });
  });

  it('offers no silencing without write permission on notifications', async () => {
    const app = renderSettings('/settings/notifications', routes(), { roles: ['responder'] });
    const { table } = await openHistory(app);
    expect(within(table).queryByRole('button', { name: 'Silence' })).toBeNull();
  });
});
