import type { FeatureProperty, Role } from '@pharos/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { invalidateFeatureFlags } from '../../app/access/feature-flags';
import { SIDEBAR_COLLAPSED_KEY } from '../../app/shell-layout';
import { linkNames, renderShell } from '../../app/testing/render-shell';
import { disable } from '../../app/testing/shell-stubs';

const MAIN = ['Dashboard', 'Health', 'Incidents', 'Catalog', 'Logs', 'Playbooks'];
const ALL_SETTINGS = [
  'Connections',
  'Jobs History',
  'Notifications',
  'Feature Flags',
  'Log Backends',
  'Event Queue',
  'Agents',
  'Integrations',
  'Users',
  'Teams',
  'Health Checks',
  'Topologies',
  'Catalog Scrapers',
  'Rules',
];
const WITHOUT_CONNECTIONS_AND_USERS = ALL_SETTINGS.filter((name) => name !== 'Connections' && name !== 'Users');

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });

/** The sidebar's items: the main ones, and the Settings submenu's (opened), or null without Settings. */
async function sidebarOf(user: { click: (element: Element) => Promise<void> }) {
  const toggle = within(nav()).queryByRole('button', { name: 'Settings' });
  let settings: string[] | null = null;
  if (toggle) {
    if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
    settings = linkNames(within(nav()).getByRole('list', { name: 'Settings' }));
  }
  const main = linkNames(nav()).filter((name) => !(settings ?? []).includes(name));
  return { main, settings };
}

async function renderAs(roles: Role[], properties: FeatureProperty[] = [], url = '/topology') {
  return renderShell(url, { roles, properties });
}

describe('the sidebar', () => {
  afterEach(() => window.localStorage.clear());

  it.each<[Role, string[] | null]>([
    ['admin', ALL_SETTINGS],
    ['editor', ALL_SETTINGS],
    ['commander', WITHOUT_CONNECTIONS_AND_USERS],
    ['responder', WITHOUT_CONNECTIONS_AND_USERS],
    ['viewer', null],
  ])('shows %s the screens the role may read', async (role, settings) => {
    const app = await renderAs([role]);
    expect(await sidebarOf(app.user)).toEqual({ main: MAIN, settings });
  });

  it('treats a user without roles as a viewer', async () => {
    const app = await renderAs([]);
    expect(await sidebarOf(app.user)).toEqual({ main: MAIN, settings: null });
  });

  it('merges the permissions of several roles', async () => {
    const app = await renderAs(['viewer', 'responder']);
    expect((await sidebarOf(app.user)).settings).toEqual(WITHOUT_CONNECTIONS_AND_USERS);
  });

  it('hides the items of a disabled feature', async () => {
    const app = await renderAs(['admin'], [disable('incidents'), disable('logs'), { name: 'playbooks.disable', value: 'false' }]);
    const { main, settings } = await sidebarOf(app.user);
    expect(main).toEqual(['Dashboard', 'Health', 'Catalog', 'Playbooks']);
    // Rules are incident rules; Log Backends go with logs.
    expect(settings).toEqual(ALL_SETTINGS.filter((name) => name !== 'Rules' && name !== 'Log Backends'));
  });

  it('hides the children of a disabled parent feature', async () => {
    const app = await renderAs(['admin'], [disable('health'), disable('config'), disable('topology')]);
    const { main, settings } = await sidebarOf(app.user);
    expect(main).toEqual(['Incidents', 'Logs', 'Playbooks']);
    expect(settings).not.toEqual(expect.arrayContaining(['Jobs History']));
    expect(settings).toEqual(
      ALL_SETTINGS.filter((name) => !['Jobs History', 'Health Checks', 'Catalog Scrapers', 'Topologies'].includes(name)),
    );
  });

  it('hides a settings item whose own feature is disabled', async () => {
    const app = await renderAs(['admin'], [disable('settings.connections'), disable('agents'), disable('settings.users')]);
    const { settings } = await sidebarOf(app.user);
    expect(settings).toEqual(ALL_SETTINGS.filter((name) => !['Connections', 'Agents', 'Users'].includes(name)));
  });

  it('follows a change of the feature flags at once', async () => {
    let properties: FeatureProperty[] = [];
    const app = await renderShell('/topology', {
      routes: [{ path: '/api/db/properties', respond: () => ({ body: properties }) }],
    });
    expect(within(nav()).getByRole('link', { name: 'Incidents' })).toBeTruthy();
    properties = [disable('incidents')];
    await act(() => invalidateFeatureFlags(app.queryClient));
    await waitFor(() => expect(within(nav()).queryByRole('link', { name: 'Incidents' })).toBeNull());
    expect(app.server.to('/api/db/properties')).toHaveLength(2);
  });

  it('asks the data service for the flag properties only', async () => {
    const app = await renderAs(['admin']);
    const [request] = app.server.to('/api/db/properties');
    expect(request?.url.searchParams.get('select')).toBe('name,value');
    expect(request?.url.searchParams.get('name')).toBe('like.*.disable');
  });

  it('highlights the current screen and opens the Settings group on a settings page', async () => {
    await renderAs(['admin'], [], '/settings/agents');
    expect(within(nav()).getByRole('button', { name: 'Settings' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(nav()).getByRole('link', { name: 'Agents' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav()).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('highlights Dashboard on a component of the topology', async () => {
    await renderAs(['viewer'], [], '/topology/c-1');
    expect(within(nav()).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it('collapses and expands, and remembers the choice', async () => {
    const app = await renderAs(['admin']);
    await app.user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    // Collapsed, the names stay as accessible names (and tooltips) of the icons.
    expect(within(nav()).getByRole('link', { name: 'Health' }).getAttribute('title')).toBe('Health');
    app.unmount();

    const again = await renderAs(['admin']);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    // Collapsed, Settings opens as a menu beside the sidebar.
    await again.user.click(within(nav()).getByRole('button', { name: 'Settings' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(ALL_SETTINGS);
    await again.user.keyboard('{Escape}');
    await again.user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('false');
  });

  it('toggles with Ctrl+B and Cmd+B', async () => {
    const app = await renderAs(['admin']);
    await app.user.keyboard('{Control>}b{/Control}');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
    await app.user.keyboard('{Meta>}b{/Meta}');
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeTruthy();
    // Not with Shift or Alt, and not plain b.
    await app.user.keyboard('{Control>}{Shift>}b{/Shift}{/Control}b');
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeTruthy();
  });
});
