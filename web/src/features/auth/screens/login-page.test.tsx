import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderLogin } from '../../../test/render-login';
import { CSRF, errorBody, input, loginFlow, text } from '../testing/fixtures';

const ORY = '/api/.ory/self-service';

describe('/login', () => {
  it('creates a flow with return_to, shows the form and puts the flow id in the address', async () => {
    const server = stubFetch([{ path: `${ORY}/login/browser`, respond: () => json(loginFlow({ return_to: '/' })) }]);
    const app = renderLogin('/login?return_to=%2F');

    expect(await screen.findByRole('heading', { name: 'Sign In to your account' })).toBeTruthy();
    expect(await screen.findByLabelText(/E-Mail/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reset password' }).getAttribute('href')).toBe('/recovery');
    await waitFor(() => expect(document.title).toBe('Sign In'));

    const [created] = server.to(`${ORY}/login/browser`);
    expect(created?.url.searchParams.get('return_to')).toBe('/');
    expect(created?.credentials).toBe('include');
    await waitFor(() => expect(app.location()).toBe('/login?return_to=%2F&flow=login-1'));
    expect(server.to(`${ORY}/login/flows`)).toHaveLength(0);
  });

  it("links to registration with 'Create account' while registration is open, and not when only invitations create accounts", async () => {
    for (const registration of ['open', 'invite'] as const) {
      const server = stubFetch([
        { path: `${ORY}/login/browser`, respond: () => json(loginFlow()) },
        { path: '/api/about', respond: () => json({ Version: '0.1.0', registration }) },
      ]);
      renderLogin('/login');
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
      if (registration === 'open') expect((await screen.findByRole('link', { name: 'Create account' })).getAttribute('href')).toBe('/registration');
      else {
        await waitFor(() => expect(server.to('/api/about')).toHaveLength(1));
        // The answer is in: the link stays away.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(screen.queryByRole('link', { name: 'Create account' })).toBeNull();
      }
      cleanup();
    }
  });

  it('offers only the provider when the password sign-in is off, and its button posts the form natively', async () => {
    const onlyProvider = loginFlow();
    onlyProvider.ui.nodes = onlyProvider.ui.nodes.filter((node) => node.group !== 'password' && (node.attributes as { name?: string }).name !== 'identifier');
    stubFetch([{ path: `${ORY}/login/browser`, respond: () => json(onlyProvider) }]);
    renderLogin('/login');
    const button = await screen.findByRole('button', { name: 'Sign in with GitHub' });
    expect(button.closest('form')?.getAttribute('action')).toBe(onlyProvider.ui.action);
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    expect(screen.queryByLabelText(/E-Mail/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Reset password' })).toBeNull();
  });

  it('says Confirm Action for a refresh and Two-Factor Authentication for aal2', async () => {
    const server = stubFetch([
      { path: `${ORY}/login/browser`, respond: (r) => json(loginFlow({ refresh: r.url.searchParams.get('refresh') === 'true' })) },
    ]);
    renderLogin('/login?refresh=true&return_to=%2Fprofile-settings');
    expect(await screen.findByRole('heading', { name: 'Confirm Action' })).toBeTruthy();
    expect(server.to(`${ORY}/login/browser`)[0]?.url.searchParams.get('refresh')).toBe('true');
  });

  it('says Two-Factor Authentication when a second factor is requested', async () => {
    const server = stubFetch([{ path: `${ORY}/login/browser`, respond: () => json(loginFlow({ requested_aal: 'aal2' })) }]);
    renderLogin('/login?aal=aal2&return_to=%2Fhealth');
    expect(await screen.findByRole('heading', { name: 'Two-Factor Authentication' })).toBeTruthy();
    expect(server.to(`${ORY}/login/browser`)[0]?.url.searchParams.get('aal')).toBe('aal2');
  });

  it('asked for a second factor without a session, sends the person to sign in first, then back to the second factor', async () => {
    const aal1Required = errorBody('session_aal1_required', 401, { redirect_browser_to: '/login?return_to=%2Fhealth' });
    const server = stubFetch([
      { path: `${ORY}/login/browser`, respond: (r) => (r.url.searchParams.get('aal') === 'aal2' ? json(aal1Required, 401) : json(loginFlow({ return_to: r.url.searchParams.get('return_to') ?? undefined }))) },
    ]);
    const app = renderLogin('/login?aal=aal2&return_to=%2Fhealth');
    expect(await screen.findByRole('heading', { name: 'Sign In to your account' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText(/higher AAL/)).toBeNull();
    await waitFor(() => expect(new URL(app.location(), 'http://x').searchParams.get('return_to')).toBe('/login?aal=aal2&return_to=%2Fhealth'));
    const created = server.to(`${ORY}/login/browser`);
    expect(created.at(-1)?.url.searchParams.get('aal')).toBeNull();
    expect(created.at(-1)?.url.searchParams.get('return_to')).toBe('/login?aal=aal2&return_to=%2Fhealth');
  });

  it('resumes a flow given in the address', async () => {
    const server = stubFetch([{ path: `${ORY}/login/flows`, respond: () => json(loginFlow({ id: 'existing' })) }]);
    renderLogin('/login?flow=existing');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(server.to(`${ORY}/login/flows`)[0]?.url.searchParams.get('id')).toBe('existing');
    expect(server.to(`${ORY}/login/browser`)).toHaveLength(0);
  });

  it('signs in with identifier and password from the address, then leaves for return_to', async () => {
    const server = stubFetch([
      { path: `${ORY}/login/browser`, respond: () => json(loginFlow({ return_to: '/health' })) },
      { method: 'POST', path: `${ORY}/login`, respond: () => json({ session: { id: 's1', active: true } }) },
    ]);
    const app = renderLogin('/login?return_to=%2Fhealth&identifier=ada%40example.com&password=pw');

    await waitFor(() => expect(server.to(`${ORY}/login`, 'POST')).toHaveLength(1));
    const [submitted] = server.to(`${ORY}/login`, 'POST');
    expect(submitted?.url.searchParams.get('flow')).toBe('login-1');
    expect(submitted?.body).toEqual({ csrf_token: CSRF, identifier: 'ada@example.com', password: 'pw', method: 'password' });
    await waitFor(() => expect(app.location()).toBe('/health'));
    expect(server.to(`${ORY}/login`, 'POST')).toHaveLength(1);
  });

  it('shows the flow a 400 answers with, with its messages', async () => {
    const rejected = loginFlow();
    rejected.ui.messages = [text(4000006, 'The provided credentials are invalid, check for spelling mistakes.', 'error')];
    rejected.ui.nodes[1] = input('default', 'identifier', 'text', { value: 'ada@example.com', label: 'E-Mail' });
    stubFetch([
      { path: `${ORY}/login/browser`, respond: () => json(loginFlow()) },
      { method: 'POST', path: `${ORY}/login`, respond: () => json(rejected, 400) },
    ]);
    const app = renderLogin('/login');
    await app.user.type(await screen.findByLabelText(/E-Mail/), 'ada@example.com');
    await app.user.type(screen.getByLabelText(/Password/), 'wrong');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('The provided credentials are invalid, check for spelling mistakes.')).toBeTruthy();
    expect(screen.getByLabelText(/E-Mail/)).toHaveProperty('value', 'ada@example.com');
  });

  it.each([
    ['self_service_flow_expired', 410, 'Your interaction expired, please fill out the form again.'],
    ['security_csrf_violation', 403, 'A security violation was detected, please fill out the form again.'],
  ])('on %s shows a toast and starts a new flow', async (id, status, message) => {
    let created = 0;
    const server = stubFetch([
      { path: `${ORY}/login/browser`, respond: () => json(loginFlow({ id: `login-${++created}` })) },
      { method: 'POST', path: `${ORY}/login`, respond: () => json(errorBody(id, status), status) },
    ]);
    const app = renderLogin('/login?return_to=%2Fhealth');
    await app.user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(server.to(`${ORY}/login/browser`)).toHaveLength(2));
    await waitFor(() => expect(app.location()).toBe('/login?return_to=%2Fhealth&flow=login-2'));
    expect(server.to(`${ORY}/login/browser`)[1]?.url.searchParams.get('return_to')).toBe('/health');
  });

  it('drops a forbidden return_to with a toast and starts afresh', async () => {
    const server = stubFetch([
      {
        path: `${ORY}/login/browser`,
        respond: (r) =>
          r.url.searchParams.has('return_to')
            ? json(errorBody('self_service_flow_return_to_forbidden', 400), 400)
            : json(loginFlow()),
      },
    ]);
    const app = renderLogin('/login?return_to=https%3A%2F%2Fevil.example');
    expect(await screen.findByText('The return_to address is not allowed.')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/login?flow=login-1'));
    expect(server.to(`${ORY}/login/browser`)).toHaveLength(2);
  });

  it('goes home when a session already exists', async () => {
    stubFetch([{ path: `${ORY}/login/browser`, respond: () => json(errorBody('session_already_available', 400), 400) }]);
    const app = renderLogin('/login');
    await waitFor(() => expect(app.location()).toBe('/'));
  });

  it('shows what it cannot handle', async () => {
    stubFetch([{ path: `${ORY}/login/browser`, respond: () => json({ error: { code: 500, message: 'The database is unreachable' } }, 500) }]);
    renderLogin('/login');
    expect(await screen.findByText('The database is unreachable')).toBeTruthy();
  });
});
