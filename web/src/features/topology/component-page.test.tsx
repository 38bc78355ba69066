import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disable } from '../../app/testing/shell-stubs';
import { json, type StubRoute } from '../../test/fetch-stub';
import { dbRoute, renderSettings, rows } from '../../test/render-settings';
import { aComponent, aResponse, topologyRoute } from './testing/components';

const DB_ID = 'd0000000-0000-4000-8000-000000000001';

const CHILDREN = [
  aComponent({ id: 'c-primary', name: 'primary', parent_id: DB_ID, path: `c-root.${DB_ID}`, status: 'healthy' }),
  aComponent({ id: 'c-replica', name: 'replica', parent_id: DB_ID, path: `c-root.${DB_ID}`, status: 'unhealthy' }),
];
const DATABASE = aComponent({
  id: DB_ID,
  name: 'database',
  type: 'Database',
  parent_id: 'c-root',
  path: 'c-root',
  status: 'unhealthy',
  status_reason: 'replica lag',
  labels: { env: 'prod' },
  components: CHILDREN,
});

const baseRoutes = (): StubRoute[] => [
  topologyRoute((query) => aResponse(query.get('id') === DB_ID ? [DATABASE] : [])),
  dbRoute('GET', 'agents', () => rows([])),
  dbRoute('GET', 'component_names', () => rows([{ id: 'c-root', name: 'shop', icon: null, type: 'System', path: '', parent_id: null }])),
  dbRoute('GET', 'checks_by_component', () => rows([{ id: 'k1', name: 'replication-lag', type: 'postgres', icon: null, status: 'unhealthy', canary_name: 'db', last_runtime: null, agent_id: 'a0000000-0000-4000-8000-00000000000c', agents: { id: 'a0000000-0000-4000-8000-00000000000c', name: 'eu-db-cluster' } }])),
  dbRoute('GET', 'team_components', () => rows([{ team_id: 't1', component_id: DB_ID, team: { id: 't1', name: 'Payments', icon: null } }])),
  dbRoute('GET', 'playbook_runs', () => rows([])),
  dbRoute('GET', 'incidents_by_component', () => rows([{ id: 'i1', incident_id: 'INC-3', title: 'Replica lag', status: 'investigating', severity: 'medium', created_at: '2026-11-01T00:00:00Z' }])),
];

// By text: an open dialog hides the rest of the page (the toasts too) from the accessibility tree.
const toastText = (text: string) => screen.findByText(text, { selector: 'section[aria-label="Notifications"] *' });

