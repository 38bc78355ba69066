import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderShell } from '../../app/testing/render-shell';
import { json, type RecordedRequest } from '../../test/fetch-stub';

const item = (id: string, name: string, type: string, namespace: string | null = 'default') => ({
  id,
  name,
  type,
  status: 'healthy',
  labels: {},
  agent_id: '00000000-0000-0000-0000-000000000000',
  namespace,
});

const RESULTS = {
  checks: [{ ...item('check-1', 'payments http', 'http'), icon: null, canary_id: 'canary-1' }],
  components: [
    { ...item('comp-1', 'payments-api', 'Service'), icon: null, health: 'healthy', topology_id: null },
    { ...item('comp-2', 'payments-db', 'Database'), icon: null, health: 'healthy', topology_id: null },
  ],
  configs: [{ ...item('config-1', 'payments-deployment', 'Kubernetes::Deployment', 'prod'), health: null, config_class: 'Deployment', tags: {} }],
};

function searchServer(answer: (request: RecordedRequest) => unknown = () => RESULTS) {
  return [{ method: 'POST', path: '/api/resources/search', respond: (request: RecordedRequest) => json(answer(request)) }];
}

const searchBox = () => screen.findByRole('combobox', { name: /Search health checks/ });

describe('the global search', () => {
  it('opens with Ctrl+K and Cmd+K, and closes with Esc', async () => {
    const app = await renderShell('/topology', { routes: searchServer() });
    await app.user.keyboard('{Control>}k{/Control}');
    expect(await searchBox()).toBe(document.activeElement);
    expect(screen.getByText('Type to search health checks, components and catalog items.')).toBeTruthy();
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await app.user.keyboard('{Meta>}k{/Meta}');
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeTruthy();
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The header's search button opens it too.
    await app.user.click(screen.getAllByRole('button', { name: 'Search' })[0] as HTMLElement);
    expect(await searchBox()).toBeTruthy();
    expect(app.server.to('/api/resources/search')).toHaveLength(0);
  });

  it('searches once typing pauses for 300 ms and groups the results by kind', async () => {
    const app = await renderShell('/topology', { routes: searchServer() });
    await app.user.keyboard('{Control>}k{/Control}');
    await app.user.type(await searchBox(), 'payments');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await within(list).findByRole('option', { name: /payments-api/ });
    const searches = app.server.to('/api/resources/search', 'POST');
    expect(searches.map((request) => request.body)).toEqual([{ search: 'payments', limit: 10 }]);
    const groups = within(list).getAllByRole('group');
    expect(groups.map((group) => within(group).getAllByRole('option').length)).toEqual([1, 2, 1]);
    expect(groups.map((group) => group.firstElementChild?.textContent)).toEqual(['Health checks', 'Components', 'Catalog']);
    expect(within(groups[2] as HTMLElement).getByRole('option').textContent).toContain('Kubernetes::Deployment · prod');
  });

  it('waits 300 ms after the last key before searching', async () => {
    const app = await renderShell('/topology', { routes: searchServer() });
    await app.user.keyboard('{Control>}k{/Control}');
    const input = await searchBox();
    // Fake timeouts: the pause is counted on the debounce's own clock, however slow the machine is.
    // Keys as change events: user-event (through Testing Library) would wait on that clock itself.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (const text of ['p', 'pa', 'pay']) fireEvent.change(input, { target: { value: text } });
      await vi.advanceTimersByTimeAsync(299);
      expect(app.server.to('/api/resources/search')).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
    } finally {
      vi.useRealTimers();
    }
    await screen.findByRole('option', { name: /payments-api/ });
    expect(app.server.to('/api/resources/search')).toHaveLength(1);
  });

  it.each([
    [0, '/health?checkId=check-1'],
    [1, '/topology/comp-1'],
    [2, '/topology/comp-2'],
    [3, '/catalog/config-1'],
  ])('moves with the arrow keys and opens result %i with Enter', async (downs, target) => {
    const app = await renderShell('/topology', { routes: searchServer() });
    await app.user.keyboard('{Control>}k{/Control}');
    await app.user.type(await searchBox(), 'payments');
    await screen.findByRole('option', { name: /payments-api/ });
    const input = await searchBox();
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]?.id);
    for (let i = 0; i < downs; i += 1) await app.user.keyboard('{ArrowDown}');
    const active = screen.getAllByRole('option')[downs];
    expect(active?.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(active?.id);
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe(target));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('wraps around with the arrow keys, and opens a result on click', async () => {
    const app = await renderShell('/topology', { routes: searchServer() });
    await app.user.keyboard('{Control>}k{/Control}');
    await app.user.type(await searchBox(), 'payments');
    await screen.findByRole('option', { name: /payments-api/ });
    await app.user.keyboard('{ArrowUp}');
    expect(screen.getAllByRole('option')[3]?.getAttribute('aria-selected')).toBe('true');
    await app.user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('true');
    await app.user.click(screen.getByRole('option', { name: /payments-db/ }));
    await waitFor(() => expect(app.location()).toBe('/topology/comp-2'));
  });

  it('says when nothing matches, and shows only the kinds the server returned', async () => {
    const app = await renderShell('/topology', {
      roles: ['viewer'],
      routes: searchServer((request) => ((request.body as { search: string }).search === 'zzz' ? { checks: [], components: [], configs: [] } : { configs: RESULTS.configs })),
    });
    await app.user.keyboard('{Control>}k{/Control}');
    const input = await searchBox();
    await app.user.type(input, 'payments');
    await screen.findByRole('option', { name: /payments-deployment/ });
    expect(within(screen.getByRole('listbox')).getAllByRole('group')).toHaveLength(1);
    await app.user.clear(input);
    await app.user.type(input, 'zzz');
    expect(await screen.findByText('No results for “zzz”.')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});
