import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInRoutes } from '../../../app/testing/shell-stubs';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import type { ChangeListItem } from './changes-api';
import { changesRequestOf, pageCountOf } from './changes-params';
import { ConfigChangesTab } from './config-changes-tab';

const HOUR = 3_600_000;
const change = (n: number, overrides: Partial<ChangeListItem> = {}): ChangeListItem => ({
  id: `ch${n}`,
  config_id: 'cfg1',
  name: 'orders-db',
  type: 'App::Database',
  change_type: 'diff',
  summary: `version: 15 → ${n}`,
  severity: 'info',
  source: 'diff',
  created_at: new Date(Date.now() - n * HOUR).toISOString(),
  first_observed: new Date(Date.now() - n * HOUR).toISOString(),
  count: 1,
  created_by: null,
  external_created_by: null,
  tags: { team: 'shop' },
  config: { id: 'cfg1', name: 'orders-db', type: 'App::Database', deleted_at: null },
  ...overrides,
});

function stub(total = 2, changes = [change(1), change(2, { id: 'ch2', severity: 'critical', change_type: 'Incident', summary: 'Database down' })]) {
  return stubFetch([
    ...signedInRoutes(),
    { method: 'POST', path: '/api/catalog/changes', respond: () => json({ changes, total }) },
    { path: /^\/api\/db\/change_types/, respond: () => json([{ change_type: 'diff' }, { change_type: 'Incident' }]) },
    { path: /^\/api\/db\/config_types/, respond: () => json([{ type: 'App::Database' }, { type: 'App::Service' }]) },
    {
      path: /^\/api\/db\/config_changes\?/,
      respond: () => json([{ ...change(1), diff: '--- before\n+++ after\n-  "version": "15"\n+  "version": "16"', patches: [{ op: 'replace', path: '/version', value: '16' }], details: null }]),
    },
  ]);
}

const bodies = (server: ReturnType<typeof stubFetch>) => server.to('/api/catalog/changes', 'POST').map((r: RecordedRequest) => r.body as Record<string, unknown>);

