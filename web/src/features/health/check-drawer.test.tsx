import type { CheckSummary, FeatureProperty, Role } from '@pharos/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { disable, signedInRoutes } from '../../app/testing/shell-stubs';
import { json, stubFetch, type StubRoute } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { CheckDrawer } from './check-drawer';

const HOUR = 3_600_000;
const now = Date.now();
const CHECK: CheckSummary = {
  id: 'c1',
  canary_id: 'k1',
  canary_name: 'shop',
  canary_namespace: 'default',
  agent_id: '00000000-0000-0000-0000-000000000000',
  name: 'checkout',
  namespace: 'default',
  type: 'http',
  icon: null,
  description: null,
  endpoint: 'https://shop/checkout',
  labels: { tier: 'web' },
  status: 'unhealthy',
  severity: 'high',
  uptime: { passed: 90, failed: 10 },
  latency: { p95: 120, p97: 130, p99: 150, rolling1h: 80 },
  last_runtime: new Date(now - 50 * HOUR).toISOString(),
  last_transition_time: new Date(now - 60 * HOUR).toISOString(),
  next_runtime: new Date(now + 60_000).toISOString(),
  created_at: '2026-11-01T00:00:00Z',
};

const STATUSES = [
  { time: new Date(now - 50 * HOUR).toISOString(), status: false, duration: 120, message: null, error: 'status 503' },
  { time: new Date(now - 51 * HOUR).toISOString(), status: true, duration: 40, message: '200 in 40 ms', error: null },
];

const range = (data: unknown[], total: number) => ({ status: 200, body: data, headers: { 'Content-Range': data.length ? `0-${data.length - 1}/${total}` : `*/${total}` } });

function routes(playbooks: unknown[] = []): StubRoute[] {
  return [
    { path: /^\/api\/db\/check_statuses\?.*count|^\/api\/db\/check_statuses\?/, respond: () => range(STATUSES, 2) },
    {
      path: /^\/api\/db\/checks\?/,
      respond: () => json([{ id: 'c1', spec: { name: 'checkout', url: 'https://shop/checkout', responseCodes: [200] }, canary_id: 'k1', canaries: { id: 'k1', name: 'shop', namespace: 'default', source: 'ConfigFile=canaries/shop.yaml' } }]),
    },
    {
      path: '/api/canary/api/graph',
      respond: () =>
        json({
          duration: 3,
          runnerName: 'local',
          window: 900,
          source: 'check_statuses_1h',
          status: [
            { time: STATUSES[1]!.time, status: true, duration: 40, passed: 1, failed: 0 },
            { time: STATUSES[0]!.time, status: false, duration: 120, passed: 0, failed: 1 },
          ],
          uptime: { passed: 1, failed: 1 },
          latency: { p95: 120, p97: 120, p99: 120, rolling1h: null },
        }),
    },
    { path: /^\/api\/db\/checks_by_component\?/, respond: () => json([{ component_id: 'comp1' }]) },
    { path: /^\/api\/db\/check_summary_for_config\?/, respond: () => json([{ config_id: 'cfg1' }]) },
    { path: /^\/api\/db\/components\?/, respond: () => json([{ id: 'comp1', name: 'payments', type: 'Service', icon: null }]) },
    { path: /^\/api\/db\/configs\?/, respond: () => json([{ id: 'cfg1', name: 'shop-deployment', type: 'Kubernetes::Deployment' }]) },
    { path: /^\/api\/playbook\/list\?check_id=c1$/, respond: () => json(playbooks) },
    { path: /^\/api\/playbook\/suggestions\?check_id=c1$/, respond: () => json(playbooks.map((playbook) => ({ ...(playbook as object), runs: 1, fixes: 1, last_fixed_at: null }))) },
    {
      path: /^\/api\/suspects\?check_id=c1&window=1h$/,
      respond: () =>
        json({
          anchor: { kind: 'check', id: 'c1', name: 'checkout', transition_at: STATUSES[0]!.time },
          window: '1h',
          from: STATUSES[0]!.time,
          configs_searched: 1,
          truncated: false,
          suspects: [
            {
              id: 'ch1', config_id: 'cfg1', config_name: 'shop-web', config_type: 'Kubernetes::Deployment', change_type: 'Deployment', kind: 'deployment',
              severity: 'medium', summary: 'image shop:2', source: null, created_at: STATUSES[0]!.time, distance: 1, diff: '-image: shop:1\n+image: shop:2', patches: null,
              score: 0.8, scores: { time: 1, graph: 0.5, severity: 0.6, kind: 1 },
            },
          ],
        }),
    },
    { path: /^\/api\/db\/incidents\?/, respond: () => json([{ id: 'i7', incident_id: 'INC-7', title: 'Checkout down', status: 'open', severity: 'high' }]) },
    { path: /^\/api\/db\/hypotheses\?/, respond: () => json([{ id: 'h1' }]) },
    { method: 'POST', path: '/api/db/evidences', respond: () => ({ status: 201, body: null }) },
    { method: 'POST', path: '/api/canary/run/check/c1', respond: () => json({ message: 'ok', status: 'healthy', duration: 12, output: '200', error: null }) },
  ];
}

