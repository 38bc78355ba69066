import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { CSRF, loginFlow, registrationFlow, verificationFlow } from '../testing/fixtures';

const ORY = '/api/.ory/self-service';

describe('/registration', () => {
  it('is titled Register, headed Create account, and links to sign-in', async () => {
    stubFetch([{ path: `${ORY}/registration/browser`, respond: () => json(registrationFlow()) }]);
    renderApp('/registration');
    expect(await screen.findByRole('heading', { name: 'Create account' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Register'));
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(await screen.findByRole('button', { name: 'Sign up' })).toBeTruthy();
  });

  it('carries setup_token into the flow creation and the submission, then goes to return_to', async () => {
    const server = stubFetch([
      { path: `${ORY}/registration/browser`, respond: () => json(registrationFlow({ return_to: '/health' })) },
      { method: 'POST', path: `${ORY}/registration`, respond: () => json({ identity: { id: 'i1' }, session: { id: 's1' } }) },
    ]);
    const app = renderApp('/registration?setup_token=first-admin');

    const email = await screen.findByLabelText(/E-Mail/);
    expect(server.to(`${ORY}/registration/browser`)[0]?.url.searchParams.get('setup_token')).toBe('first-admin');
    await waitFor(() => expect(app.location()).toBe('/registration?setup_token=first-admin&flow=registration-1'));

    await app.user.type(email, 'ada@example.com');
    await app.user.type(screen.getByLabelText('First name'), 'Ada');
    await app.user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await app.user.type(screen.getByLabelText(/Password/), 'a long passphrase');
    await app.user.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(server.to(`${ORY}/registration`, 'POST')).toHaveLength(1));
    expect(server.to(`${ORY}/registration`, 'POST')[0]?.body).toEqual({
      csrf_token: CSRF,
      traits: { email: 'ada@example.com', name: { first: 'Ada', last: 'Lovelace' } },
      password: 'a long passphrase',
      method: 'password',
      setup_token: 'first-admin',
    });
    await waitFor(() => expect(app.location()).toBe('/health'));
  });

  it('says the account is created and goes to sign-in when no verification follows', async () => {
    stubFetch([
      { path: `${ORY}/registration/browser`, respond: () => json(registrationFlow()) },
      { method: 'POST', path: `${ORY}/registration`, respond: () => json({ continue_with: [] }) },
      { path: `${ORY}/login/browser`, respond: () => json(loginFlow()) },
    ]);
    const app = renderApp('/registration');
    await app.user.click(await screen.findByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(app.location()).toMatch(/^\/login/));
    expect(await screen.findByText('Your account has been created: sign in with your email and password.')).toBeTruthy();
  });

  it('says the account is created and a code was sent, on the verification form of the new address', async () => {
    const verification = { action: 'show_verification_ui', flow: { id: 'verify-1', verifiable_address: 'ada@example.com', url: '/verification?flow=verify-1' } };
    const server = stubFetch([
      { path: `${ORY}/registration/browser`, respond: () => json(registrationFlow({ return_to: '/health' })) },
      { method: 'POST', path: `${ORY}/registration`, respond: () => json({ continue_with: [verification, { action: 'redirect_browser_to', redirect_browser_to: '/health' }] }) },
      { path: `${ORY}/verification/flows`, respond: () => json(verificationFlow({ id: 'verify-1' })) },
    ]);
    const app = renderApp('/registration?return_to=%2Fhealth');
    await app.user.click(await screen.findByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(app.location()).toBe('/verification?flow=verify-1'));
    expect(await screen.findByRole('heading', { name: 'Verify your account' })).toBeTruthy();
    expect(screen.getByText('Your account has been created. We have sent a verification code to ada@example.com: enter it here to verify your address, then sign in.')).toBeTruthy();
    expect(server.to(`${ORY}/verification/flows`)[0]?.url.searchParams.get('id')).toBe('verify-1');
  });
});
