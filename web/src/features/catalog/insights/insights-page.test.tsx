import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInRoutes } from '../../../app/testing/shell-stubs';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { ConfigInsightsTab } from './config-insights-tab';
import type { InsightItem } from './insights-api';

const insight = (id: string, severity: string, overrides: Partial<InsightItem> = {}): InsightItem => ({
  id,
  config_id: 'cfg1',
  analyzer: 'pod-security',
  analysis_type: 'security',
  severity,
  message: `${severity} finding`,
  summary: null,
  status: 'open',
  source: 'scraper',
  analysis: { rule: 'runAsRoot' },
  first_observed: '2026-11-20T10:00:00Z',
  last_observed: '2026-11-24T10:00:00Z',
  config_name: 'orders-db',
  config_type: 'App::Database',
  config: { id: 'cfg1', name: 'orders-db', type: 'App::Database' },
  ...overrides,
});

const ITEMS = [insight('a1', 'critical'), insight('a2', 'high'), insight('a3', 'warning'), insight('a4', 'info'), insight('a5', 'medium'), insight('a6', 'low')];

function stub() {
  return stubFetch([
    ...signedInRoutes(),
    { path: /^\/api\/db\/config_analysis_items\?/, respond: () => ({ status: 200, body: ITEMS, headers: { 'Content-Range': `0-5/6` } }) },
    { path: /^\/api\/db\/config_analysis_analyzers/, respond: () => json([{ analyzer: 'pod-security' }]) },
    { path: /^\/api\/db\/config_types/, respond: () => json([{ type: 'App::Database' }]) },
  ]);
}

const lastQuery = (server: ReturnType<typeof stubFetch>) => server.to('/api/db/config_analysis_items').at(-1)!.url.searchParams;

describe('/catalog/insights', () => {
  it('sits under the catalog’s tabs and breadcrumb, with a title naming Pharos', async () => {
    stub();
    renderApp('/catalog/insights');
    await screen.findByText('critical finding');
    const tabs = screen.getByRole('navigation', { name: 'Catalog' });
    expect(within(tabs).getByRole('link', { name: 'Insights' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getAllByRole('link')).toHaveLength(4);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Catalog' }).getAttribute('href')).toBe('/catalog');
    expect(crumbs.textContent).toContain('Insights');
    expect(document.title).toBe('Insights | Catalog | Pharos');
  });

  it('lists insights 50 a page, first observed newest first, each severity in its colour', async () => {
    const server = stub();
    renderApp('/catalog/insights');
    const table = await screen.findByRole('table', { name: 'Insights' });
    await within(table).findByText('critical finding');
    const colours = Object.fromEntries(ITEMS.map((i) => [i.severity, within(table).getByText(i.severity!).getAttribute('data-colour')]));
    expect(colours).toEqual({ critical: 'red', high: 'orange', warning: 'yellow', info: 'gray', medium: 'green', low: 'green' });
    const query = lastQuery(server);
    expect(query.get('order')).toBe('first_observed.desc,id.asc');
    expect(query.get('limit')).toBe('50');
    expect(query.get('offset')).toBe('0');
  });

  it('is reached with component, type and severity, and filters by status and analyzer', async () => {
    const server = stub();
    const { user } = renderApp('/catalog/insights?component=comp1&type=security&severity=High');
    await screen.findByText('critical finding');
    let query = lastQuery(server);
    expect(query.get('component_ids')).toBe('cs.{comp1}');
    expect(query.get('analysis_type')).toBe('eq.security');
    expect(query.get('severity')).toBe('eq.high');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'open');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Analyzer' }), 'pod-security');
    await waitFor(() => expect(screen.getByRole('option', { name: 'App::Database' })).toBeTruthy());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Config type' }), 'App::Database');
    await waitFor(() => {
      query = lastQuery(server);
      expect(query.get('status')).toBe('eq.open');
      expect(query.get('analyzer')).toBe('eq.pod-security');
      expect(query.get('config_type')).toBe('eq.App::Database');
    });
    expect(query.get('component_ids')).toBe('cs.{comp1}');
  });

  it('opens an insight with its analysis', async () => {
    stub();
    const { user } = renderApp('/catalog/insights');
    await user.click(await screen.findByText('high finding'));
    const drawer = await screen.findByRole('dialog', { name: 'pod-security: orders-db' });
    expect(drawer.textContent).toContain('runAsRoot');
  });
});

describe('insights errors', () => {
  it('are a toast with the message', async () => {
    stubFetch([
      ...signedInRoutes(),
      { path: /^\/api\/db\/config_analysis_items\?/, respond: () => ({ status: 500, body: { message: 'insights are unavailable' } }) },
      { path: /^\/api\/db\/config_analysis_analyzers/, respond: () => json([]) },
    ]);
    renderApp('/catalog/insights');
    const toasts = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('insights are unavailable')).toBeTruthy();
  });
});

describe('ConfigInsightsTab', () => {
  it('lists one config’s insights', async () => {
    const server = stub();
    renderApp('/catalog/cfg1/insights', { routes: [{ path: '/catalog/:id/insights', element: <ConfigInsightsTab /> }] });
    await screen.findByText('critical finding');
    expect(lastQuery(server).get('config_id')).toBe('eq.cfg1');
  });
});
