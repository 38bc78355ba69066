import type { Role } from '@pharos/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render-app';
import { Guard } from './access/guard';
import { FEATURE_OFF_MESSAGE } from './access/feature-off';
import { UNAUTHORIZED_MESSAGE } from './access/unauthorized';
import { AuthGate } from './auth-gate';
import { useBreadcrumb } from './breadcrumb';
import { FlagsGate } from './flags-gate';
import { ShellLayout } from './shell-layout';
import { renderShell } from './testing/render-shell';
import { disable, signedInRoutes } from './testing/shell-stubs';

const unauthorized = () => screen.findByText(UNAUTHORIZED_MESSAGE);

describe('the route guard', () => {
  it.each<[string, Role[]]>([
    ['/settings/connections', ['viewer']],
    ['/settings/connections', ['responder']],
    ['/settings/users', ['commander']],
    ['/settings/connections/c-1', ['viewer']],
    // The integration detail needs write on integrations.
    ['/settings/integrations/scrapers/s-1', ['viewer']],
  ])('refuses %s to %j with the Unauthorized page', async (url, roles) => {
    const app = await renderShell(url, { roles });
    expect(await unauthorized()).toBeTruthy();
    expect(screen.queryByText('This screen is coming.')).toBeNull();
    expect(app.location()).toBe(url);
    // The shell stays: the user can go elsewhere.
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it.each<[string, Role[], string]>([
    ['/settings/connections', ['admin'], 'Connections'],
    ['/settings/users', ['editor'], 'Users'],
    ['/settings/agents', ['viewer'], 'Agents'],
    ['/settings/integrations/scrapers/s-1', ['editor'], 's-1'],
    ['/settings/canaries', ['responder'], 'Health Checks'],
    ['/settings/incident_rules/r-1', ['commander'], 'r-1'],
    ['/catalog/abc/relationships', ['viewer'], 'Relationships'],
    ['/playbooks/runs/r-1', ['viewer'], 'r-1'],
  ])('opens %s to %j', async (url, roles, crumb) => {
    await renderShell(url, { roles });
    // The screen (whichever is built) renders: its code has loaded, and nothing refused it.
    const main = screen.getByRole('main');
    await waitFor(() => expect(within(main).queryByRole('status', { name: 'Loading' })).toBeNull());
    expect(screen.queryByText(UNAUTHORIZED_MESSAGE)).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText(crumb)).toBeTruthy();
  });

  it('opens the bare component view without the shell', async () => {
    stubFetch(signedInRoutes({ roles: ['viewer'] }));
    renderApp('/view/topology/c-1');
    const main = await screen.findByRole('main');
    await waitFor(() => expect(within(main).queryByRole('status', { name: 'Loading' })).toBeNull());
    expect(screen.queryByText(UNAUTHORIZED_MESSAGE)).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('says a disabled feature, or one under a disabled parent, is turned off and names the flag to an admin', async () => {
    const app = await renderShell('/incidents/i-1', { roles: ['admin'], properties: [disable('incidents'), disable('health'), disable('settings.organization_profile')] });
    const off = async (flag: string) => {
      const code = await screen.findByText(flag);
      expect(code.tagName).toBe('CODE');
      const alert = screen.getByRole('alert');
      expect(within(alert).getByRole('heading').textContent).toBe(FEATURE_OFF_MESSAGE);
      expect(within(alert).getByRole('link', { name: 'Feature Flags' }).getAttribute('href')).toBe('/settings/feature-flags');
      expect(screen.queryByText(UNAUTHORIZED_MESSAGE)).toBeNull();
    };
    await off('incidents.disable');
    await app.router.navigate('/settings/jobs');
    await off('health.disable');
    await app.router.navigate('/settings/incident_rules');
    await off('incidents.disable');
    await app.router.navigate('/settings/organization');
    await off('settings.organization_profile.disable');
    await app.router.navigate('/catalog');
    await waitFor(() => expect(screen.queryByText(FEATURE_OFF_MESSAGE)).toBeNull());
  });

  it('tells a viewer only that the feature is turned off, and keeps refusing what the role may not read', async () => {
    const app = await renderShell('/incidents', { roles: ['viewer'], properties: [disable('incidents'), disable('settings.connections')] });
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(within(alert).getByRole('heading').textContent).toBe(FEATURE_OFF_MESSAGE));
    expect(within(alert).queryByText('incidents.disable')).toBeNull();
    expect(within(alert).getByText('An administrator has turned this feature off.')).toBeTruthy();
    expect(screen.queryByText(UNAUTHORIZED_MESSAGE)).toBeNull();
    // No permission on connections: that stays the Unauthorized page, flag or not.
    await app.router.navigate('/settings/connections');
    expect(await unauthorized()).toBeTruthy();
  });

  it('says Not found for an unknown settings table or address', async () => {
    const app = await renderShell('/settings/nonsense', { roles: ['admin'] });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await app.router.navigate('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('waits for the feature flags, showing the skeleton meanwhile', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const flags = new Promise((resolve) => (answer = resolve));
    stubFetch([
      { path: '/api/db/properties', respond: async () => ({ body: await flags }) },
      ...signedInRoutes({ roles: ['admin'] }),
    ]);
    renderApp('/health');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    answer([]);
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it('shows an error with a retry when the flags cannot be loaded', async () => {
    let fail = true;
    stubFetch([
      { path: '/api/db/properties', respond: () => (fail ? json({ message: 'database down' }, 503) : json([])) },
      ...signedInRoutes({ roles: ['admin'] }),
    ]);
    const app = renderApp('/health');
    expect(await screen.findByText('database down', {}, { timeout: 15_000 })).toBeTruthy();
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  }, 20_000);

  it('redirects /, /configs (keeping the query), /settings and the organization switch', async () => {
    const app = await renderShell('/configs?configType=Kubernetes::Pod', { roles: ['responder'] });
    await waitFor(() => expect(app.location()).toBe('/catalog?configType=Kubernetes::Pod'));
    await app.router.navigate('/settings');
    // Responders cannot read connections: the first settings screen they see is Jobs History.
    await waitFor(() => expect(app.location()).toBe('/settings/jobs'));
    await app.router.navigate('/organizations/orgs-switched');
    await waitFor(() => expect(app.location()).toBe('/topology'));
  });
});

function Boom(): never {
  throw new Error('the screen broke');
}

function TitledScreen() {
  useBreadcrumb([{ label: 'Incidents', to: '/incidents' }, { label: 'Database is slow' }]);
  return <p>incident</p>;
}

const customRoutes = [
  {
    element: <AuthGate />,
    children: [
      {
        element: <FlagsGate />,
        children: [
          {
            element: <ShellLayout />,
            children: [
              { path: 'boom', element: <Boom /> },
              { path: 'titled', element: <TitledScreen />, handle: { crumbs: () => [{ label: 'Route crumb' }] } },
              { path: 'fine', element: <p>fine</p>, handle: { crumbs: () => [{ label: 'Fine' }] } },
            ],
          },
        ],
      },
    ],
  },
];

describe('the shell around a screen', () => {
  it("catches a render error in the content: 'Sorry.. there was an error', the shell stays", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await renderShell('/boom', { appRoutes: customRoutes });
    expect(await screen.findByRole('heading', { name: 'Sorry.. there was an error' })).toBeTruthy();
    expect(screen.getByText('the screen broke')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'User menu' })).toBeTruthy();
    // Another page renders normally again.
    await app.router.navigate('/fine');
    expect(await screen.findByText('fine')).toBeTruthy();
    quiet.mockRestore();
  });

  it('shows the route breadcrumb, or the one a screen sets', async () => {
    const app = await renderShell('/fine', { appRoutes: customRoutes });
    const crumbs = () => within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs().getByText('Fine').getAttribute('aria-current')).toBe('page');
    await app.router.navigate('/titled');
    await waitFor(() => expect(crumbs().getByText('Database is slow').getAttribute('aria-current')).toBe('page'));
    expect(crumbs().getByRole('link', { name: 'Incidents' }).getAttribute('href')).toBe('/incidents');
    await app.router.navigate('/fine');
    await waitFor(() => expect(crumbs().getByText('Fine')).toBeTruthy());
    expect(crumbs().queryByText('Database is slow')).toBeNull();
  });

  it('shows Settings › name for a settings screen, and the id of a detail page', async () => {
    const app = await renderShell('/settings/agents', { roles: ['admin'] });
    const crumbs = () => within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs().getByText('Settings')).toBeTruthy();
    expect(crumbs().getByText('Agents').getAttribute('aria-current')).toBe('page');
    await app.router.navigate('/incidents/i-9');
    await waitFor(() => expect(crumbs().getByText('i-9').getAttribute('aria-current')).toBe('page'));
    expect(crumbs().getByRole('link', { name: 'Incidents' }).getAttribute('href')).toBe('/incidents');
  });
});

