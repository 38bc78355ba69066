import type { RecoveryFlow, UiContainer } from '@ory/client-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, csrfOf, inputAttributes, nodeNamed, PASSWORD, register, rejection, signIn, uniqueEmail, type Browser, identityOptions } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { codeOf, TestSmtpServer } from '../support/smtp.js';

let server: TestServer;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = new TestSmtpServer();
  server = await startTestServer({ identity: identityOptions({ smtpUrl: await smtp.start(), allowedReturnUrls: ['https://docs.example.com/pharos'] }) });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function requestCode(b: Browser, email: string): Promise<RecoveryFlow> {
  const flow = await b.api.createBrowserRecoveryFlow();
  expect(flow.state).toBe('choose_method');
  const sent = await b.api.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', email, csrf_token: csrfOf(flow) } });
  expect(sent.state).toBe('sent_email');
  expect(sent.ui.messages?.[0]?.id).toBe(1060003);
  return sent;
}

describe('account recovery by e-mail code', () => {
  it('sends a code, signs in with it into a privileged settings flow, and lets the person set a new password', async () => {
    const email = uniqueEmail('recover');
    const first = browser(server);
    await register(first, email);
    await smtp.waitFor(email); // verification mail of the registration

    const b = browser(server);
    const sent = await requestCode(b, email);
    expect(nodeNamed(sent.ui, 'code')?.meta.label).toMatchObject({ id: 1070010, text: 'Recovery code' });
    expect(inputAttributes(nodeNamed(sent.ui, 'email')!)).toMatchObject({ type: 'submit', value: email });
    const mail = await smtp.waitFor(email, (m) => m.subject.startsWith('Recover'));

    const wrong = await rejection(
      b.api.updateRecoveryFlow({ flow: sent.id, updateRecoveryFlowBody: { method: 'code', code: '999999', csrf_token: csrfOf(sent) } }),
    );
    expect(wrong.status).toBe(400);
    expect((wrong.body['ui'] as UiContainer).messages?.[0]).toMatchObject({ id: 4060006 });

    const passed = await rejection(
      b.api.updateRecoveryFlow({ flow: sent.id, updateRecoveryFlowBody: { method: 'code', code: codeOf(mail), csrf_token: csrfOf(sent) } }),
    );
    expect(passed.status).toBe(422);
    expect(passed.body['error']).toMatchObject({ id: 'browser_location_change_required' });
    const target = String(passed.body['redirect_browser_to']);
    expect(target).toMatch(/^\/profile-settings\?flow=[0-9a-f-]{36}$/);
    const recovered = await b.api.getRecoveryFlow({ id: sent.id });
    expect(recovered.state).toBe('passed_challenge');
    expect(recovered.continue_with?.[0]).toMatchObject({ action: 'show_settings_ui' });

    // The recovery session signed the earlier one out.
    expect((await rejection(first.api.toSession())).status).toBe(401);

    const settings = await b.api.getSettingsFlow({ id: new URLSearchParams(target.split('?')[1]).get('flow') ?? '' });
    expect(settings.ui.messages?.[0]?.id).toBe(1060001);
    expect(settings.identity.verifiable_addresses?.[0]?.verified).toBe(true);
    // One of the most common passwords is refused on recovery as on registration.
    const common = await rejection(
      b.api.updateSettingsFlow({ flow: settings.id, updateSettingsFlowBody: { method: 'password', password: 'iloveyou', csrf_token: csrfOf(settings) } }),
    );
    expect(common.status).toBe(400);
    const passwordNode = (common.body['ui'] as UiContainer).nodes.find((node) => (node.attributes as { name?: string }).name === 'password');
    expect(passwordNode?.messages?.[0]).toMatchObject({ id: 4000034 });
    const changed = await b.api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: { method: 'password', password: 'a brand new passphrase', csrf_token: csrfOf(settings) },
    });
    expect(changed.state).toBe('success');
    expect(changed.ui.messages?.[0]?.id).toBe(1050001);

    expect((await signIn(browser(server), email, 'a brand new passphrase')).session.active).toBe(true);
    expect((await rejection(signIn(browser(server), email, PASSWORD))).status).toBe(400);
    // A used code does not work twice.
    const reuse = await rejection(
      b.api.updateRecoveryFlow({ flow: sent.id, updateRecoveryFlowBody: { method: 'code', code: codeOf(mail), csrf_token: csrfOf(sent) } }),
    );
    expect(reuse.status).toBe(400);
  });

  it('answers unknown addresses like known ones but sends nothing', async () => {
    const email = uniqueEmail('unknown');
    const b = browser(server);
    const sent = await requestCode(b, email);
    expect(sent.state).toBe('sent_email');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(email)).toHaveLength(0);
    const guess = await rejection(
      b.api.updateRecoveryFlow({ flow: sent.id, updateRecoveryFlowBody: { method: 'code', code: '123456', csrf_token: csrfOf(sent) } }),
    );
    expect(guess.status).toBe(400);
  });

  it('voids a code after five wrong guesses', async () => {
    const email = uniqueEmail('guess');
    await register(browser(server), email);
    const b = browser(server);
    const sent = await requestCode(b, email);
    const mail = await smtp.waitFor(email, (m) => m.subject.startsWith('Recover'));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await rejection(b.api.updateRecoveryFlow({ flow: sent.id, updateRecoveryFlowBody: { method: 'code', code: '000000', csrf_token: csrfOf(sent) } }));
    }
    const late = await rejection(
      b.api.updateRecoveryFlow({ flow: sent.id, updateRecoveryFlowBody: { method: 'code', code: codeOf(mail), csrf_token: csrfOf(sent) } }),
    );
    expect(late.status).toBe(400);
    expect((late.body['ui'] as UiContainer).messages?.[0]?.id).toBe(4060006);
  });
});

