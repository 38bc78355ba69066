import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, type RecordedRequest, type StubRoute } from '../../../test/fetch-stub';
import { mockLayout } from '../../../ui/testing/render';
import { dbRoute, renderSettings, rows } from '../../../test/render-settings';
import type { ConfigListItem, ConfigSummaryRow } from './catalog-list-api';

const HOUR = 3_600_000;

const summaryRow = (row: Partial<ConfigSummaryRow>): ConfigSummaryRow => ({
  count: 1,
  deleted: 0,
  health: {},
  status: {},
  changes: 0,
  analysis: {},
  cost: 0,
  cost_total_1d: 0,
  cost_total_30d: 0,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  last_scraped_time: null,
  ...row,
});

const SUMMARY = [
  summaryRow({ config_class: 'Service', type: 'Shop::Service', count: 1500, health: { healthy: 2, unhealthy: 1 }, changes: 520, analysis: { security: 1 }, cost_total_30d: 90.5, cost_total_1d: 9 }),
  summaryRow({ config_class: 'Database', type: 'Shop::Database', count: 12, health: { warning: 1 }, cost_total_30d: 4.5, cost_total_1d: 0.15 }),
];

const item = (row: Partial<ConfigListItem>): ConfigListItem => ({
  id: 'c1',
  name: 'api',
  type: 'Shop::Service',
  config_class: 'Service',
  status: 'Running',
  health: 'healthy',
  labels: {},
  tags: {},
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  deleted_at: null,
  cost_total_1d: null,
  cost_total_30d: null,
  config_items_last_scraped_time: [{ last_scraped_time: new Date().toISOString() }],
  agent_id: '00000000-0000-0000-0000-000000000000',
  agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
  ...row,
});

const CONFIGS = [
  item({ id: 'c1', name: 'api', tags: { region: 'eu' } }),
  item({ id: 'c2', name: 'worker', health: 'unhealthy', config_items_last_scraped_time: [{ last_scraped_time: new Date(Date.now() - 2 * HOUR).toISOString() }] }),
  item({ id: 'c3', name: 'old', deleted_at: '2026-11-20T00:00:00Z' }),
];

function routes(requests: { summary: unknown[]; configs: URL[] }): StubRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/catalog/summary',
      respond: (request: RecordedRequest) => {
        requests.summary.push(request.body);
        return json(SUMMARY);
      },
    },
    dbRoute('GET', 'configs', (request) => {
      requests.configs.push(request.url);
      return rows(CONFIGS);
    }),
    dbRoute('GET', 'config_types', () => rows([{ type: 'Shop::Database', count: 12 }, { type: 'Shop::Service', count: 1500 }])),
    dbRoute('GET', 'config_labels', () => rows([{ key: 'team', value: 'platform' }])),
    dbRoute('GET', 'config_tags', () => rows([{ key: 'region', value: 'eu' }])),
    dbRoute('GET', 'config_statuses', () => rows([{ status: 'Running' }])),
  ];
}

type App = ReturnType<typeof renderSettings>;
const param = (app: App, name: string) => new URLSearchParams(app.router.state.location.search).get(name);

function bodyRows(table: HTMLElement) {
  return within(table).getAllByRole('row').filter((row) => row.hasAttribute('data-index'));
}

let restoreLayout: () => void = () => undefined;
beforeEach(() => {
  window.localStorage.clear();
  restoreLayout = mockLayout(700);
});
afterEach(() => restoreLayout());

