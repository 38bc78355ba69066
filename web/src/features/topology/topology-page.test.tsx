import { CARD_WIDTHS } from '@pharos/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../test/fetch-stub';
import { dbRoute, renderSettings, rows } from '../../test/render-settings';
import { aComponent, aResponse, topologyRoute } from './testing/components';
import { TOPOLOGY_STORAGE_KEYS } from './topology-preferences';

const ROOTS = [
  aComponent({ id: 'c-api', name: 'api', type: 'Service', status: 'healthy', updated_at: '2026-11-24T00:00:00Z' }),
  aComponent({ id: 'c-db', name: 'database', type: 'Database', status: 'unhealthy', status_reason: 'replica lag', updated_at: '2026-11-20T00:00:00Z' }),
  aComponent({ id: 'c-cache', name: 'cache', type: 'Cache', status: 'warning', updated_at: '2026-11-22T00:00:00Z' }),
  aComponent({ id: 'c-hidden', name: 'internal', hidden: true }),
];

const RESPONSE = aResponse(ROOTS, { types: ['Cache', 'Database', 'Service'], teams: ['payments'], tags: { env: ['prod', 'dev'] } });

type App = ReturnType<typeof renderSettings>;
const param = (app: App, name: string) => new URLSearchParams(app.router.state.location.search).get(name);

const agentsRoute = dbRoute('GET', 'agents', () => rows([{ id: '00000000-0000-0000-0000-000000000000', name: 'local' }, { id: 'a2', name: 'edge' }]));

/** The names of the cards, in order. */
async function cardNames(): Promise<string[]> {
  const list = await screen.findByRole('list', { name: 'Components' });
  return within(list)
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label') ?? '');
}

async function cardsBecome(expected: string[]) {
  await waitFor(async () => expect(await cardNames()).toEqual(expected));
}

beforeEach(() => window.localStorage.clear());

