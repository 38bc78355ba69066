import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInRoutes } from '../../app/testing/shell-stubs';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import type { SuspectChangeRef } from '../../ui/resource-extensions';
import type { Suspect, SuspectsAnswer } from './api';
import { SuspectChanges } from './suspect-changes';

afterEach(() => vi.restoreAllMocks());

const suspect = (overrides: Partial<Suspect>): Suspect => ({
  id: 's1',
  config_id: 'cf1',
  config_name: 'checkout',
  config_type: 'Kubernetes::Deployment',
  change_type: 'Deployment',
  kind: 'deployment',
  severity: 'medium',
  summary: 'image checkout:2',
  source: null,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  distance: 1,
  diff: '--- a\n+++ b\n-image: checkout:1\n+image: checkout:2',
  patches: null,
  score: 0.9,
  scores: { time: 0.9, graph: 0.5, severity: 0.6, kind: 1 },
  ...overrides,
});

const answer = (suspects: Suspect[], window = '1h'): SuspectsAnswer => ({
  anchor: { kind: 'check', id: 'c1', name: 'checkout-http', transition_at: new Date().toISOString() },
  window,
  from: new Date().toISOString(),
  configs_searched: 3,
  truncated: false,
  suspects,
});

function renderSuspects(byWindow: Record<string, Suspect[]>, props: { onAdd?: (change: SuspectChangeRef) => void; added?: ReadonlySet<string> } = {}) {
  const server = stubFetch([
    { path: /^\/api\/suspects\?/, respond: (request) => json(answer(byWindow[request.url.searchParams.get('window') ?? ''] ?? [], request.url.searchParams.get('window') ?? '')) },
    ...signedInRoutes(),
  ]);
  const app = renderApp('/', { routes: [{ path: '/', element: <SuspectChanges anchor={{ check_id: 'c1' }} {...props} /> }] });
  return { ...app, server };
}

describe('SuspectChanges', () => {
  it('lists the ranked changes in the order the server gives, each with its kind, distance and diff', async () => {
    const { server } = renderSuspects({ '1h': [suspect({}), suspect({ id: 's2', config_name: 'shop', change_type: 'ScalingReplicaSet', kind: 'scaling', distance: 2, diff: null, patches: { spec: { replicas: 1 } } })] });
    const section = await screen.findByRole('region', { name: 'Suspect changes' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['checkout: Deployment', 'shop: ScalingReplicaSet']);
    expect(within(items[0]!).getByText('Deployment', { selector: 'span.rounded' })).toBeTruthy();
    expect(items[0]!.textContent).toContain('1 hop away');
    expect(items[1]!.textContent).toContain('2 hops away');
    expect(within(items[1]!).getByText('Scaling')).toBeTruthy();
    expect(within(items[0]!).getByLabelText('Diff of Deployment on checkout').textContent).toContain('+image: checkout:2');
    expect(within(items[1]!).getByLabelText('Diff of ScalingReplicaSet on shop').textContent).toContain('"replicas": 1');
    expect(within(items[0]!).getByRole('link', { name: 'checkout' }).getAttribute('href')).toBe('/catalog/cf1');
    expect(Object.fromEntries(server.to('/api/suspects')[0]!.url.searchParams)).toEqual({ check_id: 'c1', window: '1h' });
  });

  it('asks again for the window picked, and says when nothing changed in it', async () => {
    const { server, user } = renderSuspects({ '1h': [], '6h': [suspect({ summary: 'an older deployment' })] });
    expect(await screen.findByText('No changes of related configs in the 1h before it turned.')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Window' }), '6h');
    expect(await screen.findByText('an older deployment')).toBeTruthy();
    expect(server.to('/api/suspects').map((request) => request.url.searchParams.get('window'))).toEqual(['1h', '6h']);
  });

  it('hands a change over in one click and shows those already added', async () => {
    const onAdd = vi.fn();
    const { user } = renderSuspects({ '1h': [suspect({}), suspect({ id: 's2', summary: 'second' })] }, { onAdd, added: new Set(['s2']) });
    const section = await screen.findByRole('region', { name: 'Suspect changes' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(section).getAllByRole('listitem');
    expect((within(second!).getByRole('button', { name: 'Added' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(first!).getByRole('button', { name: 'Add as evidence' }));
    expect(onAdd).toHaveBeenCalledWith({ id: 's1', config_id: 'cf1', config_name: 'checkout', change_type: 'Deployment', summary: 'image checkout:2' });
  });

  it('shows the server’s refusal', async () => {
    stubFetch([{ path: /^\/api\/suspects\?/, respond: () => json({ message: 'No check c1' }, 404) }, ...signedInRoutes()]);
    renderApp('/', { routes: [{ path: '/', element: <SuspectChanges anchor={{ check_id: 'c1' }} /> }] });
    expect(await screen.findByText('Suspect changes could not be read')).toBeTruthy();
  });
});
