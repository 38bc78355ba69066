import type { SettingsFlow, UiContainer, UiNodeImageAttributes, UiNodeInputAttributes, UiNodeTextAttributes, UiText } from '@ory/client-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, csrfOf, inputAttributes, nodeNamed, PASSWORD, register, rejection, signIn, totpCode, uniqueEmail, type Browser, identityOptions } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { SoftwareAuthenticator } from '../support/webauthn.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ identity: identityOptions() });
});

afterAll(async () => {
  await server?.close();
});

function textOf(ui: UiContainer, id: string): UiText {
  const node = nodeNamed(ui, id);
  if (!node || node.attributes.node_type !== 'text') throw new Error(`no text node ${id}`);
  return (node.attributes as UiNodeTextAttributes).text;
}

function secretsOf(ui: UiContainer): UiText[] {
  const list = textOf(ui, 'lookup_secret_codes');
  expect(list.id).toBe(1050015);
  return (list.context as { secrets: UiText[] }).secrets;
}

/** Registers, then links an authenticator app in settings; returns its secret. */
async function enrolTotp(b: Browser): Promise<string> {
  const settings = await b.api.createBrowserSettingsFlow();
  const secret = (textOf(settings.ui, 'totp_secret_key').context as { secret: string }).secret;
  const linked = await b.api.updateSettingsFlow({
    flow: settings.id,
    updateSettingsFlowBody: { method: 'totp', totp_code: totpCode(secret), csrf_token: csrfOf(settings) },
  });
  expect(linked.state).toBe('success');
  return secret;
}

/** Signs in with the password (which then asks for the second factor) and opens the AAL2 flow. */
async function firstFactor(email: string): Promise<{ b: Browser; flow: Awaited<ReturnType<Browser['api']['createBrowserLoginFlow']>> }> {
  const b = browser(server);
  const failure = await rejection(signIn(b, email));
  expect(failure.status).toBe(422);
  expect(failure.body['error']).toMatchObject({ id: 'browser_location_change_required' });
  expect(failure.body['redirect_browser_to']).toBe('/login?aal=aal2');
  const flow = await b.api.createBrowserLoginFlow({ aal: 'aal2' });
  return { b, flow };
}

