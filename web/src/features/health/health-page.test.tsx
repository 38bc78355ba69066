import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type StubRoute } from '../../test/fetch-stub';
import { dbRoute, renderSettings, rows } from '../../test/render-settings';
import { aCheck } from './testing/checks';

const CHECKS = [
  aCheck({ id: 'c1', name: 'checkout', canary_name: 'shop', endpoint: 'https://shop/checkout', status: 'unhealthy', uptime: { passed: 90, failed: 10 }, latency: { p95: 120, p97: 130, p99: 150, rolling1h: 80 }, labels: { tier: 'web', critical: 'true', region: 'eu' } }),
  aCheck({ id: 'c2', name: 'catalog', canary_name: 'shop', description: 'Product pages', labels: { tier: 'web', critical: 'false', region: 'us' }, latency: { p95: 40, p97: 45, p99: 50, rolling1h: 30 } }),
  aCheck({ id: 'c3', name: 'ledger', canary_name: 'bank', namespace: 'finance', type: 'postgres', status: 'unhealthy', labels: { tier: 'db', region: 'ap' }, latency: { p95: 900, p97: 950, p99: 990, rolling1h: 800 } }),
  aCheck({ id: 'c4', name: 'queue', canary_name: 'bank', namespace: 'finance', type: 'redis', status: 'unhealthy', labels: { region: 'sa' }, latency: { p95: 5, p97: 6, p99: 7, rolling1h: 5 } }),
];

const summaryRoute = (checks: readonly unknown[] = CHECKS): StubRoute => ({ method: 'GET', path: '/api/canary/api/summary', respond: () => json({ checks_summary: checks }) });

type App = ReturnType<typeof renderSettings>;
const param = (app: App, name: string) => new URLSearchParams(app.router.state.location.search).get(name);

async function checksTable() {
  return screen.findByRole('table', { name: 'Checks' });
}

/** The text of the first cell of each body row. */
function firstCells(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent ?? '');
}

async function rowsBecome(expected: string[]) {
  await waitFor(async () => expect(firstCells(await checksTable())).toEqual(expected));
}

beforeEach(() => window.localStorage.clear());