describe('changes request', () => {
  it('defaults to page 1, 200 a page, created_at desc, and counts pages rounded up', () => {
    const request = changesRequestOf(new URLSearchParams());
    expect(request).toEqual({ page: 1, page_size: 200, sort_by: 'created_at', sortOrder: 'desc' });
    expect(pageCountOf(401, 200)).toBe(3);
    expect(pageCountOf(400, 200)).toBe(2);
  });

  it('sends every filter of the URL in the server’s form', () => {
    const search = new URLSearchParams('changeType=diff:1,Incident:-1&configTypes=App::Database:1&severity=Info&summary=*ver*&source=diff&created_by=ci-bot&external_created_by=bot&tags=team____shop:1,env____dev:-1&pageIndex=2&pageSize=50&sortBy=name&sortDirection=asc');
    expect(changesRequestOf(search)).toEqual({
      page: 3,
      page_size: 50,
      sort_by: 'name',
      sortOrder: 'asc',
      type: 'diff,!Incident',
      config_type: 'App::Database',
      severity: 'info',
      summary: '*ver*',
      source: 'diff',
      created_by: 'ci-bot',
      external_created_by: 'bot',
      tags: [
        { key: 'team', value: 'shop', exclude: false },
        { key: 'env', value: 'dev', exclude: true },
      ],
    });
    expect(changesRequestOf(new URLSearchParams('page=4')).page).toBe(4);
  });

  it('on a config’s page follows related configs downstream by default, and as the toggles say', () => {
    const of = (query: string) => changesRequestOf(new URLSearchParams(query), 'cfg1');
    expect(of('')).toMatchObject({ id: 'cfg1', type_filter: 'downstream', depth: 5 });
    expect(of('upstream=true')).toMatchObject({ type_filter: 'all' });
    expect(of('upstream=true&downstream=false')).toMatchObject({ type_filter: 'upstream' });
    expect(of('downstream=false')).toMatchObject({ type_filter: 'none' });
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/catalog/changes', () => {
  it('ends a relative range when each request is sent: after Refresh and after a filter change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const server = stub();
    const { user } = renderApp('/catalog/changes');
    await screen.findByText('Database down');
    const to = () => Date.parse(String(bodies(server).at(-1)!['to']));
    expect(Math.abs(to() - Date.now())).toBeLessThan(60_000);

    vi.setSystemTime(Date.now() + 10 * 60_000);
    const later = Date.now();
    const sent = bodies(server).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(bodies(server).length).toBeGreaterThan(sent));
    expect(to()).toBeGreaterThanOrEqual(later);
    expect(Date.parse(String(bodies(server).at(-1)!['from']))).toBeGreaterThanOrEqual(later - 48 * HOUR);

    vi.setSystemTime(Date.now() + 10 * 60_000);
    const latest = Date.now();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'high');
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ severity: 'high' }));
    expect(to()).toBeGreaterThanOrEqual(latest);
  });

  it('sits under the catalog’s tabs and breadcrumb, with a title naming Pharos', async () => {
    stub();
    renderApp('/catalog/changes');
    await screen.findByText('Database down');
    const tabs = screen.getByRole('navigation', { name: 'Catalog' });
    expect(within(tabs).getAllByRole('link').map((link) => link.textContent)).toEqual(['Catalog', 'Changes', 'Insights', 'Scrapers']);
    expect(within(tabs).getByRole('link', { name: 'Changes' }).getAttribute('aria-current')).toBe('page');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Catalog' }).getAttribute('href')).toBe('/catalog');
    expect(crumbs.textContent).toContain('Changes');
    expect(document.title).toBe('Changes | Catalog | Pharos');
  });

  it('filters by summary as it is typed, without Enter', async () => {
    const server = stub();
    const { user, location } = renderApp('/catalog/changes');
    await screen.findByText('Database down');
    await user.type(screen.getByRole('textbox', { name: 'Summary' }), '*down*');
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ summary: '*down*' }));
    expect(location()).toContain('summary=*down*');
    // Typing pauses once: the list is asked again once, not at every key.
    expect(bodies(server).filter((body) => body['summary'] !== undefined).map((body) => body['summary'])).toEqual(['*down*']);
  });

  it('lists the last two days of changes with severity colours, and opens a change’s diff and patch', async () => {
    const server = stub(401);
    const { user } = renderApp('/catalog/changes');
    const table = await screen.findByRole('table', { name: 'Changes' });
    expect(await within(table).findByText('Database down')).toBeTruthy();
    expect(within(table).getByText('critical').getAttribute('data-colour')).toBe('red');
    expect(within(table).getAllByText('info')[0]!.getAttribute('data-colour')).toBe('gray');
    expect(screen.getByText('401 changes, 3 pages')).toBeTruthy();
    const body = bodies(server)[0]!;
    expect(body).toMatchObject({ page: 1, page_size: 200, sort_by: 'created_at', sortOrder: 'desc' });
    expect(Math.abs(Date.parse(String(body['from'])) - (Date.now() - 48 * HOUR))).toBeLessThan(60_000);
    expect(body).not.toHaveProperty('id');

    await user.click(within(table).getByText('version: 15 → 1'));
    const drawer = await screen.findByRole('dialog', { name: 'diff: orders-db' });
    const diff = await within(drawer).findByRole('region', { name: 'Diff' });
    expect(diff.textContent).toContain('+  "version": "16"');
    expect(within(drawer).getByRole('region', { name: 'Patch' }).textContent).toContain('"/version"');
    expect(server.to('/api/db/config_changes')[0]!.url.search).toContain('id=eq.ch1');
  });

  it('filters by severity and summary, back on the first page', async () => {
    const server = stub();
    const { user, location } = renderApp('/catalog/changes?pageIndex=1');
    await screen.findByText('Database down');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'high');
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ severity: 'high', page: 1 }));
    expect(location()).toContain('severity=high');
    expect(location()).not.toContain('pageIndex');
    await user.type(screen.getByRole('textbox', { name: 'Summary' }), '*down*{Enter}');
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ severity: 'high', summary: '*down*' }));
  });

  it('shows the error of a failed search', async () => {
    stubFetch([...signedInRoutes(), { method: 'POST', path: '/api/catalog/changes', respond: () => ({ status: 400, body: { message: "bad request: invalid 'sort_by' param: x" } }) }]);
    renderApp('/catalog/changes?sortBy=x');
    // In place (not as a toast): the error view with its message.
    expect(await screen.findByText("bad request: invalid 'sort_by' param: x")).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Notifications' })?.textContent ?? '').not.toContain('sort_by');
  });
});

describe('ConfigChangesTab', () => {
  it('asks for the config’s changes with downstream on and upstream off, and the toggles change the direction', async () => {
    const server = stub();
    const { user } = renderApp('/catalog/cfg1/changes', { routes: [{ path: '/catalog/:id/changes', element: <ConfigChangesTab /> }] });
    await screen.findByText('Database down');
    expect(bodies(server)[0]).toMatchObject({ id: 'cfg1', type_filter: 'downstream', depth: 5 });
    const upstream = screen.getByRole('checkbox', { name: 'Upstream' }) as HTMLInputElement;
    const downstream = screen.getByRole('checkbox', { name: 'Downstream' }) as HTMLInputElement;
    expect([upstream.checked, downstream.checked]).toEqual([false, true]);
    await user.click(upstream);
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ id: 'cfg1', type_filter: 'all' }));
    await user.click(screen.getByRole('checkbox', { name: 'Downstream' }));
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ type_filter: 'upstream' }));
    expect(screen.queryByRole('button', { name: /Config type/ })).toBeNull();
  });
});
