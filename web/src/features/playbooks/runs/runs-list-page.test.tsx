import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dbRoute, paramsOf, renderSettings, rows } from '../../../test/render-settings';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const RUN = {
  id: 'r1',
  playbook_id: 'p1',
  status: 'failed',
  error: 'boom',
  created_at: ago(DAY),
  start_time: ago(DAY),
  end_time: new Date(Date.parse(ago(DAY)) + 90_000).toISOString(),
  config_id: 'cfg1',
  component_id: null,
  check_id: null,
  playbook: { id: 'p1', title: 'Restart service', icon: null },
  config: { id: 'cfg1', name: 'checkout-db', type: 'Postgres' },
  component: null,
  check: null,
  person: { id: 'u2', name: 'Grace Hopper', avatar: null },
};
const ON_COMPONENT = { ...RUN, id: 'r2', status: 'completed', config_id: null, config: null, component_id: 'c1', component: { id: 'c1', name: 'api' } };
const ON_CHECK = { ...RUN, id: 'r3', status: 'running', end_time: null, config_id: null, config: null, check_id: 'k1', check: { id: 'k1', name: 'http-ok' } };

const routes = () => [
  dbRoute('GET', 'playbook_runs', () => rows([RUN, ON_COMPONENT, ON_CHECK], 400)),
  dbRoute('GET', 'playbook_names', () => rows([{ id: 'p1', name: 'restart', title: 'Restart service', icon: null, category: null, description: null }, { id: 'p2', name: 'scale', title: 'Scale', icon: null, category: null, description: null }])),
];

const lastRunsRequest = (app: ReturnType<typeof renderSettings>) => app.server.to('/api/db/playbook_runs', 'GET').at(-1)!;

afterEach(() => vi.restoreAllMocks());

describe('/playbooks/runs', () => {
  it('asks for 150 runs of the last 7 days newest first, counted, and shows playbook, resource, status, start, duration and person', async () => {
    const app = renderSettings('/playbooks/runs', routes());
    const table = await screen.findByRole('table', { name: 'Playbook runs' });
    await within(table).findByText('checkout-db');

    const request = lastRunsRequest(app);
    const params = paramsOf(request.url);
    expect(params['limit']).toBe('150');
    expect(params['offset']).toBe('0');
    expect(params['order']).toBe('created_at.desc');
    expect(request.headers.get('Prefer')).toContain('count=exact');
    // Started in the last 7 days, or not started yet (pending, waiting) and created in them.
    const [, from, to] = /^\(and\(start_time\.gte\.([^,]+),start_time\.lte\.([^)]+)\),and\(start_time\.is\.null,created_at\.gte\.\1,created_at\.lte\.\2\)\)$/.exec(params['or'] ?? '') ?? [];
    expect(Date.now() - Date.parse(from!)).toBeGreaterThan(7 * DAY - 60_000);
    expect(Date.now() - Date.parse(from!)).toBeLessThan(7 * DAY + 60_000);
    expect(Math.abs(Date.now() - Date.parse(to!))).toBeLessThan(60_000);
    expect(params['playbook_id']).toBeUndefined();
    expect(params['status']).toBeUndefined();

    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Restart service', 'checkout-db', 'failed', expect.any(String), '1.5m', 'Grace Hopper']);
    expect(within(first).getByRole('link', { name: 'checkout-db' }).getAttribute('href')).toBe('/catalog/cfg1');
    expect(within(table).getByRole('link', { name: 'api' }).getAttribute('href')).toBe('/topology/c1');
    expect(within(table).getByRole('link', { name: 'http-ok' }).getAttribute('href')).toBe('/health?checkId=k1');
    expect(within(table).getByText('failed').dataset['tone']).toBe('red');
    expect(within(table).getByText('completed').dataset['tone']).toBe('green');
    // 400 runs at 150 a page: 3 pages, from Content-Range.
    expect(screen.getByText('of 3')).toBeTruthy();

    await app.user.click(within(first).getByText('Restart service'));
    await waitFor(() => expect(app.location()).toBe('/playbooks/runs/r1'));
  });

  it('keeps the playbook, status and time range filters in the URL and asks for them', async () => {
    const app = renderSettings('/playbooks/runs?pageIndex=2', routes());
    await screen.findByRole('table', { name: 'Playbook runs' });
    const filters = screen.getByRole('group', { name: 'Filters' });

    await waitFor(() => expect(within(filters).getByRole('option', { name: 'Scale' })).toBeTruthy());
    await app.user.selectOptions(within(filters).getByRole('combobox', { name: 'Playbook' }), 'Scale');
    await waitFor(() => expect(app.location()).toBe('/playbooks/runs?playbook=p2'));
    await app.user.selectOptions(within(filters).getByRole('combobox', { name: 'Status' }), 'waiting');
    await waitFor(() => expect(app.location()).toBe('/playbooks/runs?playbook=p2&status=waiting'));
    await waitFor(() => expect(paramsOf(lastRunsRequest(app).url)).toMatchObject({ playbook_id: 'eq.p2', status: 'eq.waiting' }));

    expect(within(filters).getByRole('button', { name: /^Time range:/ }).getAttribute('aria-label')).toBe('Time range: Last 7 days');
    await app.user.click(within(filters).getByRole('button', { name: /^Time range:/ }));
    await app.user.click(within(await screen.findByRole('region', { name: 'Relative time ranges' })).getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(app.location()).toBe('/playbooks/runs?playbook=p2&status=waiting&rangeType=relative&range=30d'));
    await waitFor(() => {
      const from = /start_time\.gte\.([^,]+),/.exec(lastRunsRequest(app).url.searchParams.get('or') ?? '')?.[1] ?? '';
      expect(Math.round((Date.now() - Date.parse(from)) / DAY)).toBe(30);
    });
  });

  it('reads the filters a URL names', async () => {
    const app = renderSettings('/playbooks/runs?playbook=p1&status=failed&rangeType=relative&range=24h', routes());
    await screen.findByRole('table', { name: 'Playbook runs' });
    const filters = screen.getByRole('group', { name: 'Filters' });
    await waitFor(() => expect((within(filters).getByRole('combobox', { name: 'Playbook' }) as HTMLSelectElement).value).toBe('p1'));
    expect((within(filters).getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('failed');
    expect(within(filters).getByRole('button', { name: /^Time range:/ }).getAttribute('aria-label')).toBe('Time range: Last 24 hours');
    expect(paramsOf(lastRunsRequest(app).url)).toMatchObject({ playbook_id: 'eq.p1', status: 'eq.failed' });
  });
});
