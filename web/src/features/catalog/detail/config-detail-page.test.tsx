import type { Role } from '@pharos/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderShell } from '../../../app/testing/render-shell';
import { disable } from '../../../app/testing/shell-stubs';
import { json, type StubRoute } from '../../../test/fetch-stub';

beforeAll(() => {
  // jsdom has no layout; CodeMirror measures text ranges.
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
});

const ID = '5f0c2a52-8f5e-4a7e-9d55-0c6a1f7f3b11';
const SCRAPER = '7a1d3c9e-1111-4c2b-8e3f-2b9d7c6a5e40';
const NOW = Date.now();

const DETAIL = {
  id: ID,
  name: 'checkout',
  type: 'Shop::Service',
  config_class: 'Service',
  status: 'Running',
  health: 'healthy',
  description: null,
  labels: { team: 'payments' },
  tags: { env: 'prod', namespace: 'shop' },
  config: { name: 'checkout', replicas: 3, ports: [80, 443] },
  format: 'json',
  source: 'shop.json',
  external_id: 'checkout',
  scraper_id: SCRAPER,
  agent_id: '00000000-0000-0000-0000-000000000000',
  created_at: new Date(NOW - 3 * 86_400_000).toISOString(),
  updated_at: new Date(NOW - 3_600_000).toISOString(),
  deleted_at: null,
  last_scraped_time: new Date(NOW - 86_400_000).toISOString(),
  config_scrapers: { id: SCRAPER, name: 'shop' },
  agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
  summary: { changes: 12, analysis: 2, relationships: 1500, playbook_runs: 1, checks: 1 },
};

/** The agent the related check came from. */
const EDGE_AGENT = { id: 'a0000000-0000-4000-8000-00000000000e', name: 'eu-west-cluster' };

const INCIDENT = { id: 'a0e8a2b6-7f1e-4f57-9b0e-2d4b7c9a1e01', incident_id: 'INC-7', title: 'Checkout is slow', status: 'open', severity: 'high' };

function routes(detail: unknown[] = [DETAIL], hypotheses: unknown[] = [{ id: 'h-root' }]): StubRoute[] {
  return [
    { path: /^\/api\/db\/config_detail\?/, respond: () => json(detail) },
    { path: /^\/api\/db\/config_items_last_scraped_time\?/, respond: () => json([{ last_scraped_time: new Date(NOW - 120_000).toISOString() }]) },
    {
      path: /^\/api\/db\/check_summary_for_config\?/,
      respond: () =>
        json([{ id: 'ck1', name: 'checkout-http', type: 'http', icon: null, status: 'unhealthy', severity: 'high', canary_name: 'shop', last_runtime: null, uptime: { passed: 9, failed: 1 }, agent_id: EDGE_AGENT.id, agents: EDGE_AGENT }]),
    },
    {
      path: /^\/api\/playbook\/list\?/,
      respond: () => json([{ id: 'p1', name: 'restart-service', title: 'Restart service', icon: null, category: null, description: null, spec: { configs: [{ types: ['Shop::Service'] }] } }]),
    },
    { path: /^\/api\/db\/playbook_runs\?/, respond: () => json([{ id: 'r1', status: 'completed', created_at: new Date(NOW).toISOString(), playbook: { id: 'p1', title: 'Restart service', icon: null } }]) },
    { path: /^\/api\/db\/incidents\?/, respond: () => json([INCIDENT]) },
    { path: /^\/api\/db\/incidents_by_config\?/, respond: () => json([{ ...INCIDENT, created_at: new Date(NOW).toISOString() }]) },
    { path: /^\/api\/db\/hypotheses\?/, respond: () => json(hypotheses) },
    { method: 'POST', path: '/api/db/evidences', respond: () => ({ status: 201, body: null }) },
  ];
}

const open = (url: string, options: { roles?: Role[]; detail?: unknown[]; hypotheses?: unknown[]; incidentsDisabled?: boolean } = {}) =>
  renderShell(url, { roles: options.roles ?? ['admin'], routes: routes(options.detail, options.hypotheses), properties: options.incidentsDisabled ? [disable('incidents')] : [] });

const selectedLines = () => [...document.querySelectorAll('.cm-line[data-selected]')].map((line) => line.textContent);