describe('TOTP', () => {
  it('shows a QR code and the secret, links with a code, then requires it at sign-in (AAL2)', async () => {
    const email = uniqueEmail('totp');
    const owner = browser(server);
    await register(owner, email);
    const settings = await owner.api.createBrowserSettingsFlow();
    expect(settings.state).toBe('show_form');
    expect(settings.identity.traits).toMatchObject({ email });
    const qr = nodeNamed(settings.ui, 'totp_qr');
    expect(qr?.group).toBe('totp');
    expect((qr?.attributes as UiNodeImageAttributes).src).toMatch(/^data:image\/png;base64,/);
    expect(qr?.meta.label?.id).toBe(1050005);
    const secretText = textOf(settings.ui, 'totp_secret_key');
    expect(secretText.id).toBe(1050006);
    expect(nodeNamed(settings.ui, 'totp_secret_key')?.meta.label?.id).toBe(1050017);
    expect(inputAttributes(nodeNamed(settings.ui, 'totp_code')!)).toMatchObject({ type: 'text', required: true });

    const wrong = await rejection(
      owner.api.updateSettingsFlow({ flow: settings.id, updateSettingsFlowBody: { method: 'totp', totp_code: '000000', csrf_token: csrfOf(settings) } }),
    );
    expect(wrong.status).toBe(400);

    const secret = (secretText.context as { secret: string }).secret;
    const linked = await owner.api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: { method: 'totp', totp_code: totpCode(secret), csrf_token: csrfOf(settings) },
    });
    expect(linked.state).toBe('success');
    expect(linked.ui.messages).toEqual([{ id: 1050001, text: 'Your changes have been saved!', type: 'success' }]);
    expect(nodeNamed(linked.ui, 'totp_unlink')?.meta.label?.id).toBe(1050004);
    expect(nodeNamed(linked.ui, 'totp_qr')).toBeUndefined();
    // Proving the code raised the session that linked it; it keeps working.
    expect((await owner.api.toSession()).authenticator_assurance_level).toBe('aal2');

    const { b, flow } = await firstFactor(email);
    expect(flow.requested_aal).toBe('aal2');
    expect(flow.ui.messages?.[0]?.id).toBe(1010004);
    expect(nodeNamed(flow.ui, 'totp_code')?.meta.label).toMatchObject({ id: 1010006, text: 'Authentication code' });
    expect(inputAttributes(nodeNamed(flow.ui, 'method', 'totp')!)?.value).toBe('totp');
    expect(nodeNamed(flow.ui, 'password')).toBeUndefined();

    const bad = await rejection(
      b.api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'totp', totp_code: '123456', csrf_token: csrfOf(flow) } }),
    );
    expect(bad.status).toBe(400);
    const badNode = (bad.body['ui'] as UiContainer).nodes.find((node) => (node.attributes as UiNodeInputAttributes).name === 'totp_code');
    expect(badNode?.messages[0]).toMatchObject({ id: 4000008 });

    // The step used to link is spent: the next one is accepted.
    const done = await b.api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: 'totp', totp_code: totpCode(secret, 1), csrf_token: csrfOf(flow) },
    });
    expect(done.session.authenticator_assurance_level).toBe('aal2');
    expect(done.session.authentication_methods?.map((m) => m.method)).toEqual(['password', 'totp']);
    expect((await b.api.toSession()).authenticator_assurance_level).toBe('aal2');
    expect((await b.fetch(`${server.url}/api/auth/whoami`)).status).toBe(200);
    expect((await rejection(b.api.createBrowserLoginFlow({ aal: 'aal2' }))).body['error']).toMatchObject({ id: 'session_already_available' });
  });

  it('requires AAL2 on whoami and on the API for a session with only the password', async () => {
    const email = uniqueEmail('aal2');
    const owner = browser(server);
    await register(owner, email);
    await enrolTotp(owner);
    const { b } = await firstFactor(email);
    const whoami = await rejection(b.api.toSession());
    expect(whoami.status).toBe(403);
    expect(whoami.body['error']).toMatchObject({ id: 'session_aal2_required', code: 403 });
    expect(whoami.body['redirect_browser_to']).toMatch(/^\/login\?aal=aal2/);
    for (const path of ['/api/auth/whoami', '/api/db/people?select=id&limit=1']) {
      const response = await b.fetch(`${server.url}${path}`);
      expect(response.status).toBe(403);
      const body = (await response.json()) as { error: { id: string }; redirect_browser_to: string };
      expect(body.error.id).toBe('session_aal2_required');
      expect(body.redirect_browser_to).toMatch(/^\/login\?aal=aal2/);
    }
    const settings = await rejection(b.api.createBrowserSettingsFlow());
    expect(settings.status).toBe(403);
    expect(settings.body['redirect_browser_to']).toBe('/login?aal=aal2&return_to=%2Fprofile-settings');
    // Without any session, an AAL2 flow cannot start: sign in first, then come back for the second factor.
    const signedOut = await rejection(browser(server).api.createBrowserLoginFlow({ aal: 'aal2', returnTo: '/health' }));
    expect(signedOut.body['error']).toMatchObject({ id: 'session_aal1_required' });
    expect(signedOut.body['redirect_browser_to']).toBe(`/login?return_to=${encodeURIComponent('/login?aal=aal2&return_to=%2Fhealth')}`);
  });
});

