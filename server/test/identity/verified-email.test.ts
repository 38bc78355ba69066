import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { codeOf, TestSmtpServer } from '../support/smtp.js';
import { browser, csrfOf, identityOptions, register, uniqueEmail, type Browser } from '../support/identity.js';

/**
 * PHAROS_REQUIRE_VERIFIED_EMAIL: someone who registered themselves uses Pharos only once their address
 * is verified (403 session_verified_address_required, sent to /verification); without it, at once.
 */

let smtp: TestSmtpServer;
let requiring: TestServer;
let lenient: TestServer;

beforeAll(async () => {
  smtp = new TestSmtpServer();
  const smtpUrl = await smtp.start();
  requiring = await startTestServer({ identity: identityOptions({ smtpUrl, requireVerifiedEmail: true }) });
  lenient = await startTestServer({ identity: identityOptions({ smtpUrl, requireVerifiedEmail: false }) });
});

afterAll(async () => {
  await requiring?.close();
  await lenient?.close();
  await smtp?.close();
});

const whoami = (server: TestServer, b: Browser) => b.fetch(`${server.url}/api/auth/whoami`);

describe('a person who registered and has not verified their address', () => {
  it('is sent to verify it before using Pharos, and uses it once the code from the mail is entered', async () => {
    const b = browser(requiring);
    const email = uniqueEmail('unverified');
    const { continue_with } = await register(b, email);

    for (const path of ['/api/auth/whoami', '/api/db/incidents?select=id']) {
      const refused = await b.fetch(`${requiring.url}${path}`);
      expect(refused.status, path).toBe(403);
      expect(await refused.json()).toMatchObject({
        code: 'session_verified_address_required',
        message: 'Verify your email address before using Pharos: enter the code sent to it.',
        error: { id: 'session_verified_address_required' },
        redirect_browser_to: '/verification',
      });
    }

    const mail = await smtp.waitFor(email, (m) => m.subject.includes('verify'));
    const shown = continue_with?.find((item) => item.action === 'show_verification_ui');
    const flow = await b.api.getVerificationFlow({ id: shown && 'flow' in shown ? shown.flow.id : '' });
    const verified = await b.api.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'code', code: codeOf(mail), csrf_token: csrfOf(flow) } });
    expect(verified.state).toBe('passed_challenge');
    expect((await whoami(requiring, b)).status).toBe(200);
  });

  it('uses Pharos at once as a viewer when verified addresses are not required', async () => {
    const b = browser(lenient);
    await register(b, uniqueEmail('lenient'));
    expect((await whoami(lenient, b)).status).toBe(200);
  });
});