describe('config detail page', () => {
  it('shows the config as JSON with its tabs, counts and details, and the lines in selected', async () => {
    const app = await open(`/catalog/${ID}?selected=2,3`);
    expect(await screen.findByRole('heading', { name: 'checkout' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Config tabs' });
    expect([...tabs.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Config', `/catalog/${ID}`],
      ['Changes12', `/catalog/${ID}/changes`],
      ['Insights2', `/catalog/${ID}/insights`],
      ['Relationships1k+', `/catalog/${ID}/relationships`],
      ['Playbooks1', `/catalog/${ID}/playbooks`],
      ['Checks1', `/catalog/${ID}/checks`],
    ]);
    expect(within(tabs).getByRole('link', { name: 'Config' }).getAttribute('aria-current')).toBe('page');

    const details = screen.getByRole('complementary', { name: 'Details' });
    expect(within(details).getByText('Shop::Service')).toBeTruthy();
    expect(within(details).getByText('Service')).toBeTruthy();
    expect(within(details).getByText('healthy')).toBeTruthy();
    expect(within(details).getByText('Running')).toBeTruthy();
    expect(within(details).getByRole('list', { name: 'Labels' }).textContent).toBe('team: payments');
    expect(within(details).getByRole('list', { name: 'Tags' }).textContent).toBe('env: prodnamespace: shop');
    // Last scraped comes from config_items_last_scraped_time, not the config's own column.
    await waitFor(() => expect(within(details).getByText(/^\dm ago$/).getAttribute('datetime')).toBe(new Date(NOW - 120_000).toISOString()));
    expect(within(details).getByRole('link', { name: 'shop' }).getAttribute('href')).toBe(`/catalog/scrapers/${SCRAPER}`);
    expect(within(details).getByText('local')).toBeTruthy();
    expect(app.server.to('/api/db/config_items_last_scraped_time')[0]!.url.searchParams.get('config_id')).toBe(`eq.${ID}`);
    expect(app.server.to('/api/db/config_detail')[0]!.url.searchParams.get('id')).toBe(`eq.${ID}`);

    const editor = await screen.findByRole('textbox', { name: 'Config' });
    expect(editor.getAttribute('aria-readonly')).toBe('true');
    expect(editor.closest('[data-language]')?.getAttribute('data-language')).toBe('json');
    await waitFor(() => expect(selectedLines()).toEqual(['  "name": "checkout",', '  "replicas": 3,']));
    expect(screen.getByText('2 lines selected')).toBeTruthy();

    // YAML shows the same config; its lines are others, so the selection goes.
    await app.user.click(screen.getByRole('button', { name: 'YAML' }));
    await waitFor(() => expect(editor.textContent).toContain('replicas: 3'));
    expect(editor.closest('[data-language]')?.getAttribute('data-language')).toBe('yaml');
    expect(new URL(app.location(), 'http://x').searchParams.has('selected')).toBe(false);
    expect(selectedLines()).toEqual([]);
  });

  it("says 'Details not found' for an id with no config", async () => {
    await open('/catalog/00000000-0000-0000-0000-0000000000ff', { detail: [] });
    expect(await screen.findByRole('heading', { name: 'Details not found' })).toBeTruthy();
  });

  it("lists the related checks with their agent's name, each opening its drawer on /health", async () => {
    const app = await open(`/catalog/${ID}/checks`);
    const link = await screen.findByRole('link', { name: 'checkout-http' });
    expect(link.getAttribute('href')).toBe('/health?checkId=ck1');
    expect(within(link.closest('tr')!).getByTitle('Agent').textContent).toBe('eu-west-cluster');
    const asked = app.server.to('/api/db/check_summary_for_config')[0]!.url.searchParams;
    expect(asked.get('config_id')).toBe(`eq.${ID}`);
    expect(asked.get('select')).toContain('agents(id,name)');
    expect(within(screen.getByRole('navigation', { name: 'Config tabs' })).getByRole('link', { name: /Checks/ }).getAttribute('aria-current')).toBe('page');
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Checks')).toBeTruthy();
  });

  it('lists the playbooks that can run on the config (each with Run) and the runs on it', async () => {
    const app = await open(`/catalog/${ID}/playbooks`);
    const apply = await screen.findByRole('list', { name: 'Playbooks that apply' });
    expect(within(apply).getAllByRole('link').map((link) => link.textContent)).toEqual(['Restart service']);
    expect(app.server.to('/api/playbook/list')[0]!.url.searchParams.get('config_id')).toBe(ID);
    expect(within(apply).getByRole('button', { name: 'Run Restart service' })).toBeTruthy();
    const runs = await screen.findByRole('list', { name: 'Playbook runs' });
    expect(within(runs).getByRole('link', { name: 'Restart service' }).getAttribute('href')).toBe('/playbooks/runs/r1');
  });

  it('mounts the changes, insights and relationships of the config in their tabs', async () => {
    const app = await open(`/catalog/${ID}/changes`);
    await waitFor(() => expect(app.server.to('/api/catalog/changes', 'POST').length).toBeGreaterThan(0));
    expect(app.server.to('/api/catalog/changes', 'POST')[0]!.body).toMatchObject({ id: ID });

    await app.user.click(within(screen.getByRole('navigation', { name: 'Config tabs' })).getByRole('link', { name: /^Insights/ }));
    await waitFor(() => expect(app.server.to('/api/db/config_analysis_items').length).toBeGreaterThan(0));
    expect(app.server.to('/api/db/config_analysis_items')[0]!.url.searchParams.get('config_id')).toBe(`eq.${ID}`);

    await app.user.click(within(screen.getByRole('navigation', { name: 'Config tabs' })).getByRole('link', { name: /^Relationships/ }));
    await waitFor(() => expect(app.server.to('/api/db/rpc/related_configs_recursive').length).toBeGreaterThan(0));
    expect(app.server.to('/api/db/rpc/related_configs_recursive')[0]!.url.searchParams.get('config_id')).toBe(ID);
    expect(app.location()).toBe(`/catalog/${ID}/relationships`);
  });

  it('links the config with its selected lines to an incident as evidence on the root hypothesis', async () => {
    const app = await open(`/catalog/${ID}?selected=4`);
    await app.user.click(await screen.findByRole('button', { name: 'Link to incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link to incident' });
    expect(within(dialog).getByText('Adds this config with its 1 selected lines as evidence.')).toBeTruthy();
    await app.user.click(await within(dialog).findByRole('radio', { name: /Checkout is slow/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const hypotheses = app.server.to('/api/db/hypotheses')[0]!.url.searchParams;
    expect([hypotheses.get('incident_id'), hypotheses.get('type')]).toEqual([`eq.${INCIDENT.id}`, 'eq.root']);
    const posted = app.server.to('/api/db/evidences').filter((request) => request.method === 'POST');
    expect(posted.map((request) => request.body)).toEqual([
      { hypothesis_id: 'h-root', type: 'config', config_id: ID, description: 'checkout', evidence: { lines: [4] } },
    ]);
    expect(await screen.findByText('Linked to INC-7')).toBeTruthy();
  });

  it('says why an incident without a root hypothesis cannot take the config', async () => {
    const app = await open(`/catalog/${ID}`, { hypotheses: [] });
    await app.user.click(await screen.findByRole('button', { name: 'Link to incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link to incident' });
    await app.user.click(await within(dialog).findByRole('radio', { name: /Checkout is slow/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByText('INC-7 has no root hypothesis to add evidence to')).toBeTruthy();
    expect(app.server.to('/api/db/evidences')).toEqual([]);
  });

  it('lists the incidents whose evidence points at the config in its sidebar', async () => {
    const app = await open(`/catalog/${ID}`);
    const sidebar = await screen.findByRole('complementary', { name: 'Details' });
    const incidents = await within(sidebar).findByRole('region', { name: 'Incidents' });
    const link = await within(incidents).findByRole('link', { name: /Checkout is slow/ });
    expect(link.getAttribute('href')).toBe(`/incidents/${INCIDENT.id}`);
    expect(link.closest('li')!.textContent).toBe('INC-7Checkout is slowHighOpen');
    const request = app.server.to('/api/db/incidents_by_config')[0]!.url.searchParams;
    expect([request.get('config_id'), request.get('order')]).toEqual([`eq.${ID}`, 'created_at.desc']);
  });

  it('hides Link to incident and the incidents panel when incidents are disabled', async () => {
    // Shown when enabled first: their code is then loaded, so what is missing below is hidden, not loading.
    await open(`/catalog/${ID}`);
    await screen.findByRole('button', { name: 'Link to incident' });
    await screen.findByRole('region', { name: 'Incidents' });
    cleanup();
    await open(`/catalog/${ID}`, { incidentsDisabled: true });
    await screen.findByRole('heading', { name: 'checkout' });
    expect(screen.queryByRole('button', { name: 'Link to incident' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Incidents' })).toBeNull();
  });

  it('hides Link to incident from viewers', async () => {
    await open(`/catalog/${ID}`, { roles: ['viewer'] });
    await screen.findByRole('heading', { name: 'checkout' });
    expect(screen.queryByRole('button', { name: 'Link to incident' })).toBeNull();
  });
});