describe('lookup secrets (backup recovery codes)', () => {
  it('generates 12 codes, stores them on confirm, accepts each once, and never shows them again', async () => {
    const email = uniqueEmail('lookup');
    const owner = browser(server);
    await register(owner, email);
    const settings = await owner.api.createBrowserSettingsFlow();
    expect(nodeNamed(settings.ui, 'lookup_secret_regenerate')?.meta.label?.id).toBe(1050008);
    expect(nodeNamed(settings.ui, 'lookup_secret_reveal')).toBeUndefined();

    const generated = await owner.api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: { method: 'lookup_secret', lookup_secret_regenerate: true, csrf_token: csrfOf(settings) },
    });
    const secrets = secretsOf(generated.ui);
    expect(secrets).toHaveLength(12);
    expect(secrets.every((secret) => secret.id === 1050009 && /^[a-z0-9]{8}$/.test(secret.text))).toBe(true);
    expect(nodeNamed(generated.ui, 'lookup_secret_codes')?.meta.label?.id).toBe(1050010);
    expect(nodeNamed(generated.ui, 'lookup_secret_confirm')?.meta.label?.id).toBe(1050011);
    // Not stored until confirmed.
    const before = await server.pool.query("select 1 from identity_credentials where type = 'lookup_secret' and identity_id = $1", [
      generated.identity.id,
    ]);
    expect(before.rowCount).toBe(0);

    const confirmed = await owner.api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: { method: 'lookup_secret', lookup_secret_confirm: true, csrf_token: csrfOf(settings) },
    });
    expect(confirmed.state).toBe('success');
    expect(confirmed.ui.messages?.[0]?.id).toBe(1050001);
    // Stored as digests: there is nothing to reveal later, only new codes to generate.
    expect(nodeNamed(confirmed.ui, 'lookup_secret_reveal')).toBeUndefined();
    expect(nodeNamed(confirmed.ui, 'lookup_secret_codes')).toBeUndefined();
    expect(nodeNamed(confirmed.ui, 'lookup_secret_disable')?.meta.label?.id).toBe(1050016);

    const code = secrets[0]!.text;
    const first = await firstFactor(email);
    expect(nodeNamed(first.flow.ui, 'lookup_secret')?.meta.label).toMatchObject({ id: 1010007, text: 'Backup recovery code' });
    expect(nodeNamed(first.flow.ui, 'totp_code')).toBeUndefined();
    const used = await first.b.api.updateLoginFlow({
      flow: first.flow.id,
      updateLoginFlowBody: { method: 'lookup_secret', lookup_secret: code, csrf_token: csrfOf(first.flow) },
    });
    expect(used.session.authenticator_assurance_level).toBe('aal2');

    const second = await firstFactor(email);
    const again = await rejection(
      second.b.api.updateLoginFlow({
        flow: second.flow.id,
        updateLoginFlowBody: { method: 'lookup_secret', lookup_secret: code, csrf_token: csrfOf(second.flow) },
      }),
    );
    expect(again.status).toBe(400);
    const node = (again.body['ui'] as UiContainer).nodes.find((n) => (n.attributes as UiNodeInputAttributes).name === 'lookup_secret');
    expect(node?.messages[0]).toMatchObject({ id: 4000012, text: 'This backup recovery code has already been used.' });
    const invalid = await rejection(
      second.b.api.updateLoginFlow({
        flow: second.flow.id,
        updateLoginFlowBody: { method: 'lookup_secret', lookup_secret: 'zzzzzzzz', csrf_token: csrfOf(second.flow) },
      }),
    );
    expect((invalid.body['ui'] as UiContainer).nodes.find((n) => (n.attributes as UiNodeInputAttributes).name === 'lookup_secret')?.messages[0]).toMatchObject({
      id: 4000016,
    });

    const view = await first.b.api.createBrowserSettingsFlow();
    expect(nodeNamed(view.ui, 'lookup_secret_codes')).toBeUndefined();

    const disabled = await first.b.api.updateSettingsFlow({
      flow: view.id,
      updateSettingsFlowBody: { method: 'lookup_secret', lookup_secret_disable: true, csrf_token: csrfOf(view) },
    });
    expect(disabled.state).toBe('success');
    expect(nodeNamed(disabled.ui, 'lookup_secret_reveal')).toBeUndefined();
  });
});

describe('WebAuthn security keys', () => {
  it('offers registration options, registers a software key and signs in with it as the second factor', async () => {
    const email = uniqueEmail('webauthn');
    const owner = browser(server);
    await register(owner, email);
    const settings: SettingsFlow = await owner.api.createBrowserSettingsFlow();
    const trigger = inputAttributes(nodeNamed(settings.ui, 'webauthn_register_trigger')!);
    expect(trigger).toMatchObject({ type: 'button', onclickTrigger: 'oryWebAuthnRegistration' });
    expect(nodeNamed(settings.ui, 'webauthn_register_trigger')?.meta.label?.id).toBe(1050012);
    expect(inputAttributes(nodeNamed(settings.ui, 'webauthn_register')!)?.type).toBe('hidden');
    expect(nodeNamed(settings.ui, 'webauthn_register_displayname')?.meta.label?.id).toBe(1050013);
    const options = JSON.parse(String(trigger?.value)) as Parameters<SoftwareAuthenticator['register']>[0] & {
      publicKey: { rp: { id: string; name: string }; user: { name: string }; pubKeyCredParams: unknown[] };
    };
    expect(options.publicKey.rp).toEqual({ id: '127.0.0.1', name: 'Pharos' });
    expect(options.publicKey.user.name).toBe(email);
    expect(options.publicKey.challenge).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(options.publicKey.pubKeyCredParams.length).toBeGreaterThan(0);

    const key = new SoftwareAuthenticator(server.url, '127.0.0.1');
    const registered = await owner.api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: {
        method: 'webauthn',
        webauthn_register: key.register(options),
        webauthn_register_displayname: 'Desk key',
        csrf_token: csrfOf(settings),
      },
    });
    expect(registered.state).toBe('success');
    const remove = nodeNamed(registered.ui, 'webauthn_remove');
    expect(remove?.meta.label).toMatchObject({ id: 1050018, text: 'Remove security key "Desk key"' });

    const { b, flow } = await firstFactor(email);
    const loginTrigger = inputAttributes(nodeNamed(flow.ui, 'webauthn_login_trigger')!);
    expect(loginTrigger).toMatchObject({ type: 'button', onclickTrigger: 'oryWebAuthnLogin' });
    expect(inputAttributes(nodeNamed(flow.ui, 'webauthn_login')!)?.type).toBe('hidden');
    const request = JSON.parse(String(loginTrigger?.value)) as Parameters<SoftwareAuthenticator['authenticate']>[0];
    expect(request.publicKey.allowCredentials?.map((c) => c.id)).toEqual([String(remove && inputAttributes(remove)?.value)]);

    const tampered = await rejection(
      b.api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'webauthn', identifier: email, webauthn_login: key.authenticate(request, true), csrf_token: csrfOf(flow) } }),
    );
    expect(tampered.status).toBe(400);
    const done = await b.api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: 'webauthn', identifier: email, webauthn_login: key.authenticate(request), csrf_token: csrfOf(flow) },
    });
    expect(done.session.authenticator_assurance_level).toBe('aal2');
    expect(done.session.authentication_methods?.map((m) => m.method)).toEqual(['password', 'webauthn']);
  });
});

