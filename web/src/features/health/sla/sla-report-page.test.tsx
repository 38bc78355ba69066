import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInRoutes } from '../../../app/testing/shell-stubs';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import type { SlaReport } from './sla-api';

const report: SlaReport = {
  from: '2026-10-28T00:00:00.000Z',
  to: '2026-11-27T00:00:00.000Z',
  resolution: 'day',
  group_by: 'check',
  target: 99.9,
  total: 2,
  rows: [
    { key: 'a', name: 'orders-db', checks: 1, passed: 990, failed: 10, uptime: 99, latency_avg_ms: 120, latency_max_ms: 900, downtime_seconds: 25_920, budget_seconds: 2_592, budget_burned: 1000, budget_remaining_seconds: -23_328, breached: true, windows: [{ start: '2026-11-20T00:00:00.000Z', end: '2026-11-21T00:00:00.000Z', failed: 10, passed: 30 }] },
    { key: 'b', name: 'storefront', checks: 1, passed: 1000, failed: 0, uptime: 100, latency_avg_ms: 80, latency_max_ms: 300, downtime_seconds: 0, budget_seconds: 2_592, budget_burned: 0, budget_remaining_seconds: 2_592, breached: false, windows: [] },
  ],
};

function stubReport(roles: ('viewer' | 'editor')[]) {
  return stubFetch([
    ...signedInRoutes({ roles }),
    { path: '/api/reports/sla', respond: () => json(report) },
    { method: 'GET', path: '/api/reports/sla/schedules', respond: () => json([]) },
    { method: 'POST', path: '/api/reports/sla/schedules', respond: (request) => json({ id: 's1', last_sent_at: null, ...(request.body as object) }, 201) },
  ]);
}

describe('/health/sla', () => {
  it('shows each row with its uptime, downtime, error budget and windows, worst first, and links the CSV and PDF of the same report', async () => {
    const server = stubReport(['viewer']);
    renderApp('/health/sla?period=30d&target=99.9');
    const table = await screen.findByRole('table', { name: 'SLA report' });
    await within(table).findByText('orders-db');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Below target');
    expect(rows[0]!.textContent).toContain('orders-db');
    expect(rows[0]!.textContent).toContain('99.000 %');
    expect(rows[0]!.textContent).toContain('7.2 h');
    expect(rows[0]!.textContent).toContain('1000.0 %');
    expect(rows[0]!.textContent).toContain('1 window');
    expect(rows[1]!.textContent).toContain('storefront');
    expect(rows[1]!.textContent).toContain('None');
    expect(screen.getByText(/1 of 2 below 99.9 %/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe('/api/reports/sla?period=30d&group_by=check&target=99.9&format=csv&limit=10000');
    expect(screen.getByRole('link', { name: 'PDF' }).getAttribute('href')).toContain('format=pdf');
    const asked = server.requests.find((request) => request.url.pathname === '/api/reports/sla')!;
    expect(asked.url.search).toBe('?period=30d&group_by=check&target=99.9');
    // A viewer reads the schedules but cannot add one.
    expect(await screen.findByText('No report is mailed on a schedule.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Schedule report' })).toBeNull();
  });

  it('asks again by label when the grouping changes, keeping the choice in the address', async () => {
    const server = stubReport(['viewer']);
    const app = renderApp('/health/sla');
    await screen.findByRole('table', { name: 'SLA report' });
    await app.user.selectOptions(screen.getByLabelText('Group by'), 'label');
    expect(screen.getByLabelText('Label key')).toBeTruthy();
    await screen.findByRole('table', { name: 'SLA report' });
    expect(server.requests.some((request) => request.url.searchParams.get('group_by') === 'label:team')).toBe(true);
    expect(app.router.state.location.search).toContain('group_by=label%3Ateam');
  });

  it('lets an editor mail the report shown on a schedule', async () => {
    const server = stubReport(['editor']);
    const app = renderApp('/health/sla?period=7d');
    await app.user.click(await screen.findByRole('button', { name: 'Schedule report' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule SLA report' });
    await app.user.type(within(dialog).getByLabelText(/Name/), 'Weekly');
    await app.user.type(within(dialog).getByLabelText(/Recipients/), 'ops@example.com, lead@example.com');
    await app.user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Weekly will be mailed to 2 people')).toBeTruthy();
    const posted = server.requests.find((request) => request.method === 'POST')!;
    expect(posted.body).toEqual({ name: 'Weekly', schedule: '@weekly', recipients: ['ops@example.com', 'lead@example.com'], report: { period: '7d', group_by: 'check', target: 99.9, format: 'pdf' } });
  });
});
