import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetch-stub';
import { renderSettings, rows } from '../settings/testing/render-settings';

const base = {
  canary_id: 'k1',
  canary_name: 'shop',
  canary_namespace: 'default',
  agent_id: '00000000-0000-0000-0000-000000000000',
  namespace: 'default',
  type: 'http',
  icon: null,
  description: null,
  labels: {},
  severity: null,
  last_runtime: '2026-11-25T10:00:00Z',
  last_transition_time: '2026-11-25T09:00:00Z',
  next_runtime: '2026-11-25T10:01:00Z',
  created_at: '2026-11-01T00:00:00Z',
};
const CHECKS = [
  { ...base, id: 'c1', name: 'checkout', endpoint: 'https://shop/checkout', status: 'unhealthy', uptime: { passed: 90, failed: 10 }, latency: { p95: 120, p97: 130, p99: 150, rolling1h: 80 }, labels: { tier: 'web' } },
  { ...base, id: 'c2', name: 'catalog', endpoint: 'https://shop/catalog', status: 'healthy', uptime: { passed: 100, failed: 0 }, latency: { p95: 40, p97: 45, p99: 50, rolling1h: 30 } },
];

function routes() {
  return [
    { method: 'GET', path: '/api/canary/api/summary', respond: () => json({ checks_summary: CHECKS }) },
    { method: 'GET', path: /^\/api\/db\/check_statuses/, respond: () => rows([{ time: '2026-11-25T10:00:00Z', status: false, duration: 120, message: null, error: 'status 503' }], 1) },
    { method: 'POST', path: '/api/canary/run/check/c1', respond: () => json({ message: 'You have successfully initiated the check run.', status: 'healthy', duration: 12, output: '200', error: null }) },
  ];
}

const paramOf = (app: ReturnType<typeof renderSettings>, name: string) => new URLSearchParams(app.router.state.location.search).get(name);

describe('/health', () => {
  it('lists failing checks first with the five columns, hides passing ones by default, and searches', async () => {
    const user = userEvent.setup();
    const app = renderSettings('/health', routes());
    const table = await screen.findByRole('table', { name: 'Checks' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent?.replace(/[↑↓⇅]/g, '').trim())).toEqual(['Checks', 'Health', 'Uptime', 'Latency', 'Transition']);
    await within(table).findByText('checkout');
    expect(within(table).queryByText('catalog')).toBeNull();
    expect(screen.getByLabelText('Health summary').textContent).toBe('1 passing1 failing');
    await user.click(screen.getByRole('checkbox', { name: 'Hide Passing' }));
    await within(table).findByText('catalog');
    expect(paramOf(app, 'hidePassing')).toBe('false');
    const rowsShown = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(rowsShown[0]).toContain('checkout');
    await user.type(screen.getByRole('searchbox', { name: 'Search checks' }), 'catal');
    await waitFor(() => expect(within(table).queryByText('checkout')).toBeNull());
  });

  it('opens a check in its drawer with uptime, latency and history, and runs it now', async () => {
    const user = userEvent.setup();
    const app = renderSettings('/health', routes(), { roles: ['responder'] });
    await user.click(await screen.findByText('checkout'));
    expect(paramOf(app, 'checkId')).toBe('c1');
    const drawer = await screen.findByRole('dialog', { name: 'checkout' });
    expect(within(drawer).getByText('p95 120 ms · p97 130 ms · p99 150 ms')).toBeTruthy();
    expect(within(drawer).getByText('tier: web')).toBeTruthy();
    expect(await within(drawer).findByText('status 503')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/settings/canaries/k1');
    await user.click(within(drawer).getByRole('button', { name: 'Run Now' }));
    expect(await screen.findByText('You have successfully initiated the check run.')).toBeTruthy();
    expect(app.server.to('/api/canary/run/check/c1', 'POST')).toHaveLength(1);
  });

  it('offers a viewer no Run Now', async () => {
    const user = userEvent.setup();
    renderSettings('/health?checkId=c1', routes(), { roles: ['viewer'] });
    const drawer = await screen.findByRole('dialog', { name: 'checkout' });
    expect(within(drawer).queryByRole('button', { name: 'Run Now' })).toBeNull();
    await user.keyboard('{Escape}');
  });
});