describe('flow rules', () => {
  it('answers an expired flow with 410 self_service_flow_expired and a replacement in use_flow_id', async () => {
    const quick = await startTestServer({ identity: identityOptions() });
    // As if the flow had been opened long ago: its lifespan is over.
    const expire = (id: string) => quick.pool.query("update identity_flows set expires_at = now() - interval '1 second' where id = $1", [id]);
    try {
      const b = browser(quick);
      const flow = await b.api.createBrowserLoginFlow({ returnTo: '/health' });
      await expire(flow.id);
      const expired = await rejection(
        b.api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: 'x@example.com', password: 'whatever1', csrf_token: csrfOf(flow) } }),
      );
      expect(expired.status).toBe(410);
      expect(expired.body['error']).toMatchObject({ id: 'self_service_flow_expired', code: 410 });
      const replacement = String(expired.body['use_flow_id']);
      expect(replacement).not.toBe(flow.id);
      const fresh = await b.api.getLoginFlow({ id: replacement });
      expect(fresh.return_to).toBe('/health');
      const registration = await b.api.createBrowserRegistrationFlow();
      await expire(registration.id);
      const gone = await rejection(b.api.getRegistrationFlow({ id: registration.id }));
      expect(gone.status).toBe(410);
      expect(gone.body['use_flow_id']).toEqual(expect.any(String));
    } finally {
      await quick.close();
    }
  });

  it('refuses a submit whose CSRF token or cookie does not match (403 security_csrf_violation)', async () => {
    const b = browser(server);
    const flow = await b.api.createBrowserLoginFlow();
    const wrongToken = await rejection(
      b.api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: 'a@example.com', password: 'x', csrf_token: 'forged' } }),
    );
    expect(wrongToken.status).toBe(403);
    expect(wrongToken.body['error']).toMatchObject({ id: 'security_csrf_violation', code: 403 });

    // Another browser holding the flow id and even its token, but not its cookie.
    const other = browser(server);
    const stolen = await rejection(
      other.api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: 'a@example.com', password: 'x', csrf_token: csrfOf(flow) } }),
    );
    expect(stolen.status).toBe(403);
    expect(stolen.body['error']).toMatchObject({ id: 'security_csrf_violation' });
    expect((await rejection(other.api.getLoginFlow({ id: flow.id }))).body['error']).toMatchObject({ id: 'security_csrf_violation' });

    // A form post (what a cross-site page could send) is refused the same way.
    const form = await fetch(`${server.url}/api/.ory/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ method: 'password', identifier: 'a@example.com', password: 'x', csrf_token: csrfOf(flow) }).toString(),
    });
    expect(form.status).toBe(403);
  });

  it('accepts form posts from the right browser and redirects them', async () => {
    const email = uniqueEmail('form');
    await register(browser(server), email);
    const b = browser(server);
    const flow = await b.api.createBrowserLoginFlow({ returnTo: '/topology' });
    const response = await b.fetch(`${server.url}/api/.ory/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ method: 'password', identifier: email, password: PASSWORD, csrf_token: csrfOf(flow) }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/topology');
    expect((await b.api.toSession()).identity?.traits).toMatchObject({ email });

    const again = await b.api.createBrowserLoginFlow({ refresh: true });
    const failed = await b.fetch(`${server.url}/api/.ory/self-service/login?flow=${again.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ method: 'password', identifier: email, password: 'wrong password', csrf_token: csrfOf(again) }).toString(),
    });
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe(`/login?flow=${again.id}`);
  });

  it('restricts return_to to Pharos and PHAROS_ALLOWED_RETURN_URLS (400 self_service_flow_return_to_forbidden)', async () => {
    const b = browser(server);
    for (const target of ['https://evil.example.com/', '//evil.example.com/x', 'javascript:alert(1)', 'https://docs.example.com/other']) {
      const refused = await rejection(b.api.createBrowserLoginFlow({ returnTo: target }));
      expect(refused.status, target).toBe(400);
      expect(refused.body['error']).toMatchObject({ id: 'self_service_flow_return_to_forbidden' });
    }
    expect((await rejection(b.api.createBrowserRecoveryFlow({ returnTo: 'https://evil.example.com' }))).status).toBe(400);
    expect((await b.api.createBrowserLoginFlow({ returnTo: '/incidents?status=open' })).return_to).toBe('/incidents?status=open');
    expect((await b.api.createBrowserLoginFlow({ returnTo: `${server.url}/health` })).return_to).toBe(`${server.url}/health`);
    expect((await b.api.createBrowserLoginFlow({ returnTo: 'https://docs.example.com/pharos/guide' })).return_to).toBe(
      'https://docs.example.com/pharos/guide',
    );
  });

  it("keeps a person's settings flow to that person (403 security_identity_mismatch)", async () => {
    const alice = browser(server);
    await register(alice, uniqueEmail('alice'));
    const flow = await alice.api.createBrowserSettingsFlow();
    const bob = browser(server);
    await register(bob, uniqueEmail('bob'));
    // Bob with Alice's flow id, anti-CSRF cookie and token: still not his flow.
    const csrf = alice.jar.get('pharos_csrf')?.value ?? '';
    bob.jar.set('pharos_csrf', csrf);
    const read = await rejection(bob.api.getSettingsFlow({ id: flow.id }));
    expect(read.status).toBe(403);
    expect(read.body['error']).toMatchObject({ id: 'security_identity_mismatch' });
    const write = await rejection(
      bob.api.updateSettingsFlow({ flow: flow.id, updateSettingsFlowBody: { method: 'password', password: 'taken over password', csrf_token: csrfOf(flow) } }),
    );
    expect(write.status).toBe(403);
    // Without a session, settings need a sign-in.
    expect((await rejection(browser(server).api.createBrowserSettingsFlow())).body['error']).toMatchObject({ id: 'session_inactive' });
  });

  it('does not let a logout token end another browser\'s session', async () => {
    const alice = browser(server);
    await register(alice, uniqueEmail('alice-out'));
    const bob = browser(server);
    await register(bob, uniqueEmail('bob-out'));
    const token = (await alice.api.createBrowserLogoutFlow()).logout_token;
    expect((await rejection(bob.api.updateLogoutFlow({ token }))).status).toBe(403);
    expect((await alice.api.toSession()).active).toBe(true);
    expect((await bob.api.toSession()).active).toBe(true);
  });
});
