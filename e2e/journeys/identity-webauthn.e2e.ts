import type { Browser, CDPSession } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServer } from '../support/shared-server.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import {
  flowMessages,
  oryWhoami,
  settingsSection,
  signOutFromPage,
  SLOW,
  submitSignIn,
  waitForPath,
  whoamiStatus,
} from '../support/identity.js';
import { signedInContext } from '../support/session.js';

interface Credential {
  credentialId: string;
  signCount: number;
}

async function credentialsOf(cdp: CDPSession, authenticatorId: string): Promise<Credential[]> {
  const { credentials } = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as { credentials: Credential[] };
  return credentials;
}

describe('identity: security keys', () => {
  // WebAuthn refuses IP addresses as relying party: the browser uses the loopback name.
  const baseUrl = sharedServer().baseUrl.replace('://127.0.0.1:', '://localhost:');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers a security key and completes the second factor with it at the next sign-in', async () => {
    const { context, user } = await signedInContext(browser, baseUrl);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    try {
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'usb', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      });

      await page.goto('/profile-settings');
      const keys = settingsSection(page, 'Manage Hardware Tokens and Biometrics');
      await keys.getByRole('button', { name: 'Add security key' }).waitFor({ timeout: SLOW });
      await keys.getByRole('textbox', { name: 'Name of the security key' }).fill('Virtual key');
      await keys.getByRole('button', { name: 'Add security key' }).click();
      await flowMessages(page).getByText('Your changes have been saved!').waitFor({ timeout: SLOW });
      await keys.getByRole('button', { name: 'Remove security key "Virtual key"' }).waitFor({ timeout: SLOW });
      expect(await credentialsOf(cdp, authenticatorId)).toHaveLength(1);
      await screenshot(page, 'identity-settings-webauthn');

      await page.goto('/topology');
      await signOutFromPage(page);
      await waitForPath(page, '/login', { return_to: '/topology' });
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: SLOW });
      await submitSignIn(page, user.email, user.password);
      await waitForPath(page, '/login', { aal: 'aal2', return_to: '/topology' });
      await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor({ timeout: SLOW });
      const useKey = page.getByRole('button', { name: 'Use security key' });
      await useKey.waitFor({ timeout: SLOW });
      expect(await whoamiStatus(context)).not.toBe(200);
      await screenshot(page, 'identity-login-webauthn');

      await useKey.click();
      await waitForPath(page, '/topology');
      const session = await oryWhoami(context);
      expect(session?.authenticator_assurance_level).toBe('aal2');
      expect(session?.authentication_methods.map((method) => method.method)).toEqual(['password', 'webauthn']);
      const [credential] = await credentialsOf(cdp, authenticatorId);
      expect(credential?.signCount).toBeGreaterThan(0);
    } finally {
      await cdp.detach().catch(() => undefined);
      await context.close();
    }
  });
});