describe('privileged settings', () => {
  it('asks for a fresh sign-in (session_refresh_required) after the privileged window, then accepts the change', async () => {
    const short = await startTestServer({ identity: identityOptions({ privilegedSessionMaxAgeMs: 60_000 }) });
    try {
      const email = uniqueEmail('refresh');
      const b = browser(short);
      await register(b, email);
      const other = browser(short);
      await signIn(other, email);
      // As if both sign-ins were two minutes ago, past the privileged window.
      await short.pool.query(
        "update identity_sessions set authenticated_at = authenticated_at - interval '2 minutes' where identity_id = (select id from identities where traits->>'email' = $1)",
        [email],
      );
      const settings = await b.api.createBrowserSettingsFlow({ returnTo: '/health' });

      const refused = await rejection(
        b.api.updateSettingsFlow({ flow: settings.id, updateSettingsFlowBody: { method: 'password', password: 'another good password', csrf_token: csrfOf(settings) } }),
      );
      expect(refused.status).toBe(403);
      expect(refused.body['error']).toMatchObject({ id: 'session_refresh_required', code: 403 });
      expect(refused.body['redirect_browser_to']).toBe(`/login?refresh=true&return_to=${encodeURIComponent(`/profile-settings?flow=${settings.id}`)}`);

      // A name change is not privileged.
      const renamed = await b.api.updateSettingsFlow({
        flow: settings.id,
        updateSettingsFlowBody: { method: 'profile', traits: { email, name: { first: 'Renamed', last: 'Person' } }, csrf_token: csrfOf(settings) },
      });
      expect(renamed.state).toBe('success');
      expect(renamed.identity.traits).toMatchObject({ name: { first: 'Renamed', last: 'Person' } });
      const person = await short.pool.query<{ name: string }>('select name from people where id = $1', [renamed.identity.id]);
      expect(person.rows[0]?.name).toBe('Renamed Person');
      // An email change is.
      const email2 = await rejection(
        b.api.updateSettingsFlow({ flow: settings.id, updateSettingsFlowBody: { method: 'profile', traits: { email: uniqueEmail() }, csrf_token: csrfOf(settings) } }),
      );
      expect(email2.body['error']).toMatchObject({ id: 'session_refresh_required' });

      await signIn(b, email, PASSWORD, { refresh: true });
      const flow = await b.api.getSettingsFlow({ id: settings.id });
      const changed = await b.api.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: { method: 'password', password: 'another good password', csrf_token: csrfOf(flow) },
      });
      expect(changed.state).toBe('success');
      expect(changed.continue_with?.find((item) => item.action === 'redirect_browser_to')).toMatchObject({ redirect_browser_to: '/health' });
      // Other sessions end with a password change; the new password works.
      expect((await rejection(other.api.toSession())).status).toBe(401);
      expect((await signIn(browser(short), email, 'another good password')).session.active).toBe(true);
      expect((await rejection(signIn(browser(short), email, PASSWORD))).status).toBe(400);
    } finally {
      await short.close();
    }
  });

  it('a new email waits for verification: mailed a code, it is not the sign-in email yet', async () => {
    const b = browser(server);
    const email = uniqueEmail('change');
    await register(b, email);
    const settings = await b.api.createBrowserSettingsFlow();
    const next = uniqueEmail('changed');
    const changed = await b.api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: { method: 'profile', traits: { email: next, name: { first: 'A', last: 'B' } }, csrf_token: csrfOf(settings) },
    });
    expect(changed.state).toBe('success');
    expect(changed.identity.traits).toMatchObject({ email });
    expect(changed.identity.verifiable_addresses).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: email }), expect.objectContaining({ value: next, verified: false })]),
    );
    expect(changed.continue_with?.find((item) => item.action === 'show_verification_ui')).toBeDefined();
    const mail = await server.pool.query('select 1 from courier_messages where recipient = $1', [next]);
    expect(mail.rowCount).toBe(1);
    expect((await rejection(signIn(browser(server), next))).status).toBe(400);
    expect((await signIn(browser(server), email)).session.active).toBe(true);
  });
});
