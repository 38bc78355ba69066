import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInRoutes } from '../../../app/testing/shell-stubs';
import { json, stubFetch, type StubResponse } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { ConfigRelationshipsTab } from './config-relationships-tab';

const ROOT = { id: 'root', name: 'checkout', type: 'App::Service', health: 'healthy', status: null, deleted_at: null };
// related_ids as the rpc answers them: the configs a row's edges point at (upstream, the root).
const related = (id: string, type: string, from = 'root', direction = 'outgoing') => ({
  id,
  name: id,
  type,
  related_ids: direction === 'incoming' ? [from] : null,
  depth: 1,
  direction,
  health: 'unhealthy',
  status: null,
  deleted_at: null,
  tags: {},
});
const RELATED = [
  related('prod', 'App::Cluster', 'root', 'incoming'),
  related('orders-db', 'App::Database'),
  ...['pod-1', 'pod-2', 'pod-3', 'pod-4'].map((id) => related(id, 'Kubernetes::Pod')),
];
const EDGES = RELATED.map((r) => (r.direction === 'outgoing' ? { config_id: 'root', related_id: r.id } : { config_id: r.id, related_id: 'root' }));
const LINKS = [
  { component_id: 'comp-manual', config_id: 'root', selector_id: 'manual', component: { id: 'comp-manual', name: 'payments', icon: null, type: 'Service' } },
  { component_id: 'comp-topology', config_id: 'root', selector_id: 'from-topology', component: { id: 'comp-topology', name: 'shop', icon: null, type: 'Service' } },
];

class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function renderTab(unlinkAnswer: StubResponse = { status: 204 }) {
  const server = stubFetch([
    { path: /^\/api\/db\/configs\?/, respond: () => json([ROOT]) },
    { path: /^\/api\/db\/rpc\/related_configs_recursive\?/, respond: () => json(RELATED) },
    { path: /^\/api\/db\/config_relationships\?/, respond: () => json(EDGES) },
    { method: 'GET', path: /^\/api\/db\/config_component_relationships\?/, respond: () => json(LINKS) },
    { method: 'DELETE', path: /^\/api\/db\/config_component_relationships\?/, respond: () => unlinkAnswer },
    ...signedInRoutes(),
  ]);
  const app = renderApp('/catalog/root/relationships', { routes: [{ path: '/catalog/:id/relationships', element: <ConfigRelationshipsTab /> }] });
  return { ...app, server };
}

beforeEach(() => {
  // React Flow measures nodes with ResizeObserver, which jsdom lacks.
  vi.stubGlobal('ResizeObserver', NoResize);
});

describe('ConfigRelationshipsTab', () => {
  it('asks for the related configs of the route config both ways to depth 10, and draws them with a collapsed group of 4 pods', async () => {
    const { server } = renderTab();
    expect(await screen.findByText('orders-db')).toBeTruthy();
    const params = server.to('/api/db/rpc/related_configs_recursive')[0]!.url.searchParams;
    expect(params.get('config_id')).toBe('root');
    expect(params.get('max_depth')).toBe('10');
    expect(params.get('include_deleted_configs')).toBe('false');
    expect(params.get('relation')).toBe('both');
    // the edges among the graph's configs, as they point
    const edges = server.to('/api/db/config_relationships')[0]!.url.searchParams;
    expect(edges.get('config_id')).toBe(`in.(${['root', ...RELATED.map((r) => r.id)].join(',')})`);
    expect(edges.get('deleted_at')).toBe('is.null');
    expect(screen.getByText('checkout').closest('a')!.getAttribute('href')).toBe('/catalog/root');
    expect(screen.getByText('prod').closest('a')!.getAttribute('href')).toBe('/catalog/prod');
    const group = screen.getByRole('button', { name: 'Expand 4 Kubernetes::Pod' });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('pod-1')).toBeNull();
  });

  it('a click on the group shows its configs and another hides them; direction and edge style toggle', async () => {
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Expand 4 Kubernetes::Pod' }));
    expect(await screen.findByText('pod-1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Collapse 4 Kubernetes::Pod' }));
    await waitFor(() => expect(screen.queryByText('pod-1')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Direction LR' }));
    expect(screen.getByRole('button', { name: 'Direction TB' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edges bezier' }));
    expect(screen.getByRole('button', { name: 'Edges smoothstep' })).toBeTruthy();
  });

  it('unlinks a manual component link after confirmation, and only manual ones', async () => {
    const { user, server } = renderTab();
    const links = await screen.findByRole('region', { name: 'Linked components' });
    expect(within(links).getByText('shop')).toBeTruthy();
    expect(within(links).queryByRole('button', { name: 'Unlink shop' })).toBeNull();
    await user.click(within(links).getByRole('button', { name: 'Unlink payments' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete config link' });
    expect(within(dialog).getByText('Are you sure you want to delete this config link')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted config link successfully')).toBeTruthy();
    const params = server.to('/api/db/config_component_relationships', 'DELETE')[0]!.url.searchParams;
    expect(Object.fromEntries(params)).toEqual({ component_id: 'eq.comp-manual', config_id: 'eq.root', selector_id: 'eq.manual' });
  });

  it('a failed unlink toasts the server message and keeps the dialog open', async () => {
    const { user } = renderTab({ status: 403, body: { code: '42501', message: 'permission denied for config links', details: null, hint: null } });
    await user.click(await screen.findByRole('button', { name: 'Unlink payments' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete config link' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('permission denied for config links')).toBeTruthy();
    expect(screen.getByRole('alertdialog', { name: 'Delete config link' })).toBeTruthy();
  });
});
