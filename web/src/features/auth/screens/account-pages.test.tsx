import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { ProvisioningScreen } from '../components/provisioning-screen';
import { recoveryFlow, SESSION, text, verificationFlow } from '../testing/fixtures';

const ORY = '/api/.ory/self-service';

describe('/recovery', () => {
  it('is titled Recovery, headed Recover account, with Go back to /', async () => {
    stubFetch([{ path: `${ORY}/recovery/browser`, respond: () => json(recoveryFlow()) }]);
    renderApp('/recovery');
    expect(await screen.findByRole('heading', { name: 'Recover account' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Recovery'));
    expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/');
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('shows the answer of a submission with its messages', async () => {
    const sent = recoveryFlow({ state: 'sent_email' });
    sent.ui.messages = [text(1060003, 'An email containing a recovery code has been sent to the email address you provided.')];
    const server = stubFetch([
      { path: `${ORY}/recovery/browser`, respond: () => json(recoveryFlow()) },
      { method: 'POST', path: `${ORY}/recovery`, respond: () => json(sent) },
    ]);
    const app = renderApp('/recovery');
    await app.user.type(await screen.findByLabelText(/Email/), 'ada@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/An email containing a recovery code has been sent/)).toBeTruthy();
    expect(server.to(`${ORY}/recovery`, 'POST')[0]?.body).toMatchObject({ email: 'ada@example.com', method: 'code' });
  });

  it('follows the server to the settings flow when recovery is done', async () => {
    stubFetch([
      { path: `${ORY}/recovery/browser`, respond: () => json(recoveryFlow()) },
      {
        method: 'POST',
        path: `${ORY}/recovery`,
        respond: () =>
          json({ error: { id: 'browser_location_change_required', code: 422 }, redirect_browser_to: 'http://localhost:3000/profile-settings?flow=s9' }, 422),
      },
      { path: `${ORY}/settings/flows`, respond: () => json({}, 500) },
    ]);
    const app = renderApp('/recovery');
    await app.user.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(app.location()).toBe('/profile-settings?flow=s9'));
  });
});

describe('/verification', () => {
  it('is headed Verify your account, with Go back to /', async () => {
    stubFetch([{ path: `${ORY}/verification/browser`, respond: () => json(verificationFlow()) }]);
    renderApp('/verification');
    expect(await screen.findByRole('heading', { name: 'Verify your account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/');
    expect(await screen.findByLabelText(/Email/)).toBeTruthy();
  });

  it('starts afresh when the flow of a link is gone', async () => {
    const server = stubFetch([
      { path: `${ORY}/verification/flows`, respond: () => json({ error: { id: 'self_service_flow_expired', code: 410 } }, 410) },
      { path: `${ORY}/verification/browser`, respond: () => json(verificationFlow({ id: 'fresh' })) },
    ]);
    const app = renderApp('/verification?flow=old&return_to=%2Fhealth');
    await waitFor(() => expect(app.location()).toBe('/verification?flow=fresh'));
    expect(server.to(`${ORY}/verification/browser`)).toHaveLength(1);
  });

  it('goes home when a flow cannot be created', async () => {
    stubFetch([
      { path: `${ORY}/verification/browser`, respond: () => json({ error: { code: 400, message: 'bad' } }, 400) },
      { path: '/api/auth/whoami', respond: () => json(SESSION) },
    ]);
    const app = renderApp('/verification');
    await waitFor(() => expect(app.location()).toBe('/topology'));
  });
});

describe('bad session page', () => {
  it('explains BAD_SESSION', async () => {
    renderApp('/bad-session?error_code=BAD_SESSION');
    expect(
      await screen.findByText(
        'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/');
  });

  it('says Unknown error for any other code', async () => {
    renderApp('/bad-session?error_code=SOMETHING');
    expect(await screen.findByText('Unknown error')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/');
  });
});

describe('error-flow page', () => {
  it('shows the flow error under An error occurred', async () => {
    const server = stubFetch([
      {
        path: `${ORY}/errors`,
        respond: () =>
          json({ id: 'e1', error: { code: 500, status: 'Internal Server Error', message: 'The identity store is unreachable', reason: 'connection refused' } }),
      },
    ]);
    renderApp('/error/e1');
    expect(await screen.findByRole('heading', { name: 'An error occurred' })).toBeTruthy();
    expect(await screen.findByText('The identity store is unreachable')).toBeTruthy();
    expect(screen.getByText('connection refused')).toBeTruthy();
    expect(server.requests[0]?.url.searchParams.get('id')).toBe('e1');
  });

  it.each([404, 403, 410])('goes home on %i', async (status) => {
    stubFetch([
      { path: `${ORY}/errors`, respond: () => json({ error: { code: status } }, status) },
      { path: '/api/auth/whoami', respond: () => json(SESSION) },
    ]);
    const app = renderApp('/error?id=gone');
    await waitFor(() => expect(app.location()).toBe('/topology'));
  });
});

describe('auth-state checker', () => {
  it('goes back to return_to when the session is fine', async () => {
    stubFetch([{ path: '/api/auth/whoami', respond: () => json(SESSION) }]);
    const app = renderApp('/auth-state-checker?return_to=%2Fbad-session%3Ferror_code%3DX');
    await waitFor(() => expect(app.location()).toBe('/bad-session?error_code=X'));
  });

  it('goes to sign-in with return_to when there is no session', async () => {
    stubFetch([
      { path: '/api/auth/whoami', respond: () => json({ message: 'no session' }, 401) },
      { path: `${ORY}/login/browser`, respond: () => json({}, 500) },
    ]);
    const app = renderApp('/auth-state-checker?return_to=%2Fhealth%3Ftab%3Dchecks');
    await waitFor(() => expect(app.location()).toBe('/login?return_to=%2Fhealth%3Ftab%3Dchecks'));
  });

  it('never returns to another site', async () => {
    stubFetch([{ path: '/api/auth/whoami', respond: () => json(SESSION) }]);
    const app = renderApp('/auth-state-checker?return_to=https%3A%2F%2Fevil.example%2F');
    await waitFor(() => expect(app.location()).toBe('/topology'));
  });
});

describe('provisioning screen', () => {
  it('says the instance is being provisioned', () => {
    render(<ProvisioningScreen />);
    expect(screen.getByText('Please wait, instance provisioning in-progress ...')).toBeTruthy();
  });
});
