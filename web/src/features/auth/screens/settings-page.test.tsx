import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { csrfNode, errorBody, input, settingsFlow, settingsNodes, text } from '../testing/fixtures';

const ORY = '/api/.ory/self-service';

const SECTIONS = [
  'Profile Settings',
  'Change Password',
  'Manage Social Sign In',
  'Manage 2FA Backup Recovery Codes',
  'Manage 2FA TOTP Authenticator App',
  'Manage Hardware Tokens and Biometrics',
];

describe('/profile-settings', () => {
  it('shows the title, the logo, Go back to return_to and a section per group of the flow', async () => {
    stubFetch([{ path: `${ORY}/settings/browser`, respond: () => json(settingsFlow()) }]);
    renderApp('/profile-settings?return_to=%2Fhealth');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Management and Security Settings' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Profile Management and Security Settings'));
    expect(screen.getByRole('img', { name: 'Pharos' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/health');
    await screen.findByRole('heading', { level: 2, name: 'Profile Settings' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(SECTIONS);

    expect(screen.getByText(/panic situations where you have lost access to your 2FA device/)).toBeTruthy();
    const totp = screen.getByRole('region', { name: 'Manage 2FA TOTP Authenticator App' });
    expect(within(totp).getByText(/Add a TOTP authenticator app to your account/)).toBeTruthy();
    expect(within(totp).getAllByRole('link', { name: 'iOS' })[0]?.getAttribute('href')).toContain('apps.apple.com');
    expect(within(totp).getAllByRole('link', { name: 'Android' })[0]?.getAttribute('href')).toContain('play.google.com');
    expect(screen.getByText(/hardware tokens such as security keys/)).toBeTruthy();
  });

  it('shows only the sections the flow has nodes for; Go back defaults to /', async () => {
    const nodes = settingsNodes().filter((n) => n.group === 'default' || n.group === 'password');
    stubFetch([{ path: `${ORY}/settings/browser`, respond: () => json(settingsFlow({}, nodes)) }]);
    renderApp('/profile-settings');
    await screen.findByRole('heading', { level: 2, name: 'Change Password' });
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/');
  });

  it("Go back falls back to the flow's return_to when the address has none (after recovery)", async () => {
    stubFetch([{ path: `${ORY}/settings/flows`, respond: () => json(settingsFlow({ id: 'recovered', return_to: '/health' })) }]);
    renderApp('/profile-settings?flow=recovered');
    await screen.findByRole('heading', { level: 2, name: 'Profile Settings' });
    expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/health');
  });

  it('submits one section and shows the saved message for ten seconds', async () => {
    const saved = settingsFlow({ state: 'success' }, [csrfNode(), input('password', 'password', 'password', { label: 'Password' }), input('password', 'method', 'submit', { value: 'password', label: 'Save' })]);
    saved.ui.messages = [text(1050001, 'Your changes have been saved!', 'success')];
    const nodes = settingsNodes().filter((n) => n.group === 'default' || n.group === 'password');
    const server = stubFetch([
      { path: `${ORY}/settings/browser`, respond: () => json(settingsFlow({}, nodes)) },
      { method: 'POST', path: `${ORY}/settings`, respond: () => json(saved) },
    ]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = renderApp('/profile-settings');
    await app.user.type(await screen.findByLabelText('Password'), 'a new passphrase');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your changes have been saved!')).toBeTruthy();
    expect(server.to(`${ORY}/settings`, 'POST')[0]?.body).toMatchObject({ password: 'a new passphrase', method: 'password' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(9_000);
    });
    expect(screen.getByText('Your changes have been saved!')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    expect(screen.queryByText('Your changes have been saved!')).toBeNull();
  });

  it('sends a signed-out visitor to sign in, returning here afterwards', async () => {
    stubFetch([{ path: `${ORY}/settings/browser`, respond: () => json(errorBody('session_inactive', 401), 401) }]);
    const app = renderApp('/profile-settings');
    await waitFor(() => expect(app.location()).toBe('/login?return_to=%2Fprofile-settings'));
  });

  it('asks for a fresh sign-in when the server wants one', async () => {
    stubFetch([
      { path: `${ORY}/settings/browser`, respond: () => json(settingsFlow()) },
      {
        method: 'POST',
        path: `${ORY}/settings`,
        respond: () => json(errorBody('session_refresh_required', 403, { redirect_browser_to: 'http://localhost:3000/login?refresh=true&return_to=%2Fprofile-settings' }), 403),
      },
      { path: `${ORY}/login/browser`, respond: () => json({}, 500) },
    ]);
    const app = renderApp('/profile-settings');
    const password = within(await screen.findByRole('region', { name: 'Change Password' }));
    await app.user.type(password.getByLabelText('Password'), 'x');
    await app.user.click(password.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.location()).toBe('/login?refresh=true&return_to=%2Fprofile-settings'));
  });
});