describe('/catalog', () => {
  it('shows the summary grouped by config_class and type with counts, cost and trend, and asks for the 30-day windows without deleted items', async () => {
    const requests = { summary: [] as unknown[], configs: [] as URL[] };
    renderSettings('/catalog', routes(requests));
    const table = await screen.findByRole('table', { name: 'Catalog summary' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['config class', 'type', 'Count', 'Health', 'Changes', 'Insights', 'Cost (30d)', 'Updated']);
    const [database, service] = bodyRows(table);
    // Type ascending: Shop::Database before Shop::Service.
    expect(database!.textContent).toContain('Shop::Database');
    expect(within(service!).getByText('1k+').getAttribute('data-highlight')).toBe('true');
    expect(within(service!).getByText('520').getAttribute('data-highlight')).toBe('true');
    expect(within(database!).getByText('12').getAttribute('data-highlight')).toBeNull();
    expect(service!.textContent).toContain('$91');
    // 9 a day against 90.5/30 ≈ 3.02: rising; 0.15 against 0.15: no arrow.
    expect(within(service!).getByLabelText('cost rising')).toBeTruthy();
    expect(database!.textContent).toContain('$4.50');
    expect(within(database!).queryByLabelText(/cost (rising|falling)/)).toBeNull();
    expect(requests.summary[0]).toEqual({
      groupBy: ['config_class', 'type'],
      deleted: false,
      filter: {},
      tags: {},
      changes: { since: '30d' },
      analysis: { since: '30d' },
      cost: '30d',
    });
    expect(screen.getByRole('link', { name: 'Scrapers' }).getAttribute('href')).toBe('/catalog/scrapers');
  });

  it('opens the flat table of a type from a summary row, keeping configType on the tab links, and a config row opens its page', async () => {
    const requests = { summary: [] as unknown[], configs: [] as URL[] };
    const app = renderSettings('/catalog?groupBy=type&labels=team__:__platform:1', routes(requests));
    const table = await screen.findByRole('table', { name: 'Catalog summary' });
    await app.user.click(within(table).getByText('Shop::Service'));
    await waitFor(() => expect(param(app, 'configType')).toBe('Shop::Service'));
    expect(param(app, 'groupBy')).toBeNull();
    expect(param(app, 'labels')).toBe('team__:__platform:1');
    const configs = await screen.findByRole('table', { name: 'Configs' });
    const last = requests.configs.at(-1)!;
    expect(last.searchParams.get('type')).toBe('eq.Shop::Service');
    expect(last.searchParams.get('deleted_at')).toBe('is.null');
    expect(last.searchParams.get('labels')).toBe('cs.{"team":"platform"}');
    expect(last.searchParams.get('order')).toBe('deleted_at.desc.nullslast,type.asc,name.asc');
    expect(screen.getByRole('link', { name: 'Changes' }).getAttribute('href')).toBe('/catalog/changes?configType=Shop%3A%3AService');
    expect(screen.getByRole('link', { name: 'Scrapers' }).getAttribute('href')).toBe('/catalog/scrapers');

    // Rows of about 37 px in a virtual window.
    expect(bodyRows(configs).map((row) => row.textContent?.split('Shop::')[0])).toEqual(['api', 'worker', 'old(deleted)']);
    const [api, worker, old] = bodyRows(configs);
    expect(within(api!).queryByLabelText('Possibly stale')).toBeNull();
    expect(within(worker!).getByLabelText('Possibly stale')).toBeTruthy();
    expect(old!.textContent).toContain('(deleted)');
    expect(within(old!).queryByLabelText('Possibly stale')).toBeNull();

    await app.user.click(within(api!).getByRole('button', { name: 'Exclude tag region: eu' }));
    await waitFor(() => expect(param(app, 'tags')).toBe('region____eu:-1'));
    expect(screen.getByRole('list', { name: 'Active filters' }).textContent).toContain('not region: eu');
    await waitFor(() => expect(requests.configs.at(-1)!.searchParams.get('tags')).toBe('not.cs.{"region":"eu"}'));

    await app.user.click(api!);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/catalog/c1'));
  });

  it("asks for deleted items when 'Hide Deleted Catalog' is off and remembers it, and pins a type", async () => {
    const requests = { summary: [] as unknown[], configs: [] as URL[] };
    const app = renderSettings('/catalog', routes(requests));
    const box = await screen.findByRole('checkbox', { name: 'Hide Deleted Catalog' });
    expect((box as HTMLInputElement).checked).toBe(true);
    await app.user.click(box);
    await waitFor(() => expect(requests.summary.at(-1)).toMatchObject({ deleted: true }));
    expect(window.localStorage.getItem('catalog.hideDeleted')).toBe('false');

    const table = await screen.findByRole('table', { name: 'Catalog summary' });
    await app.user.click(within(table).getByRole('button', { name: 'Pin Shop::Service' }));
    // Pinned types come first and are listed as links.
    await waitFor(() => expect(bodyRows(table)[0]!.textContent).toContain('Shop::Service'));
    expect(within(screen.getByRole('navigation', { name: 'Pinned types' })).getByRole('link', { name: 'Shop::Service' })).toBeTruthy();
    expect(param(app, 'configType')).toBeNull();
  });

  it("names the agent of a config that came from one beside its name, and asks for the agents' names", async () => {
    const requests = { summary: [] as unknown[], configs: [] as URL[] };
    const edge = 'a0000000-0000-4000-8000-000000000007';
    CONFIGS.push(item({ id: 'c4', name: 'edge-api', agent_id: edge, agent: { id: edge, name: 'eu-west-cluster' } }));
    try {
      renderSettings('/catalog?configType=Shop::Service', routes(requests));
      const configs = await screen.findByRole('table', { name: 'Configs' });
      await waitFor(() => expect(bodyRows(configs)).toHaveLength(4));
      const [api, , , edgeApi] = bodyRows(configs);
      expect(within(edgeApi!).getByTitle('Agent').textContent).toBe('eu-west-cluster');
      expect(within(api!).queryByTitle('Agent')).toBeNull();
      expect(requests.configs.at(-1)!.searchParams.get('select')).toContain('agent:agent_id(id,name)');
    } finally {
      CONFIGS.pop();
    }
  });

  it('sorts by a header click, shown on the header and kept in the URL, from the keyboard too', async () => {
    const requests = { summary: [] as unknown[], configs: [] as URL[] };
    const app = renderSettings('/catalog?configType=Shop::Service', routes(requests));
    const configs = await screen.findByRole('table', { name: 'Configs' });
    const header = (name: string) => within(configs).getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Type').getAttribute('aria-sort')).toBe('ascending');
    await app.user.click(within(header('Name')).getByRole('button'));
    await waitFor(() => expect([param(app, 'sortBy'), param(app, 'sortOrder')]).toEqual(['name', 'asc']));
    await waitFor(() => expect(requests.configs.at(-1)!.searchParams.get('order')).toBe('deleted_at.desc.nullslast,name.asc'));
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Type').getAttribute('aria-sort')).toBe('none');

    within(header('Updated')).getByRole('button').focus();
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect([param(app, 'sortBy'), param(app, 'sortOrder')]).toEqual(['updated_at', 'asc']));
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(param(app, 'sortOrder')).toBe('desc'));
    expect(header('Updated').getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(requests.configs.at(-1)!.searchParams.get('order')).toBe('deleted_at.desc.nullslast,updated_at.desc,name.asc'));
  });

  it('gives the room of columns no config has a value for to the names, cut with their whole text as title', async () => {
    const requests = { summary: [] as unknown[], configs: [] as URL[] };
    renderSettings('/catalog?configType=Shop::Service', routes(requests));
    const configs = await screen.findByRole('table', { name: 'Configs' });
    // No config has labels or a cost: those columns are left out; health, status and tags have values.
    expect(within(configs).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Type', 'Health', 'Status', 'Tags', 'Created', 'Updated']);
    expect(within(configs).getAllByTitle('Shop::Service')).toHaveLength(3);
    expect(within(configs).getByTitle('worker')).toBeTruthy();
  });

  it('sorts the summary by a header click', async () => {
    const requests = { summary: [] as unknown[], configs: [] as URL[] };
    const app = renderSettings('/catalog', routes(requests));
    const table = await screen.findByRole('table', { name: 'Catalog summary' });
    await app.user.click(within(within(table).getByRole('columnheader', { name: /^Count/ })).getByRole('button'));
    await waitFor(() => expect(param(app, 'sortBy')).toBe('count'));
    await waitFor(() => expect(bodyRows(table)[0]!.textContent).toContain('Shop::Database'));
    await app.user.click(within(within(table).getByRole('columnheader', { name: /^Count/ })).getByRole('button'));
    await waitFor(() => expect(bodyRows(table)[0]!.textContent).toContain('Shop::Service'));
    expect(param(app, 'sortOrder')).toBe('desc');
  });

  it('says the catalog is empty when there is nothing without filters', async () => {
    renderSettings('/catalog', [{ method: 'POST', path: '/api/catalog/summary', respond: () => json([]) }, ...routes({ summary: [], configs: [] }).slice(2)]);
    expect(await screen.findByText('The catalog is empty')).toBeTruthy();
  });
});