async function panel() {
  return screen.findByRole('complementary', { name: 'Component details' });
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('/topology/{id}', () => {
  it("shows the component's children as cards, the breadcrumb of its path and the sidebar with its checks and teams", async () => {
    const app = renderSettings(`/topology/${DB_ID}?team=payments&showHiddenComponents=no`, baseRoutes());
    const list = await screen.findByRole('list', { name: 'Components' });
    await waitFor(() => expect(within(list).getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['replica', 'primary']));
    expect(app.server.to('/api/topology')[0]!.url.searchParams.get('id')).toBe(DB_ID);

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(within(crumbs).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Dashboard', 'shop', 'database']));
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/topology?team=payments&showHiddenComponents=no');
    expect(within(crumbs).getByRole('link', { name: 'shop' }).getAttribute('href')).toBe('/topology/c-root?team=payments&showHiddenComponents=no');

    const side = await panel();
    expect(within(side).getByRole('heading', { name: 'database' })).toBeTruthy();
    expect(within(side).getByText('replica lag')).toBeTruthy();
    expect(within(side).getByRole('link', { name: 'View Logs' }).getAttribute('href')).toBe(`/logs?topologyId=${DB_ID}`);
    expect(within(side).getByRole('link', { name: 'Incidents' }).getAttribute('href')).toBe(`/incidents?component=${DB_ID}`);
    expect(within(side).getByRole('link', { name: 'Insights' }).getAttribute('href')).toBe(`/catalog/insights?component=${DB_ID}`);
    expect(await within(side).findByRole('button', { name: 'Link to incident' })).toBeTruthy();
    const check = await within(side).findByRole('link', { name: 'replication-lag' });
    expect(check.getAttribute('href')).toBe('/health?checkId=k1');
    expect(within(check.closest('li')!).getByTitle('Agent').textContent).toBe('eu-db-cluster');
    expect(await within(side).findByRole('link', { name: 'Payments' })).toBeTruthy();
    expect(await within(side).findByText('No playbook has run on this component.')).toBeTruthy();
    expect(app.server.to('/api/db/checks_by_component')[0]!.url.searchParams.get('component_id')).toBe(`eq.${DB_ID}`);
    expect(app.server.to('/api/db/team_components')[0]!.url.searchParams.get('component_id')).toBe(`eq.${DB_ID}`);

    // Following a card keeps the other parameters and names the page it came from.
    const replica = screen.getByRole('article', { name: 'replica' });
    expect(within(replica).getByRole('link', { name: 'replica' }).getAttribute('href')).toBe(`/topology/c-replica?team=payments&showHiddenComponents=no&refererId=${DB_ID}`);
    await app.user.click(within(crumbs).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(app.location()).toBe('/topology?team=payments&showHiddenComponents=no'));
  });

  it('shows the suspect changes of the component with their diffs, and its suggested fixes', async () => {
    const suspect = {
      id: 'ch1', config_id: 'cf1', config_name: 'orders-db', config_type: 'AWS::RDS::Instance', change_type: 'UpdateDBInstance', kind: 'config', severity: 'high',
      summary: 'max_connections 200 → 50', source: null, created_at: '2026-11-27T10:00:00Z', distance: 1, diff: '-max_connections: 200\n+max_connections: 50', patches: null,
      score: 0.7, scores: { time: 0.8, graph: 0.5, severity: 0.8, kind: 0.8 },
    };
    const app = renderSettings(`/topology/${DB_ID}`, [
      ...baseRoutes(),
      { path: /^\/api\/suspects\?/, respond: () => json({ anchor: { kind: 'component', id: DB_ID, name: 'database', transition_at: '2026-11-27T10:05:00Z' }, window: '1h', from: '2026-11-27T09:05:00Z', configs_searched: 4, truncated: false, suspects: [suspect] }) },
      { path: /^\/api\/playbook\/suggestions\?/, respond: () => json([{ id: 'p1', name: 'failover', title: 'Fail over', icon: null, description: null, category: null, source: null, spec: { actions: [] }, runs: 0, fixes: 0, last_fixed_at: null }]) },
    ]);
    const side = await panel();
    const suspects = await within(side).findByRole('region', { name: 'Suspect changes' });
    const item = await within(suspects).findByRole('listitem', { name: 'orders-db: UpdateDBInstance' });
    expect(within(item).getByLabelText('Diff of UpdateDBInstance on orders-db').textContent).toContain('+max_connections: 50');
    expect(Object.fromEntries(app.server.to('/api/suspects')[0]!.url.searchParams)).toEqual({ component_id: DB_ID, window: '1h' });
    const fixes = await within(side).findByRole('region', { name: 'Suggested fixes' });
    expect(await within(fixes).findByText('Never run on it')).toBeTruthy();
    expect(Object.fromEntries(app.server.to('/api/playbook/suggestions')[0]!.url.searchParams)).toEqual({ component_id: DB_ID });
  });

  it("names a remote component's agent and links it to the agent's edit modal", async () => {
    const agentId = 'a0000000-0000-4000-8000-000000000009';
    const routes = baseRoutes();
    routes[0] = topologyRoute((query) => aResponse(query.get('id') === DB_ID ? [{ ...DATABASE, agent_id: agentId }] : []));
    routes[1] = dbRoute('GET', 'agents', () => rows([{ id: agentId, name: 'eu-cluster' }]));
    renderSettings(`/topology/${DB_ID}`, routes);
    const side = await panel();
    expect((await within(side).findByRole('link', { name: 'eu-cluster' })).getAttribute('href')).toBe(`/settings/agents?id=${agentId}`);
  });

  it('names the component it was reached from in the breadcrumb when that is not its ancestor', async () => {
    const routes = baseRoutes();
    routes[2] = dbRoute('GET', 'component_names', (request) => {
      const all = [
        { id: 'c-root', name: 'shop', icon: null, type: 'System', path: '', parent_id: null },
        { id: 'c-team', name: 'payments team', icon: null, type: 'Team', path: 'c-org', parent_id: 'c-org' },
        { id: 'c-org', name: 'company', icon: null, type: 'Org', path: '', parent_id: null },
      ];
      const ids = (request.url.searchParams.get('id') ?? '').replace(/^in\.\(|\)$/g, '').split(',');
      return rows(all.filter((row) => ids.includes(row.id)));
    });
    renderSettings(`/topology/${DB_ID}?refererId=c-team`, routes);
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(within(crumbs).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Dashboard', 'company', 'payments team', 'database']));
    expect(within(crumbs).getByRole('link', { name: 'payments team' }).getAttribute('href')).toBe('/topology/c-team');
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/topology');
  });

  it('lists the incidents whose evidence points at the component', async () => {
    const app = renderSettings(`/topology/${DB_ID}`, baseRoutes());
    const incidents = await within(await panel()).findByRole('region', { name: 'Incidents' });
    const link = await within(incidents).findByRole('link', { name: /Replica lag/ });
    expect(link.getAttribute('href')).toBe('/incidents/i1');
    expect(link.closest('li')!.textContent).toBe('INC-3Replica lagLowInvestigating');
    expect(within(incidents).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe(`/incidents?component=${DB_ID}&status=all`);
    const request = app.server.to('/api/db/incidents_by_component')[0]!.url.searchParams;
    expect([request.get('component_id'), request.get('order')]).toEqual([`eq.${DB_ID}`, 'created_at.desc']);
  });

  it('hides View Logs when logs are disabled and the incident actions when incidents are', async () => {
    // Shown when enabled first: their code is then loaded, so what is missing below is hidden, not loading.
    renderSettings(`/topology/${DB_ID}`, baseRoutes());
    const shown = await panel();
    await within(shown).findByRole('button', { name: 'Link to incident' });
    await within(shown).findByRole('region', { name: 'Incidents' });
    cleanup();
    renderSettings(`/topology/${DB_ID}`, baseRoutes(), { properties: [disable('logs'), disable('incidents')] });
    const side = await panel();
    expect(within(side).getByRole('button', { name: 'Snapshot' })).toBeTruthy();
    expect(within(side).queryByRole('link', { name: 'View Logs' })).toBeNull();
    expect(within(side).queryByRole('button', { name: 'Link to incident' })).toBeNull();
    expect(within(side).queryByRole('link', { name: 'Incidents' })).toBeNull();
    expect(within(side).queryByRole('region', { name: 'Incidents' })).toBeNull();
  });

  it("warns when the answer has several components for the id", async () => {
    const twice = [DATABASE, { ...DATABASE, id: 'c-other' }];
    renderSettings(`/topology/${DB_ID}`, [topologyRoute(() => aResponse(twice)), ...baseRoutes().slice(1)]);
    expect(await toastText('Response has multiple components for the id.')).toBeTruthy();
  });

  it("links a catalog item by hand and reports the server's message when it cannot", async () => {
    let fail = false;
    const app = renderSettings(`/topology/${DB_ID}`, [
      dbRoute('GET', 'configs', (request) =>
        rows(request.url.searchParams.get('name') === 'ilike.*orders*' ? [{ id: 'cfg-1', name: 'orders-db', type: 'AWS::RDS::DBInstance' }] : []),
      ),
      dbRoute('POST', 'config_component_relationships', () => (fail ? { status: 409, body: { message: 'duplicate key value violates unique constraint' } } : { status: 201 })),
      ...baseRoutes(),
    ]);
    const side = await panel();
    await app.user.click(within(side).getByRole('button', { name: 'Link to catalog item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link to catalog item' });
    const link = within(dialog).getByRole('button', { name: 'Link' }) as HTMLButtonElement;
    expect(link.disabled).toBe(true);
    await app.user.type(within(dialog).getByRole('searchbox', { name: 'Search catalog' }), 'orders{Enter}');
    await app.user.click(await within(dialog).findByRole('radio', { name: /orders-db/ }));
    await app.user.click(link);
    expect(await toastText('config link successful')).toBeTruthy();
    const posted = app.server.to('/api/db/config_component_relationships', 'POST')[0]!;
    expect(posted.body).toEqual({ component_id: DB_ID, config_id: 'cfg-1', selector_id: 'manual' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Link to catalog item' })).toBeNull());

    fail = true;
    await app.user.click(within(side).getByRole('button', { name: 'Link to catalog item' }));
    const again = await screen.findByRole('dialog', { name: 'Link to catalog item' });
    await app.user.type(within(again).getByRole('searchbox', { name: 'Search catalog' }), 'orders{Enter}');
    await app.user.click(await within(again).findByRole('radio', { name: /orders-db/ }));
    await app.user.click(within(again).getByRole('button', { name: 'Link' }));
    expect(await toastText('duplicate key value violates unique constraint')).toBeTruthy();
  });

  it('downloads a snapshot over the first range without related components by default, and says so when it fails', async () => {
    let fail = false;
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:snapshot', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const app = renderSettings(`/topology/${DB_ID}`, [
      {
        method: 'GET',
        path: new RegExp(`^/api/snapshot/topology/${DB_ID}\\?`),
        respond: () => (fail ? json({ message: 'no' }, 500) : { status: 200, body: 'zip', headers: { 'Content-Disposition': 'attachment; filename="database.zip"' } }),
      },
      ...baseRoutes(),
    ]);
    const side = await panel();
    await app.user.click(within(side).getByRole('button', { name: 'Snapshot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snapshot' });
    expect((within(dialog).getByRole('combobox', { name: 'Time range' }) as HTMLSelectElement).value).toBe('30m');
    expect((within(dialog).getByRole('checkbox', { name: 'Include related components' }) as HTMLInputElement).checked).toBe(false);
    await app.user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['database.zip']));
    expect(Object.fromEntries(app.server.requests.find((r) => r.url.pathname === `/api/snapshot/topology/${DB_ID}`)!.url.searchParams)).toEqual({ start: '30m', related: 'false' });

    fail = true;
    await app.user.click(within(side).getByRole('button', { name: 'Snapshot' }));
    const again = await screen.findByRole('dialog', { name: 'Snapshot' });
    await app.user.selectOptions(within(again).getByRole('combobox', { name: 'Time range' }), 'Last 7 days');
    await app.user.click(within(again).getByRole('checkbox', { name: 'Include related components' }));
    await app.user.click(within(again).getByRole('button', { name: 'Download' }));
    expect(await toastText('Error downloading file')).toBeTruthy();
    const last = app.server.requests.filter((r) => r.url.pathname === `/api/snapshot/topology/${DB_ID}`).at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({ start: '7d', related: 'true' });
  });
});

describe('/view/topology/{id}', () => {
  it('shows the one component read-only at the size the URL names', async () => {
    renderSettings(`/view/topology/${DB_ID}?size=small`, baseRoutes());
    const card = await screen.findByRole('article', { name: 'database' });
    expect(card.style.width).toBe('198px');
    expect(screen.queryByRole('complementary', { name: 'Component details' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Sort By' })).toBeNull();
  });

  it("says 'Component not found' for an unknown id", async () => {
    const app = renderSettings('/view/topology/d0000000-0000-4000-8000-00000000dead', baseRoutes());
    expect(await screen.findByRole('heading', { name: 'Component not found' })).toBeTruthy();
    expect(app.server.to('/api/topology')).toHaveLength(1);
  });

  it("says 'Component not found' without asking for an id that cannot name a component", async () => {
    const app = renderSettings('/view/topology/not-a-component', baseRoutes());
    expect(await screen.findByRole('heading', { name: 'Component not found' })).toBeTruthy();
    expect(app.server.to('/api/topology')).toHaveLength(0);
  });
});