describe('<Guard>', () => {
  function Screen() {
    return (
      <>
        <Guard resource="connections" action="write">
          <button type="button">Delete connection</button>
        </Guard>
        <Guard resource="identities" fallback="unauthorized">
          <p>user list</p>
        </Guard>
        <Guard resource="incident" action="write" features={['incidents']} fallback={<p>read only</p>}>
          <button type="button">Link to incident</button>
        </Guard>
      </>
    );
  }
  const guardRoutes = [
    { element: <AuthGate />, children: [{ element: <FlagsGate />, children: [{ element: <ShellLayout />, children: [{ path: 'guarded', element: <Screen /> }] }] }] },
  ];

  it('shows everything to an admin', async () => {
    await renderShell('/guarded', { roles: ['admin'], appRoutes: guardRoutes });
    expect(screen.getByRole('button', { name: 'Delete connection' })).toBeTruthy();
    expect(screen.getByText('user list')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link to incident' })).toBeTruthy();
  });

  it('hides content, or shows the Unauthorized message or another fallback', async () => {
    await renderShell('/guarded', { roles: ['responder'], appRoutes: guardRoutes });
    expect(screen.queryByRole('button', { name: 'Delete connection' })).toBeNull();
    expect(screen.queryByText('user list')).toBeNull();
    expect(screen.getByText(UNAUTHORIZED_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link to incident' })).toBeTruthy();
  });

  it('hides content of a disabled feature', async () => {
    await renderShell('/guarded', { roles: ['admin'], properties: [disable('incidents')], appRoutes: guardRoutes });
    expect(screen.queryByRole('button', { name: 'Link to incident' })).toBeNull();
    expect(screen.getByText('read only')).toBeTruthy();
  });
});