describe('/health', () => {
  it('shows a skeleton, then the counts and the failing checks grouped by canary with their aggregate health', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const app = renderSettings('/health', [{ ...summaryRoute(), respond: async () => (await answered, json({ checks_summary: CHECKS })) }]);
    expect(await screen.findByRole('status', { name: 'Loading checks' })).toBeTruthy();
    answer();
    const table = await checksTable();
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Checks', 'Health', 'Uptime', 'Latency', 'Transition']);
    expect(screen.getByLabelText('Health summary').textContent).toBe('1 passing3 failing');
    // Hide Passing is on; bank has two failing checks (a closed group), shop one (shown as the check).
    expect(firstCells(table)).toEqual(['bank(2)', 'checkoutshop · https://shop/checkout']);
    const bank = within(table).getByRole('button', { name: /bank/ });
    expect(bank.getAttribute('aria-expanded')).toBe('false');
    expect(within(within(table).getAllByRole('row')[1]!).getByText('Unhealthy')).toBeTruthy();

    await app.user.click(bank);
    expect(bank.getAttribute('aria-expanded')).toBe('true');
    await rowsBecome(['bank(2)', 'ledgerbank', 'queuebank', 'checkoutshop · https://shop/checkout']);
    bank.focus();
    await app.user.keyboard('{Enter}');
    await rowsBecome(['bank(2)', 'checkoutshop · https://shop/checkout']);

    await app.user.click(screen.getByRole('checkbox', { name: 'Hide Passing' }));
    expect(param(app, 'hidePassing')).toBe('false');
    await rowsBecome(['bank(2)', 'shop(2)']);
    const shop = within(await checksTable()).getAllByRole('row')[2]!;
    expect(within(shop).getByText('Mixed')).toBeTruthy();
    expect(within(shop).getByText('90.9%')).toBeTruthy();
  });

  it('searches name, description, canary name and endpoint from the query parameter', async () => {
    const app = renderSettings('/health?query=bank', [summaryRoute()]);
    await rowsBecome(['bank(2)']);
    const box = screen.getByRole('searchbox', { name: 'Search checks' });
    expect(box.getAttribute('placeholder')).toBe('Search by name, description, or endpoint');
    await app.user.clear(box);
    await app.user.type(box, 'shop/check{Enter}');
    expect(param(app, 'query')).toBe('shop/check');
    await rowsBecome(['checkoutshop · https://shop/checkout']);
    await app.user.click(screen.getByRole('checkbox', { name: 'Hide Passing' }));
    await app.user.clear(box);
    await app.user.type(box, 'product{Enter}');
    await rowsBecome(['catalogshop']);
  });

  it('filters by a boolean label with a three-state toggle and by other labels with a multi-select', async () => {
    const app = renderSettings('/health?hidePassing=false&groupBy=no-group', [summaryRoute()]);
    await rowsBecome(['checkoutshop · https://shop/checkout', 'ledgerbank', 'queuebank', 'catalogshop']);
    const panel = screen.getByRole('complementary', { name: 'Filters' });
    await app.user.click(within(panel).getByRole('button', { name: 'Include critical' }));
    expect(param(app, 'labels')).toBe('critical=true:1');
    await rowsBecome(['checkoutshop · https://shop/checkout']);
    await app.user.click(within(panel).getByRole('button', { name: 'Exclude critical' }));
    expect(param(app, 'labels')).toBe('critical=true:-1');
    await rowsBecome(['ledgerbank', 'queuebank', 'catalogshop']);
    await app.user.click(within(panel).getByRole('button', { name: 'Exclude critical' }));
    expect(param(app, 'labels')).toBeNull();

    // Boolean labels are toggles; the others multi-selects, with select-all and a short summary from four.
    expect(within(panel).queryByRole('button', { name: /^critical:/ })).toBeNull();
    await app.user.click(within(panel).getByRole('button', { name: 'region: All' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(param(app, 'labels')).toBe('region=ap:1,region=eu:1,region=sa:1,region=us:1');
    expect(within(panel).getByRole('button', { name: 'region: including 4 labels' })).toBeTruthy();
    await app.user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'ap' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'sa' }));
    expect(within(panel).getByRole('button', { name: 'region: ap, sa' })).toBeTruthy();
    await app.user.keyboard('{Escape}');
    await rowsBecome(['ledgerbank', 'queuebank']);
  });

  it('reads the labels parameter of a shared link', async () => {
    renderSettings('/health?hidePassing=false&groupBy=no-group&labels=tier%3Dweb%3A1%2Ccritical%3Dtrue%3A-1', [summaryRoute()]);
    await rowsBecome(['catalogshop']);
  });

  it('groups by no grouping, name, description, type or a label key', async () => {
    const app = renderSettings('/health?hidePassing=false', [summaryRoute()]);
    await rowsBecome(['bank(2)', 'shop(2)']);
    const groupBy = screen.getByRole('combobox', { name: 'Group By' });
    expect(within(groupBy).getAllByRole('option').map((option) => option.textContent)).toEqual(['No Grouping', 'Group Name', 'Name', 'Description', 'Type', 'critical', 'region', 'tier']);
    await app.user.selectOptions(groupBy, 'No Grouping');
    expect(param(app, 'groupBy')).toBe('no-group');
    await rowsBecome(['checkoutshop · https://shop/checkout', 'ledgerbank', 'queuebank', 'catalogshop']);
    await app.user.selectOptions(groupBy, 'tier');
    expect(param(app, 'groupBy')).toBe('tier');
    await rowsBecome(['ledgerbank', 'queuebank', 'web(2)']);
    await app.user.click(screen.getByRole('button', { name: /web/ }));
    await rowsBecome(['ledgerbank', 'queuebank', 'web(2)', 'checkoutshop · https://shop/checkout', 'catalogshop']);
  });

  it('tabs by namespace with All first, by agent or by a label key', async () => {
    const app = renderSettings('/health', [summaryRoute()]);
    const tabs = await screen.findByRole('tablist', { name: 'Tab By namespace' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All (3)', 'default (1)', 'finance (2)']);
    await app.user.click(within(tabs).getByRole('tab', { name: 'finance (2)' }));
    expect(param(app, 'tab')).toBe('finance');
    await rowsBecome(['bank(2)']);
    const tabBy = screen.getByRole('combobox', { name: 'Tab By' });
    expect(within(tabBy).getAllByRole('option').map((option) => option.textContent)).toEqual(['Namespace', 'Agent', 'critical', 'region', 'tier']);
    await app.user.selectOptions(tabBy, 'tier');
    expect(param(app, 'tabBy')).toBe('tier');
    expect(param(app, 'tab')).toBeNull();
    const byTier = await screen.findByRole('tablist', { name: 'Tab By tier' });
    expect(within(byTier).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All (3)', 'db (1)', 'web (1)']);
    await app.user.selectOptions(tabBy, 'Agent');
    const byAgent = await screen.findByRole('tablist', { name: 'Tab By agent' });
    expect(within(byAgent).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All (3)', 'local (3)']);
  });

  it('names the agents of the agent tabs, the local one as local', async () => {
    const remote = 'a1a1a1a1-0000-4000-8000-000000000001';
    const checks = [...CHECKS, aCheck({ id: 'c5', name: 'edge', canary_name: 'edge', status: 'unhealthy', agent_id: remote })];
    const app = renderSettings('/health?tabBy=agent', [summaryRoute(checks), dbRoute('GET', 'agents', () => rows([{ id: remote, name: 'eu-cluster' }]))]);
    const tabs = await screen.findByRole('tablist', { name: 'Tab By agent' });
    await waitFor(() => expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All (4)', 'local (3)', 'eu-cluster (1)']));
    const asked = app.server.to('/api/db/agents', 'GET')[0]!.url.searchParams;
    expect(asked.get('id')).toBe(`in.(${remote})`);
    expect(asked.get('select')).toBe('id,name');
    await app.user.click(within(tabs).getByRole('tab', { name: 'eu-cluster (1)' }));
    expect(param(app, 'tab')).toBe(remote);
    await rowsBecome(['edgeeu-clusteredge']);
  });

  it("names a check's agent beside its name when the check came from an agent, whatever the tabs", async () => {
    const remote = 'a1a1a1a1-0000-4000-8000-000000000002';
    const checks = [...CHECKS, aCheck({ id: 'c5', name: 'edge', canary_name: 'edge', status: 'unhealthy', agent_id: remote })];
    renderSettings('/health?groupBy=no-group', [summaryRoute(checks), dbRoute('GET', 'agents', () => rows([{ id: remote, name: 'eu-cluster' }]))]);
    const table = await checksTable();
    await waitFor(() => expect(within(within(table).getByText('edge', { selector: '.font-medium' }).parentElement!).getByTitle('Agent').textContent).toBe('eu-cluster'));
    expect(within(table).getAllByTitle('Agent')).toHaveLength(1);
  });

  it("names a check's agent on its card in the card layout", async () => {
    const remote = 'a1a1a1a1-0000-4000-8000-000000000003';
    const checks = [...CHECKS, aCheck({ id: 'c5', name: 'edge', canary_name: 'edge', status: 'unhealthy', agent_id: remote })];
    renderSettings('/health?groupBy=no-group&layout=card', [summaryRoute(checks), dbRoute('GET', 'agents', () => rows([{ id: remote, name: 'eu-cluster' }]))]);
    const card = await screen.findByRole('button', { name: 'edge' });
    await waitFor(() => expect(within(card).getByTitle('Agent').textContent).toBe('eu-cluster'));
    expect(within(await screen.findByRole('button', { name: 'checkout' })).queryByTitle('Agent')).toBeNull();
  });

  it('shows cards by group in the card layout, and a card opens its check', async () => {
    const app = renderSettings('/health', [summaryRoute()]);
    await checksTable();
    await app.user.click(screen.getByRole('button', { name: 'Card' }));
    expect(param(app, 'layout')).toBe('card');
    const bank = await screen.findByRole('list', { name: 'bank' });
    expect(within(bank).getAllByRole('button').map((card) => card.getAttribute('aria-label'))).toEqual(['ledger', 'queue']);
    expect(screen.getByRole('heading', { name: 'bank (2)' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Checks' })).toBeNull();
    await app.user.click(within(bank).getByRole('button', { name: 'ledger' }));
    expect(param(app, 'checkId')).toBe('c3');
    expect(await screen.findByRole('dialog', { name: 'ledger' })).toBeTruthy();
  });

  it('pivots the groups over the values of a label, each cell showing the chosen value', async () => {
    const app = renderSettings('/health?hidePassing=false&pivotBy=labels&pivotLabel=tier&pivotCellType=status', [summaryRoute()]);
    const table = await checksTable();
    await waitFor(() => expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Checks', 'db', 'web', 'Other']));
    expect(firstCells(table)).toEqual(['bank(2)', 'shop(2)']);
    const shop = within(table).getAllByRole('row')[2]!;
    expect(within(shop).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['shop(2)', '', 'Mixed', '']);
    await app.user.click(within(table).getByRole('button', { name: 'ledger in db' }));
    expect(param(app, 'checkId')).toBe('c3');

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Pivot Cell' }), 'Latency');
    expect(param(app, 'pivotCellType')).toBe('latency');
    await waitFor(() => expect(within(within(table).getAllByRole('row')[2]!).getAllByRole('cell')[2]!.textContent).toBe('120ms'));
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Pivot By' }), 'Namespace');
    expect(param(app, 'pivotBy')).toBe('namespace');
    expect(param(app, 'pivotLabel')).toBeNull();
    await waitFor(() => expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Checks', 'default', 'finance']));
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Pivot By' }), 'None');
    expect(param(app, 'pivotBy')).toBeNull();
    expect(param(app, 'pivotCellType')).toBeNull();
  });

  it('sorts by sortBy and sortDesc and pages by pageIndex and pageSize', async () => {
    const app = renderSettings('/health?hidePassing=false&groupBy=no-group&sortBy=latency&sortDesc=true&pageSize=2', [summaryRoute()]);
    await rowsBecome(['ledgerbank', 'checkoutshop · https://shop/checkout']);
    await app.user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(param(app, 'pageIndex')).toBe('1');
    await rowsBecome(['catalogshop', 'queuebank']);
    await app.user.click(within(await checksTable()).getByRole('button', { name: /Checks/ }));
    expect(param(app, 'sortBy')).toBe('name');
    expect(param(app, 'sortDesc')).toBe('false');
    expect(param(app, 'pageIndex')).toBeNull();
    await rowsBecome(['catalogshop', 'checkoutshop · https://shop/checkout']);
  });

  it('moves back to the last page with rows when the URL names one past the end', async () => {
    const app = renderSettings('/health?hidePassing=false&groupBy=no-group&pageSize=3&pageIndex=7', [summaryRoute()]);
    await waitFor(() => expect(param(app, 'pageIndex')).toBe('1'));
    await rowsBecome(['catalogshop']);
  });

  it('asks for the time range of timeRange, and its length disables the fast refresh rates', async () => {
    window.localStorage.setItem('health.refreshRate', '"2m"');
    const app = renderSettings('/health?timeRange=3h', [summaryRoute()]);
    await checksTable();
    expect(app.server.to('/api/canary/api/summary').map((request) => request.url.searchParams.get('start'))).toEqual(['3h']);
    // 2m is not allowed from 180 minutes: the next allowed rate, 5m, is in effect.
    expect(screen.getByRole('button', { name: 'Auto refresh: 5m' })).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Time range: Last 3 hours' }));
    const ranges = screen.getByRole('region', { name: 'Relative time ranges' });
    expect(within(ranges).getAllByRole('button').map((button) => button.textContent)).toHaveLength(20);
    await app.user.click(within(ranges).getByRole('button', { name: 'Last 15 minutes' }));
    expect(param(app, 'timeRange')).toBe('15m');
    expect(await screen.findByRole('button', { name: 'Auto refresh: 2m' })).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Time range: Last 15 minutes' }));
    await app.user.click(within(screen.getByRole('region', { name: 'Relative time ranges' })).getByRole('button', { name: 'Last 1 month' }));
    await waitFor(() => expect(app.server.to('/api/canary/api/summary').map((request) => request.url.searchParams.get('start'))).toEqual(['3h', '15m', '30d']));
    await app.user.click(screen.getByRole('button', { name: 'Auto refresh: 5m' }));
    const disabled = screen.getAllByRole('menuitemradio').filter((item) => item.getAttribute('aria-disabled') === 'true');
    expect(disabled.map((item) => item.textContent)).toEqual(['15s', '30s', '2m', '3m']);
  });

  it('aborts the summary request still running when a new one starts', async () => {
    const app = renderSettings('/health', [{ method: 'GET', path: '/api/canary/api/summary', respond: (request) => (request.url.searchParams.get('start') === '1h' ? new Promise(() => undefined) : json({ checks_summary: CHECKS })) }]);
    const stubbed = globalThis.fetch;
    const signals: AbortSignal[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/canary/api/summary') && init?.signal) signals.push(init.signal);
      return stubbed(input, init);
    });
    expect(await screen.findByRole('status', { name: 'Loading checks' })).toBeTruthy();
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]!.aborted).toBe(false);
    await app.user.click(screen.getByRole('button', { name: 'Time range: Last 1 hour' }));
    await app.user.click(within(screen.getByRole('region', { name: 'Relative time ranges' })).getByRole('button', { name: 'Last 2 hours' }));
    await checksTable();
    expect(signals).toHaveLength(2);
    expect(signals[0]!.aborted).toBe(true);
  });

  it('shows how long ago a check last ran beside its health when that is 1 hour to 7 days ago', async () => {
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const checks = [
      aCheck({ id: 's1', name: 'stale', status: 'unhealthy', last_runtime: ago(190) }),
      aCheck({ id: 's2', name: 'fresh', status: 'unhealthy', last_runtime: ago(10) }),
      aCheck({ id: 's3', name: 'ancient', status: 'unhealthy', last_runtime: ago(8 * 24 * 60) }),
    ];
    renderSettings('/health?groupBy=no-group&sortBy=name', [summaryRoute(checks)]);
    const table = await checksTable();
    await rowsBecome(['ancientshop', 'freshshop', 'staleshop']);
    const health = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
    expect(health).toEqual(['Unhealthy', 'Unhealthy', 'Unhealthyran 3h ago']);
  });

  it('says there are no checks and where to add a canary', async () => {
    renderSettings('/health', [summaryRoute([])]);
    const table = await checksTable();
    expect(await within(table).findByText('No checks')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Settings › Health Checks' }).getAttribute('href')).toBe('/settings/canaries');
  });

  it('opens the check of checkId in the drawer from a row or the keyboard, and closing it leaves the URL', async () => {
    const app = renderSettings('/health?groupBy=no-group', [summaryRoute()]);
    const table = await checksTable();
    await app.user.click(within(table).getByText('ledger'));
    expect(param(app, 'checkId')).toBe('c3');
    expect(await screen.findByRole('dialog', { name: 'ledger' })).toBeTruthy();
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(param(app, 'checkId')).toBeNull());
    within(table).getAllByRole('row')[1]!.focus();
    await app.user.keyboard('{Enter}');
    expect(param(app, 'checkId')).toBe('c1');
  });

  it('cuts a long name or endpoint at the column edge, whole in its title', async () => {
    renderSettings('/health?groupBy=no-group', [summaryRoute()]);
    const table = await checksTable();
    expect(within(table).getByTitle('shop · https://shop/checkout').textContent).toBe('shop · https://shop/checkout');
    expect(within(table).getByTitle('checkout').className).toContain('truncate');
  });

  it('says Check not found for a checkId no check has, unknown or malformed, and closing it leaves the URL', async () => {
    for (const id of ['7d0c2f5e-98a1-4c4e-9d55-0b7f3c1a2e44', 'not-a-uuid']) {
      const app = renderSettings(`/health?checkId=${id}`, [summaryRoute()]);
      const drawer = await screen.findByRole('dialog', { name: 'Check not found' });
      expect(within(drawer).getByRole('alert').textContent).toContain(id);
      await app.user.keyboard('{Escape}');
      await waitFor(() => expect(param(app, 'checkId')).toBeNull());
      app.unmount();
    }
  });

  it('moves to the search box on /', async () => {
    const app = renderSettings('/health', [summaryRoute()]);
    await checksTable();
    await app.user.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search checks' }));
  });
});