describe('/topology', () => {
  it('shows a skeleton, then the root components sorted unhealthy first with coloured borders, hidden ones left out', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const app = renderSettings('/topology', [{ ...topologyRoute(() => RESPONSE), respond: async () => (await answered, json(RESPONSE)) }, agentsRoute]);
    expect(await screen.findByRole('status', { name: 'Loading components' })).toBeTruthy();
    answer();
    await cardsBecome(['database', 'cache', 'api']);
    const request = app.server.to('/api/topology')[0]!;
    expect(Object.fromEntries(request.url.searchParams)).toEqual({ sortBy: 'status', sortOrder: 'desc' });
    const database = screen.getByRole('article', { name: 'database' });
    expect(database.className).toContain('border-danger');
    expect(within(database).getByText('replica lag')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'cache' }).className).toContain('border-[light-dark(#dc6803,#fdb022)]');
    expect(screen.getByRole('article', { name: 'api' }).className).toContain('border-border');
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Dashboard')).toBeTruthy();

    // Show hidden components: showHiddenComponents=yes, and the answer's hidden component is shown.
    await app.user.click(screen.getByRole('checkbox', { name: 'Show hidden components' }));
    expect(param(app, 'showHiddenComponents')).toBe('yes');
    await cardsBecome(['database', 'cache', 'api', 'internal']);
    expect(app.server.to('/api/topology').at(-1)!.url.searchParams.get('hidden')).toBe('true');
    await app.user.click(screen.getByRole('checkbox', { name: 'Show hidden components' }));
    expect(param(app, 'showHiddenComponents')).toBe('no');
    await cardsBecome(['database', 'cache', 'api']);
  });

  it('follows a card from the keyboard, keeping the filters', async () => {
    const app = renderSettings('/topology?team=payments&sortBy=name', [topologyRoute(() => RESPONSE), agentsRoute]);
    await cardsBecome(['database', 'cache', 'api']);
    const link = within(screen.getByRole('article', { name: 'cache' })).getByRole('link', { name: 'cache' });
    link.focus();
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/topology/c-cache?team=payments&sortBy=name'));
  });

  it('says so when no component matches', async () => {
    renderSettings('/topology?status=warning&team=nobody', [topologyRoute(() => aResponse([])), agentsRoute]);
    expect(await screen.findByText('There are no components matching this criteria')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Settings › Topologies' })).toBeNull();
  });

  it('tells how to add a topology when there is none at all', async () => {
    renderSettings('/topology', [topologyRoute(() => aResponse([])), agentsRoute]);
    expect(await screen.findByText('There are no components matching this criteria')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings › Topologies' }).getAttribute('href')).toBe('/settings/topologies');
  });

  it("shows 'Unable to load components!' when the call fails", async () => {
    renderSettings('/topology', [topologyRoute(() => ({ status: 500, body: { message: 'database is down' } })), agentsRoute]);
    expect(await screen.findByText('Unable to load components!')).toBeTruthy();
    expect(screen.getByText('database is down')).toBeTruthy();
  });

  it('sends every filter of the URL and sets them from the toolbar; a type asks for the flattened list', async () => {
    const app = renderSettings('/topology?agent_id=All&labels=env%3Dprod', [topologyRoute((query) => (query.get('status') === 'warning' ? aResponse([]) : RESPONSE)), agentsRoute]);
    await cardsBecome(['database', 'cache', 'api']);
    expect(Object.fromEntries(app.server.to('/api/topology')[0]!.url.searchParams)).toEqual({ sortBy: 'status', sortOrder: 'desc', labels: 'env=prod' });

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Database');
    expect(param(app, 'type')).toBe('Database');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Team' }), 'payments');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'unhealthy');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Agent' }).textContent).toContain('edge'));
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Agent' }), 'edge');
    await waitFor(() =>
      expect(Object.fromEntries(app.server.to('/api/topology').at(-1)!.url.searchParams)).toEqual({
        sortBy: 'status',
        sortOrder: 'desc',
        labels: 'env=prod',
        type: 'Database',
        flatten: 'true',
        team: 'payments',
        status: 'unhealthy',
        agent_id: 'a2',
      }),
    );
    await app.user.click(screen.getByRole('button', { name: 'Labels: env=prod' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'env=dev' }));
    expect(param(app, 'labels')).toBe('env=prod,env=dev');
    await app.user.keyboard('{Escape}');
    // A chosen label stays shown when the answer no longer lists it.
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'warning');
    await waitFor(() => expect(app.server.to('/api/topology').at(-1)!.url.searchParams.get('status')).toBe('warning'));
    await screen.findByText('There are no components matching this criteria');
    expect(screen.getByRole('button', { name: 'Labels: env=prod, env=dev' })).toBeTruthy();
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'All');
    expect(param(app, 'type')).toBeNull();
  });

  it('sorts by Health, Name, Type, Last Updated or a headline property, remembers the choice and clears the URL for status desc', async () => {
    const withHeadline = ROOTS.map((component, index) => ({ ...component, properties: [{ name: 'rps', label: 'Requests', value: [5, 50, 20, 1][index]!, headline: true }] }));
    const app = renderSettings('/topology', [topologyRoute(() => aResponse(withHeadline)), agentsRoute]);
    await cardsBecome(['database', 'cache', 'api']);
    const sortBy = screen.getByRole('combobox', { name: 'Sort By' });
    expect(within(sortBy).getAllByRole('option').map((option) => option.textContent)).toEqual(['Health', 'Name', 'Type', 'Last Updated', 'Requests']);

    await app.user.selectOptions(sortBy, 'Name');
    expect(param(app, 'sortBy')).toBe('name');
    expect(param(app, 'sortOrder')).toBe('desc');
    await cardsBecome(['database', 'cache', 'api']);
    await app.user.click(screen.getByRole('button', { name: 'Descending order' }));
    expect(param(app, 'sortOrder')).toBe('asc');
    await cardsBecome(['api', 'cache', 'database']);
    expect(window.localStorage.getItem(TOPOLOGY_STORAGE_KEYS.sortBy)).toBe('"name"');
    expect(window.localStorage.getItem(TOPOLOGY_STORAGE_KEYS.sortOrder)).toBe('"asc"');

    await app.user.selectOptions(sortBy, 'Last Updated');
    await cardsBecome(['database', 'cache', 'api']);
    await app.user.selectOptions(sortBy, 'Requests');
    expect(param(app, 'sortBy')).toBe('rps');
    await cardsBecome(['api', 'cache', 'database']);
    await app.user.click(screen.getByRole('button', { name: 'Ascending order' }));
    await cardsBecome(['database', 'cache', 'api']);
    await waitFor(() => expect(app.server.to('/api/topology').at(-1)!.url.searchParams.get('sortBy')).toBe('rps'));

    // Health with desc is the default: the URL loses both parameters.
    await app.user.selectOptions(sortBy, 'Health');
    expect(param(app, 'sortBy')).toBeNull();
    expect(param(app, 'sortOrder')).toBeNull();
    await cardsBecome(['database', 'cache', 'api']);
  });

  it('takes the remembered sort when the URL names none', async () => {
    window.localStorage.setItem(TOPOLOGY_STORAGE_KEYS.sortBy, '"type"');
    window.localStorage.setItem(TOPOLOGY_STORAGE_KEYS.sortOrder, '"asc"');
    const app = renderSettings('/topology', [topologyRoute(() => RESPONSE), agentsRoute]);
    await cardsBecome(['cache', 'database', 'api']);
    expect(app.server.to('/api/topology')[0]!.url.searchParams.get('sortBy')).toBe('type');
    expect((screen.getByRole('combobox', { name: 'Sort By' }) as HTMLSelectElement).value).toBe('type');
  });

  it('sizes the cards extra large by default, by preset and by the slider, and remembers the width', async () => {
    const app = renderSettings('/topology', [topologyRoute(() => RESPONSE), agentsRoute]);
    await cardsBecome(['database', 'cache', 'api']);
    const width = () => screen.getByRole('article', { name: 'api' }).style.width;
    expect(width()).toBe(`${CARD_WIDTHS.extra_large}px`);
    expect(screen.getByRole('button', { name: 'Extra large cards (554 px)' }).getAttribute('aria-pressed')).toBe('true');
    for (const [name, px] of [['Small cards (198 px)', 198], ['Medium cards (258 px)', 258], ['Large cards (356 px)', 356]] as const) {
      await app.user.click(screen.getByRole('button', { name }));
      expect(width()).toBe(`${px}px`);
      expect(window.localStorage.getItem(TOPOLOGY_STORAGE_KEYS.cardWidth)).toBe(String(px));
    }
    const slider = screen.getByRole('slider', { name: 'Card width' });
    expect(slider.getAttribute('min')).toBe('250');
    expect(slider.getAttribute('max')).toBe('768');
    expect(slider.getAttribute('step')).toBe('2');
    fireEvent.change(slider, { target: { value: '600' } });
    expect(width()).toBe('600px');
    expect(screen.getByRole('button', { name: 'Large cards (356 px)' }).getAttribute('aria-pressed')).toBe('false');
  });
});
