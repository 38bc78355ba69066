import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { codeOf, TestSmtpServer } from '../support/smtp.js';
import { browser, csrfOf, inputAttributes, nodeNamed, PASSWORD, register, rejection, signIn, uniqueEmail, identityOptions } from '../support/identity.js';

let server: TestServer;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = new TestSmtpServer();
  const smtpUrl = await smtp.start();
  server = await startTestServer({ identity: identityOptions({ smtpUrl, smtpFrom: 'Pharos <pharos@example.com>' }) });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('registration and verification', () => {
  it('registers with a password, answers continue_with (no session: the person signs in next), and mails a verification code', async () => {
    const b = browser(server);
    const email = uniqueEmail('register');
    const flow = await b.api.createBrowserRegistrationFlow({ returnTo: '/health' });
    expect(flow.type).toBe('browser');
    expect(flow.return_to).toBe('/health');
    expect(flow.ui.action).toBe(`${server.url}/api/.ory/self-service/registration?flow=${flow.id}`);
    const names = flow.ui.nodes.map((node) => (node.attributes as { name?: string }).name);
    expect(names).toEqual(['csrf_token', 'traits.email', 'traits.name.first', 'traits.name.last', 'password', 'method']);
    const submit = nodeNamed(flow.ui, 'method');
    expect(submit?.meta.label).toEqual({ id: 1040001, text: 'Sign up', type: 'info' });

    const result = await b.api.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: { method: 'password', csrf_token: csrfOf(flow), password: PASSWORD, traits: { email, name: { first: 'Grace', last: 'Hopper' } } },
    });
    // The answer is the same whether the address was free or taken: no identity, no session.
    expect(result.identity).toBeUndefined();
    expect(result.session).toBeUndefined();
    expect(b.jar.get('pharos_session')).toBeUndefined();
    const { session: signedIn } = await signIn(b, email);
    const identity = signedIn.identity!;
    expect(identity.traits).toEqual({ email, name: { first: 'Grace', last: 'Hopper' } });
    expect(signedIn.authenticator_assurance_level).toBe('aal1');
    expect(identity.verifiable_addresses?.[0]).toMatchObject({ value: email, verified: false, via: 'email' });
    const verify = result.continue_with?.find((item) => item.action === 'show_verification_ui');
    expect(verify).toBeDefined();
    expect(result.continue_with?.find((item) => item.action === 'redirect_browser_to')).toMatchObject({ redirect_browser_to: '/health' });

    // The person exists with the same id and no role (viewer).
    const person = await server.pool.query<{ name: string; email: string }>('select name, email from people where id = $1', [identity.id]);
    expect(person.rows[0]).toEqual({ name: 'Grace Hopper', email });
    const roles = await server.pool.query('select role from person_roles where person_id = $1', [identity.id]);
    expect(roles.rowCount).toBe(0);

    // Verification with the code from the mail.
    const mail = await smtp.waitFor(email, (m) => m.subject.includes('verify'));
    expect(mail.raw).toContain('From: Pharos <pharos@example.com>');
    const verificationId = verify && 'flow' in verify ? verify.flow.id : '';
    const verification = await b.api.getVerificationFlow({ id: verificationId });
    expect(verification.state).toBe('sent_email');
    expect(verification.ui.messages?.[0]?.id).toBe(1080003);
    const verified = await b.api.updateVerificationFlow({
      flow: verification.id,
      updateVerificationFlowBody: { method: 'code', code: codeOf(mail), csrf_token: csrfOf(verification) },
    });
    expect(verified.state).toBe('passed_challenge');
    expect(verified.ui.messages?.[0]).toMatchObject({ id: 1080002, type: 'info' });
    const session = await b.api.toSession();
    expect(session.identity?.verifiable_addresses?.[0]).toMatchObject({ verified: true, status: 'completed' });

    // The courier recorded the message.
    const stored = await server.pool.query<{ status: string; template_type: string }>(
      'select status, template_type from courier_messages where recipient = $1',
      [email],
    );
    expect(stored.rows).toEqual([{ status: 'sent', template_type: 'verification_code' }]);
  });

  it('refuses a wrong verification code with 4070006, then accepts a fresh one sent on request', async () => {
    const b = browser(server);
    const email = uniqueEmail('verify');
    await register(b, email);
    await smtp.waitFor(email);
    const flow = await b.api.createBrowserVerificationFlow();
    expect(flow.state).toBe('choose_method');
    expect(nodeNamed(flow.ui, 'email')?.meta.label).toMatchObject({ id: 1070007, text: 'Email' });
    const sent = await b.api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', email, csrf_token: csrfOf(flow) },
    });
    expect(sent.state).toBe('sent_email');
    expect(sent.ui.messages?.[0]?.id).toBe(1080003);
    const mails = () => smtp.to(email).length;
    await expect.poll(mails).toBe(2);

    const wrong = await rejection(
      b.api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', code: '000000', csrf_token: csrfOf(flow) } }),
    );
    expect(wrong.status).toBe(400);
    expect((wrong.body['ui'] as { messages: Array<{ id: number }> }).messages[0]?.id).toBe(4070006);

    const code = codeOf(smtp.to(email)[1]!);
    const done = await b.api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', code, csrf_token: csrfOf(flow) } });
    expect(done.state).toBe('passed_challenge');
  });

  it('answers a taken address as a free one, without a word about the account, and mails its owner instead', async () => {
    const taken = uniqueEmail('dup');
    await register(browser(server), taken);
    const answer = async (email: string) => {
      const b = browser(server);
      const flow = await b.api.createBrowserRegistrationFlow({ returnTo: '/health' });
      const result = await b.api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { method: 'password', csrf_token: csrfOf(flow), password: `${PASSWORD} 2`, traits: { email } },
      });
      const verification = result.continue_with?.find((item) => item.action === 'show_verification_ui') as { flow: { id: string } };
      const shown = await b.api.getVerificationFlow({ id: verification.flow.id });
      return {
        actions: result.continue_with?.map((item) => item.action),
        state: shown.state,
        messages: shown.ui.messages?.map((message) => message.id),
        session: b.jar.get('pharos_session'),
      };
    };
    const free = uniqueEmail('free');
    expect(await answer(taken)).toEqual(await answer(free));
    const notice = await smtp.waitFor(taken, (mail) => mail.subject === 'Someone tried to create an account with your address');
    expect(notice.text).toContain('has an account already');
    // The owner's password still works; the other one does not.
    expect((await signIn(browser(server), taken)).session.active).toBe(true);
    expect((await rejection(signIn(browser(server), taken, `${PASSWORD} 2`))).status).toBe(400);
  });

  it('reports missing and malformed fields on their nodes (4000002, 4000001) and short passwords', async () => {
    const b = browser(server);
    const flow = await b.api.createBrowserRegistrationFlow();
    const failure = await rejection(
      b.api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { method: 'password', csrf_token: csrfOf(flow), password: '', traits: { email: 'not-an-email' } },
      }),
    );
    expect(failure.status).toBe(400);
    const nodes = (failure.body['ui'] as { nodes: Array<{ attributes: { name?: string }; messages: Array<{ id: number; text: string }> }> }).nodes;
    const messagesOf = (name: string) => nodes.find((node) => node.attributes.name === name)?.messages ?? [];
    expect(messagesOf('password')).toEqual([{ id: 4000002, text: 'Property password is missing.', type: 'error', context: { property: 'password' } }]);
    expect(messagesOf('traits.email')[0]).toMatchObject({ id: 4000001, text: '"not-an-email" is not valid "email"' });

    const short = await rejection(
      b.api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { method: 'password', csrf_token: csrfOf(flow), password: 'short', traits: { email: uniqueEmail() } },
      }),
    );
    const shortNodes = (short.body['ui'] as { nodes: typeof nodes }).nodes;
    expect(shortNodes.find((node) => node.attributes.name === 'password')?.messages[0]).toMatchObject({ id: 4000032 });
  });
});