function renderDrawer(roles: Role[] = ['admin'], playbooks: unknown[] = [], properties: FeatureProperty[] = [], check: CheckSummary = CHECK) {
  const server = stubFetch([...routes(playbooks), ...signedInRoutes({ roles, properties })]);
  const app = renderApp('/', { routes: [{ path: '/', element: <CheckDrawer check={check} onClose={() => undefined} /> }, { path: '*', element: <p>elsewhere</p> }] });
  return { ...app, server };
}

const historyRequests = (server: ReturnType<typeof stubFetch>) => server.to('/api/db/check_statuses').filter((request) => request.url.searchParams.has('offset'));
const lastHistory = (server: ReturnType<typeof stubFetch>) => historyRequests(server).at(-1)!.url.searchParams;

afterEach(() => {
  vi.useRealTimers();
  act(() => {
    window.innerHeight = 768;
  });
});

describe('check drawer', () => {
  it('shows the suspect changes with their diffs and the suggested fixes', async () => {
    renderDrawer(['admin'], [{ id: 'p1', title: 'Restart shop', spec: { checks: [{ name: 'checkout' }], actions: [] } }]);
    const drawer = await screen.findByRole('dialog', { name: 'checkout' });
    const suspects = await within(drawer).findByRole('region', { name: 'Suspect changes' });
    const suspect = await within(suspects).findByRole('listitem', { name: 'shop-web: Deployment' });
    expect(within(suspect).getByLabelText('Diff of Deployment on shop-web').textContent).toContain('+image: shop:2');
    const fixes = await within(drawer).findByRole('region', { name: 'Suggested fixes' });
    expect(await within(fixes).findByText('Fixed it once in 1 run')).toBeTruthy();
    expect(within(fixes).getByRole('button', { name: 'Run Restart shop' })).toBeTruthy();
  });

  it('leaves out the suspect changes when the catalog is disabled, and the suggested fixes when playbooks are', async () => {
    const first = renderDrawer(['admin'], [], [disable('config')]);
    let drawer = await screen.findByRole('dialog', { name: 'checkout' });
    await within(drawer).findByRole('region', { name: 'Suggested fixes' });
    await waitFor(() => expect(within(drawer).queryByRole('region', { name: 'Suspect changes' })).toBeNull());
    first.unmount();
    renderDrawer(['admin'], [], [disable('playbooks')]);
    drawer = await screen.findByRole('dialog', { name: 'checkout' });
    await within(drawer).findByRole('region', { name: 'Suspect changes' });
    await waitFor(() => expect(within(drawer).queryByRole('region', { name: 'Suggested fixes' })).toBeNull());
  });

  it('shows labels, uptime with its counts, latency, severity, the times and the history of the range the last run falls in', async () => {
    const { server } = renderDrawer();
    const drawer = await screen.findByRole('dialog', { name: 'checkout' });
    expect(within(drawer).getByText('tier: web')).toBeTruthy();
    // Uptime counts the runs of the chart's range (the graph), not the dashboard's summary (90 passed, 10 failed).
    expect(await within(drawer).findByText('(1 passed, 1 failed)')).toBeTruthy();
    expect(within(drawer).getByText('50.0%')).toBeTruthy();
    expect(within(drawer).queryByText('(90 passed, 10 failed)')).toBeNull();
    expect(within(drawer).getByText('p95 120 ms · p97 130 ms · p99 150 ms')).toBeTruthy();
    expect(within(drawer).getByText('high')).toBeTruthy();
    for (const label of ['Last Run', 'Transitioned', 'Next Run', 'Severity']) expect(within(drawer).getByText(label)).toBeTruthy();
    // The last run was 50 hours ago: the first range covering it is 3d.
    expect((within(drawer).getByRole('combobox', { name: 'Time Range' }) as HTMLSelectElement).value).toBe('3d');
    const history = await within(drawer).findByRole('table', { name: 'History' });
    expect(within(history).getByText('status 503')).toBeTruthy();
    expect(within(drawer).getByRole('figure', { name: 'Health Overview' }).textContent).toContain('2 runs, 1 failed');

    const params = lastHistory(server);
    expect(params.get('check_id')).toBe('eq.c1');
    expect(params.get('order')).toBe('time.desc');
    expect(params.get('limit')).toBe('50');
    expect(params.get('offset')).toBe('0');
    const since = Date.parse(params.get('time')!.replace(/^gt\./, ''));
    expect(Math.abs(since - (now - 3 * 24 * HOUR))).toBeLessThan(60_000);
    expect(historyRequests(server).at(-1)!.headers.get('Prefer')).toContain('count=exact');
    expect(Object.fromEntries(server.to('/api/canary/api/graph')[0]!.url.searchParams)).toEqual({ check: 'c1', count: '300', start: '3d' });
  });

  it('moves its times on every second, and never shows a run that happened in the future', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const start = Date.now();
    // The server's clock is 3 s ahead of this browser's: its last run is stamped 3 s from now.
    renderDrawer(['admin'], [], [], { ...CHECK, last_runtime: new Date(start + 3_000).toISOString(), next_runtime: new Date(start + 11_000).toISOString() });
    const drawer = await screen.findByRole('dialog', { name: 'checkout' });
    const fact = (label: string) => within(drawer).getByText(label).nextElementSibling!.textContent;
    expect(fact('Next Run')).toBe('in 11s');
    expect(fact('Last Run')).toBe('0s ago');
    act(() => vi.advanceTimersByTime(1_000));
    expect(fact('Next Run')).toBe('in 10s');
    act(() => vi.advanceTimersByTime(5_000));
    expect(fact('Next Run')).toBe('in 5s');
    expect(fact('Last Run')).toBe('3s ago');
    act(() => vi.advanceTimersByTime(10_000));
    expect(fact('Next Run')).toBe('in 0s');
  });

  it('filters the history by status and least duration, and refuses a duration in other units', async () => {
    const { server, user } = renderDrawer();
    const drawer = await screen.findByRole('dialog', { name: 'checkout' });
    await within(drawer).findByRole('table', { name: 'History' });
    await user.selectOptions(within(drawer).getByRole('combobox', { name: 'Status' }), 'Unhealthy');
    await waitFor(() => expect(lastHistory(server).get('status')).toBe('eq.0'));
    await user.selectOptions(within(drawer).getByRole('combobox', { name: 'Status' }), 'Healthy');
    await waitFor(() => expect(lastHistory(server).get('status')).toBe('eq.1'));
    const duration = within(drawer).getByRole('combobox', { name: 'Duration' });
    await user.type(duration, '5s');
    await waitFor(() => expect(lastHistory(server).get('duration')).toBe('gte.5000'));
    await user.tripleClick(duration);
    await user.keyboard('5m');
    expect(await within(drawer).findByText('duration is allowed only in milli seconds & seconds')).toBeTruthy();
    expect(lastHistory(server).get('duration')).toBe('gte.5000');
    await user.selectOptions(within(drawer).getByRole('combobox', { name: 'Time Range' }), '1h');
    await waitFor(() => expect(Math.abs(Date.parse(lastHistory(server).get('time')!.slice(3)) - (Date.now() - HOUR))).toBeLessThan(60_000));
  });

  it('shows the spec as YAML and links related components and configs', async () => {
    const { user } = renderDrawer();
    const drawer = await screen.findByRole('dialog', { name: 'checkout' });
    expect(within(drawer).queryByRole('tab', { name: 'Graph' })).toBeNull();
    await user.click(within(drawer).getByRole('tab', { name: 'Spec' }));
    const spec = await within(drawer).findByRole('textbox', { name: 'Spec' });
    await waitFor(() => expect(spec.textContent).toContain('url: https://shop/checkout'));
    await user.click(within(drawer).getByRole('tab', { name: 'Relationships' }));
    expect((await within(drawer).findByRole('link', { name: 'payments' })).getAttribute('href')).toBe('/topology/comp1');
    expect(within(drawer).getByRole('link', { name: 'shop-deployment' }).getAttribute('href')).toBe('/catalog/cfg1');
  });

  it('moves the Health Overview into a Graph tab on a short screen', async () => {
    act(() => {
      window.innerHeight = 600;
    });
    const { user } = renderDrawer();
    const drawer = await screen.findByRole('dialog', { name: 'checkout' });
    expect(within(drawer).queryByRole('figure', { name: 'Health Overview' })).toBeNull();
    await user.click(within(drawer).getByRole('tab', { name: 'Graph' }));
    expect((await within(drawer).findByRole('figure', { name: 'Health Overview' })).textContent).toContain('2 runs, 1 failed');
  });

  it('runs the check now, links Edit and the source, and offers playbooks only when one applies', async () => {
    const { server, user } = renderDrawer(['admin']);
    const drawer = await screen.findByRole('dialog', { name: 'checkout' });
    expect(within(drawer).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/settings/canaries/k1');
    expect(await within(drawer).findByText('Source: canaries/shop.yaml')).toBeTruthy();
    const playbooks = within(drawer).getByRole('button', { name: 'Playbooks' });
    await waitFor(() => expect(playbooks.getAttribute('title')).toBe('No playbooks apply to this check'));
    expect((playbooks as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(drawer).getByRole('button', { name: 'Run Now' }));
    expect(await screen.findByText('You have successfully initiated the check run.')).toBeTruthy();
    expect(server.to('/api/canary/run/check/c1', 'POST')).toHaveLength(1);
  });

  it('lists the playbooks that can run on the check and opens the Run playbook modal for it', async () => {
    const { user } = renderDrawer(['admin'], [{ id: 'p1', title: 'Restart checkout', spec: { checks: [{ types: ['http'], labelSelector: 'tier=web' }] } }]);
    const drawer = await screen.findByRole('dialog', { name: 'checkout' });
    await waitFor(() => expect((within(drawer).getByRole('button', { name: 'Playbooks' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(within(drawer).getByRole('button', { name: 'Playbooks' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Restart checkout' }));
    expect(await screen.findByRole('dialog', { name: 'Run Restart checkout' })).toBeTruthy();
  });

  it('links the check to an incident as evidence on its root hypothesis', async () => {
    const { server, user } = renderDrawer(['admin']);
    const drawer = await screen.findByRole('dialog', { name: 'checkout' });
    await user.click(await within(drawer).findByRole('button', { name: 'Link to incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link to incident' });
    await user.click(await within(dialog).findByRole('radio', { name: /Checkout down/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Linked to INC-7')).toBeTruthy();
    expect(server.to('/api/db/evidences', 'POST')[0]!.body).toMatchObject({ hypothesis_id: 'h1', type: 'check', check_id: 'c1', description: 'checkout' });
  });

  it('hides Link to incident when incidents are disabled, and from a viewer', async () => {
    // Shown when enabled (its code is then loaded, so a hidden button below is not one still loading).
    const enabled = renderDrawer(['admin']);
    let drawer = await screen.findByRole('dialog', { name: 'checkout' });
    expect(await within(drawer).findByRole('button', { name: 'Link to incident' })).toBeTruthy();
    enabled.unmount();

    const disabled = renderDrawer(['admin'], [], [disable('incidents')]);
    drawer = await screen.findByRole('dialog', { name: 'checkout' });
    await within(drawer).findByRole('table', { name: 'History' });
    expect(within(drawer).getByRole('button', { name: 'Run Now' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Link to incident' })).toBeNull();
    disabled.unmount();

    renderDrawer(['viewer']);
    drawer = await screen.findByRole('dialog', { name: 'checkout' });
    await within(drawer).findByRole('table', { name: 'History' });
    expect(within(drawer).queryByRole('button', { name: 'Link to incident' })).toBeNull();
  });

  it('offers a viewer neither Run Now nor Playbooks', async () => {
    renderDrawer(['viewer']);
    const drawer = await screen.findByRole('dialog', { name: 'checkout' });
    await within(drawer).findByRole('table', { name: 'History' });
    expect(within(drawer).queryByRole('button', { name: 'Run Now' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Playbooks' })).toBeNull();
  });
});
