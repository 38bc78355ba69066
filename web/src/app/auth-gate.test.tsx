import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION } from '../features/auth/testing/fixtures';
import { json, stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render-app';

const ORY = '/api/.ory/self-service';

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

  it('shows the error panel when the session check fails otherwise', async () => {
    stubFetch([{ path: '/api/auth/whoami', respond: () => json({ code: 'INTERNAL', message: 'Internal server error' }, 500) }]);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Internal server error')).toBeTruthy();
  });

  it('lets a signed-in user through: / leads to /topology', async () => {
    stubFetch([{ path: '/api/auth/whoami', respond: () => json(SESSION) }]);
    const app = renderApp('/');
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText(/Signed in as/)).toBeTruthy();
    expect(app.location()).toBe('/topology');
  });

  it('signs out through the logout flow and lands on sign-in', async () => {
    const server = stubFetch([
      { path: '/api/auth/whoami', respond: () => json(SESSION) },
      {
        path: `${ORY}/logout/browser`,
        respond: () => json({ logout_token: 'lt-1', logout_url: 'http://localhost:3000/api/.ory/self-service/logout?token=lt-1' }),
      },
      { path: `${ORY}/logout`, respond: () => ({ status: 204 }) },
      { path: `${ORY}/login/browser`, respond: () => json({}, 500) },
    ]);
    const app = renderApp('/topology');
    await app.user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(app.location()).toBe('/login?return_to=%2Ftopology'));
    const [logout] = server.to(`${ORY}/logout`);
    expect(logout?.url.searchParams.get('token')).toBe('lt-1');
    expect(logout?.url.searchParams.get('return_to')).toBe('/topology');
  });

  it('still lands on sign-in when ending the session fails', async () => {
    stubFetch([
      { path: '/api/auth/whoami', respond: () => json(SESSION) },
      { path: `${ORY}/logout/browser`, respond: () => json({ error: { code: 500 } }, 500) },
      { path: `${ORY}/login/browser`, respond: () => json({}, 500) },
    ]);
    const app = renderApp('/topology');
    await app.user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(app.location()).toBe('/login?return_to=%2Ftopology'));
  });
});