describe('sign-in and sessions', () => {
  it('signs in with a password: session JSON, a session cookie and whoami', async () => {
    const email = uniqueEmail('login');
    await register(browser(server), email);
    const b = browser(server);
    const flow = await b.api.createBrowserLoginFlow({ returnTo: `${server.url}/incidents` });
    expect(flow.state).toBe('choose_method');
    expect(flow.requested_aal).toBe('aal1');
    expect(nodeNamed(flow.ui, 'identifier')?.meta.label?.text).toBe('E-Mail');
    expect(nodeNamed(flow.ui, 'password')?.group).toBe('password');
    expect(nodeNamed(flow.ui, 'method')?.meta.label).toEqual({ id: 1010001, text: 'Sign in', type: 'info' });
    const csrf = nodeNamed(flow.ui, 'csrf_token');
    expect(inputAttributes(csrf!)).toMatchObject({ type: 'hidden', required: true });

    const result = await b.api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: 'password', identifier: email.toUpperCase(), password: PASSWORD, csrf_token: csrfOf(flow) },
    });
    expect(result.session.identity?.traits).toMatchObject({ email });
    expect(result.session_token).toBeUndefined();
    expect(result.session.authentication_methods?.[0]).toMatchObject({ method: 'password', aal: 'aal1' });
    expect(b.jar.get('pharos_session')).toBeDefined();

    const session = await b.api.toSession();
    expect(session.id).toBe(result.session.id);
    expect(session.active).toBe(true);
  });

  it('refuses a wrong password with 4000006 and keeps the identifier', async () => {
    const email = uniqueEmail('wrong');
    await register(browser(server), email);
    const b = browser(server);
    const failure = await rejection(signIn(b, email, 'not the password'));
    expect(failure.status).toBe(400);
    const ui = failure.body['ui'] as { messages: Array<{ id: number; text: string; type: string }>; nodes: Array<{ attributes: { name?: string; value?: unknown } }> };
    expect(ui.messages).toEqual([
      {
        id: 4000006,
        text: 'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
        type: 'error',
      },
    ]);
    expect(ui.nodes.find((node) => node.attributes.name === 'identifier')?.attributes.value).toBe(email);
    expect(ui.nodes.find((node) => node.attributes.name === 'password')?.attributes.value).toBeUndefined();
    expect(b.jar.get('pharos_session')).toBeUndefined();
    expect((await rejection(signIn(b, uniqueEmail('nobody')))).status).toBe(400);
  });

  it('answers session_already_available when starting a sign-in while signed in, unless refreshing', async () => {
    const email = uniqueEmail('already');
    const b = browser(server);
    await register(b, email);
    const failure = await rejection(b.api.createBrowserLoginFlow());
    expect(failure.status).toBe(400);
    expect(failure.body['error']).toMatchObject({ id: 'session_already_available', code: 400 });
    expect((await rejection(b.api.createBrowserRegistrationFlow())).body['error']).toMatchObject({ id: 'session_already_available' });

    const refresh = await b.api.createBrowserLoginFlow({ refresh: true });
    expect(refresh.refresh).toBe(true);
    expect(refresh.ui.messages?.[0]?.id).toBe(1010003);
    expect(inputAttributes(nodeNamed(refresh.ui, 'identifier')!)).toMatchObject({ type: 'hidden', value: email });
    const before = await b.api.toSession();
    const again = await b.api.updateLoginFlow({
      flow: refresh.id,
      updateLoginFlowBody: { method: 'password', identifier: email, password: PASSWORD, csrf_token: csrfOf(refresh) },
    });
    // A new session id at each sign-in; the old one is revoked.
    expect(again.session.id).not.toBe(before.id);
    const old = await server.pool.query<{ active: boolean }>('select active from identity_sessions where id = $1', [before.id]);
    expect(old.rows[0]?.active).toBe(false);
  });

  it('logs out: logout URL and token, 204 for JSON clients, the session is revoked', async () => {
    const b = browser(server);
    await register(b, uniqueEmail('logout'));
    const session = await b.api.toSession();
    const logout = await b.api.createBrowserLogoutFlow({ returnTo: '/login' });
    expect(logout.logout_url).toBe(`${server.url}/api/.ory/self-service/logout?token=${logout.logout_token}&return_to=%2Flogin`);
    const cookie = b.jar.get('pharos_session')?.value ?? '';
    await b.api.updateLogoutFlow({ token: logout.logout_token, returnTo: '/login' });
    expect(b.jar.get('pharos_session')).toBeUndefined();
    const row = await server.pool.query<{ active: boolean }>('select active from identity_sessions where id = $1', [session.id]);
    expect(row.rows[0]?.active).toBe(false);

    // The old cookie no longer works, neither for whoami nor for the API.
    b.jar.set('pharos_session', cookie);
    const whoami = await rejection(b.api.toSession());
    expect(whoami.status).toBe(401);
    expect(whoami.body['error']).toMatchObject({ id: 'session_inactive', code: 401 });
    const api = await b.fetch(`${server.url}/api/auth/whoami`);
    expect(api.status).toBe(401);
    expect((await rejection(b.api.createBrowserLogoutFlow())).status).toBe(401);
  });

  it('redirects plain browser navigations: flows to their screens, logout to return_to', async () => {
    const b = browser(server);
    const html = { accept: 'text/html,application/xhtml+xml' };
    const login = await b.fetch(`${server.url}/api/.ory/self-service/login/browser?return_to=/health`, { headers: html });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toMatch(/^\/login\?flow=[0-9a-f-]{36}$/);
    const registration = await b.fetch(`${server.url}/api/.ory/self-service/registration/browser`, { headers: html });
    expect(registration.headers.get('location')).toMatch(/^\/registration\?flow=/);
    const recovery = await b.fetch(`${server.url}/api/.ory/self-service/recovery/browser`, { headers: html });
    expect(recovery.headers.get('location')).toMatch(/^\/recovery\?flow=/);
    const verification = await b.fetch(`${server.url}/api/.ory/self-service/verification/browser`, { headers: html });
    expect(verification.headers.get('location')).toMatch(/^\/verification\?flow=/);

    await register(b, uniqueEmail('browser'));
    const settings = await b.fetch(`${server.url}/api/.ory/self-service/settings/browser`, { headers: html });
    expect(settings.headers.get('location')).toMatch(/^\/profile-settings\?flow=/);
    const logout = await b.api.createBrowserLogoutFlow();
    const out = await b.fetch(`${logout.logout_url}&return_to=/login`, { headers: html });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/login');
  });

  it('sends browsers to the error page for errors without a flow, and serves that error by id', async () => {
    const b = browser(server);
    const response = await b.fetch(`${server.url}/api/.ory/self-service/login/browser?return_to=https://evil.example.com/`, {
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(303);
    const location = response.headers.get('location') ?? '';
    expect(location).toMatch(/^\/error\?id=/);
    const id = new URLSearchParams(location.split('?')[1]).get('id') ?? '';
    const error = await b.api.getFlowError({ id });
    expect(error.id).toBe(id);
    expect(error.error).toMatchObject({ id: 'self_service_flow_return_to_forbidden', code: 400 });
    expect((await rejection(b.api.getFlowError({ id: '00000000-0000-0000-0000-000000000000' }))).status).toBe(404);
  });
});
