import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render-app';
import { ORY, signedInRoutes } from './testing/shell-stubs';

describe('the auth gate', () => {
  it('sends an unsigned visitor of / to /login?return_to=%2F', async () => {
    stubFetch([
      { path: '/api/auth/whoami', respond: () => json({ code: 'PGRST301', message: 'Not signed in' }, 401) },
      { path: `${ORY}/login/browser`, respond: () => json({}, 500) },
    ]);
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/login?return_to=%2F'));
  });

  it('keeps the path and query of a deep link', async () => {
    stubFetch([
      { path: '/api/auth/whoami', respond: () => json({}, 401) },
      { path: `${ORY}/login/browser`, respond: () => json({}, 500) },
    ]);
    const app = renderApp('/health?tab=checks');
    await waitFor(() => expect(app.location()).toBe('/login?return_to=%2Fhealth%3Ftab%3Dchecks'));
  });

  it('asks for a second factor when the session needs one', async () => {
    stubFetch([
      { path: '/api/auth/whoami', respond: () => json({ error: { id: 'session_aal2_required', code: 403 } }, 403) },
      { path: `${ORY}/login/browser`, respond: () => json({}, 500) },
    ]);
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/login?aal=aal2&return_to=%2F'));
  });

  it('sends someone whose address must be verified first to verification, coming back after', async () => {
    stubFetch([
      { path: '/api/auth/whoami', respond: () => json({ code: 'session_verified_address_required', error: { id: 'session_verified_address_required', code: 403 }, redirect_browser_to: '/verification' }, 403) },
      { path: `${ORY}/verification/browser`, respond: () => json({}, 500) },
    ]);
    const app = renderApp('/health?tab=checks');
    await waitFor(() => expect(app.location()).toMatch(/^\/verification\?return_to=%2Fhealth%3Ftab%3Dchecks/));
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('shows the error panel when the session check fails otherwise', async () => {
    stubFetch([{ path: '/api/auth/whoami', respond: () => json({ code: 'INTERNAL', message: 'Internal server error' }, 500) }]);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Internal server error')).toBeTruthy();
  });

  it.each([503, 404])('shows the provisioning screen in organization mode when the session check answers %i', async (status) => {
    stubFetch([
      { path: '/api/about', respond: () => json({ Version: '1', registration: 'open', authMode: 'organizations' }) },
      { path: '/api/auth/whoami', respond: () => json({ message: 'starting' }, status) },
    ]);
    renderApp('/health');
    expect(await screen.findByText('Please wait, instance provisioning in-progress ...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('asks a person without an organization to create one when they may, in organization mode', async () => {
    const user = { id: 'p', name: 'Ada', email: 'a@example.com', avatar: null, roles: [] };
    stubFetch([
      { path: '/api/about', respond: () => json({ Version: '1', registration: 'open', authMode: 'organizations' }) },
      { path: '/api/auth/whoami', respond: () => json({ user, permissions: {}, organization: null }) },
      { path: '/api/organizations', respond: () => json({ organizations: [], current: null, canCreate: true }) },
    ]);
    renderApp('/health');
    expect(await screen.findByRole('heading', { name: 'You are not a member of any organization yet.' })).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Create organization' })).toBeTruthy();
  });

  it('sends a member whose organization requires a second factor they lack to the profile settings', async () => {
    stubFetch([
      { path: '/api/about', respond: () => json({ Version: '1', registration: 'open', authMode: 'organizations' }) },
      { path: '/api/auth/whoami', respond: () => json({ code: 'organization_second_factor_required', message: 'Acme requires a second factor' }, 403) },
      { path: /\/api\/\.ory\/.*/, respond: () => json({}, 500) },
    ]);
    const app = renderApp('/health');
    await waitFor(() => expect(app.location()).toMatch(/^\/profile-settings\?return_to=%2Fhealth/));
  });

  it('lets a signed-in user through: / leads to /topology in the shell', async () => {
    stubFetch(signedInRoutes());
    const app = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(app.location()).toBe('/topology');
  });

  it('signs out from the user menu through the logout flow and lands on sign-in', async () => {
    const server = stubFetch([
      ...signedInRoutes(),
      { path: `${ORY}/logout`, respond: () => ({ status: 204 }) },
      { path: `${ORY}/login/browser`, respond: () => json({}, 500) },
    ]);
    const app = renderApp('/topology');
    await app.user.click(await screen.findByRole('button', { name: 'User menu' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(app.location()).toBe('/login?return_to=%2Ftopology'));
    const [logout] = server.to(`${ORY}/logout`);
    expect(logout?.url.searchParams.get('token')).toBe('lt-1');
    expect(logout?.url.searchParams.get('return_to')).toBe('/topology');
  });

  it('still lands on sign-in when ending the session fails', async () => {
    stubFetch([
      ...signedInRoutes().filter((route) => route.path !== `${ORY}/logout/browser`),
      { path: `${ORY}/logout/browser`, respond: () => json({ error: { code: 500 } }, 500) },
      { path: `${ORY}/login/browser`, respond: () => json({}, 500) },
    ]);
    const app = renderApp('/topology');
    await app.user.click(await screen.findByRole('button', { name: 'User menu' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(app.location()).toBe('/login?return_to=%2Ftopology'));
  });
});
