import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FEATURE_OFF_MESSAGE } from '../../../app/access/feature-off';
import { disable } from '../../../app/testing/shell-stubs';
import { json } from '../../../test/fetch-stub';
import { dbRoute, renderSettings, rows } from '../../../test/render-settings';

const SUMMARY = [
  {
    name: 'check.failed',
    pending: 2,
    failed: 3,
    average_attempts: '2.67',
    first_failure: '2024-03-01T10:00:00Z',
    last_failure: '2024-03-02T11:30:00Z',
    most_common_error: 'smtp: connection refused',
  },
  {
    name: 'config.updated',
    pending: 5,
    failed: 0,
    average_attempts: null,
    first_failure: null,
    last_failure: null,
    most_common_error: null,
  },
];

const summaryRoute = (respond: Parameters<typeof dbRoute>[2] = () => rows(SUMMARY)) => dbRoute('GET', 'event_queue_summary', respond);

function settingsLinks(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  const list = within(nav).queryByRole('list', { name: 'Settings' });
  return list ? within(list).getAllByRole('link').map((link) => link.textContent ?? '') : [];
}

describe('/settings/event-queue-status', () => {
  it('shows the summary, last failures first, read-only', async () => {
    const app = renderSettings('/settings/event-queue-status', [summaryRoute()]);
    const table = await screen.findByRole('table', { name: 'Event Queue' });
    const failed = (await within(table).findByText('check.failed')).closest('tr')!;
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Pending',
      'Failed',
      'Average Attempts',
      'First Failure',
      'Last Failure',
      'Most Common Error',
    ]);
    expect(Array.from(failed.cells).map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['check.failed', '2', '3', '2.67', 'smtp: connection refused']),
    );
    expect(within(table).getAllByRole('row').map((row) => (row as HTMLTableRowElement).cells[0]?.textContent)).toEqual(['Name', 'check.failed', 'config.updated']);
    expect(screen.queryByRole('button', { name: /add|delete|edit/i })).toBeNull();
    expect(within(table).queryByRole('button')).toBeNull();

    const request = app.server.to('/api/db/event_queue_summary', 'GET')[0]!;
    expect(request.url.searchParams.get('order')).toBe('last_failure.desc.nullslast');
    expect(request.url.searchParams.get('select')).toBe('*');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByText('Event Queue')).toBeTruthy();
  });

  it('shows an error view when the summary fails with no data', async () => {
    renderSettings('/settings/event-queue-status', [
      summaryRoute(() => json({ code: '42501', message: 'permission denied for view event_queue_summary', details: null, hint: null }, 403)),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the event queue');
    expect(alert.textContent).toContain('permission denied for view event_queue_summary');
    expect(screen.queryByRole('table', { name: 'Event Queue' })).toBeNull();
  });

  it('is in the Settings menu for those who may read it, and not when its feature is off or for viewers', async () => {
    const admin = renderSettings('/settings/event-queue-status', [summaryRoute()]);
    await screen.findByRole('table', { name: 'Event Queue' });
    const toggle = within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('button', { name: 'Settings' });
    if (toggle.getAttribute('aria-expanded') !== 'true') await admin.user.click(toggle);
    await waitFor(() => expect(settingsLinks()).toContain('Event Queue'));
    admin.unmount();

    renderSettings('/settings/event-queue-status', [summaryRoute()], { properties: [disable('settings.event_queue_status')] });
    expect(await screen.findByText(FEATURE_OFF_MESSAGE)).toBeTruthy();
    expect(settingsLinks()).toContain('Jobs History');
    expect(settingsLinks()).not.toContain('Event Queue');
    expect(screen.queryByRole('table', { name: 'Event Queue' })).toBeNull();
  });

  it('is hidden from viewers with the whole Settings menu', async () => {
    renderSettings('/topology', [summaryRoute()], { roles: ['viewer'] });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('link', { name: 'Dashboard' });
    expect(within(nav).queryByRole('button', { name: 'Settings' })).toBeNull();
  });
});
