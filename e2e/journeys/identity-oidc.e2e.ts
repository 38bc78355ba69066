import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CLIENT, TestOidcProvider } from '../../server/test/support/oidc-provider.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';
import { oryWhoami, SLOW, waitForPath } from '../support/identity.js';
import { startServer, type RunningServer } from '../support/server.js';

/**
 * Single sign-on: a server configured with an OpenID Connect provider on loopback (panva's
 * oidc-provider with its development login and consent pages) and with the password form off.
 */
describe('identity: single sign-on with an OpenID Connect provider', () => {
  let provider: TestOidcProvider;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    provider = new TestOidcProvider();
    const issuer = await provider.listen();
    server = await startServer({
      env: {
        PHAROS_OIDC_ISSUER: issuer,
        PHAROS_OIDC_CLIENT_ID: TEST_CLIENT.id,
        PHAROS_OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
        PHAROS_OIDC_ROLE_MAP: 'ops-admins=admin,sre=responder',
        PHAROS_OIDC_NAME: 'Keycloak',
        PHAROS_PASSWORD_LOGIN: 'off',
      },
    });
    await provider.start([`${server.url}/api/auth/oidc/callback`]);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.close();
  });

  it("shows 'Sign in with Keycloak' alone, signs in at the provider and lands signed in with the mapped role", async () => {
    provider.add({ sub: 'grace', email: 'grace@example.com', name: 'Grace Hopper', groups: ['sre'] });
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    try {
      await page.goto('/login?return_to=%2Fhealth');
      const button = page.getByRole('button', { name: 'Sign in with Keycloak' });
      await button.waitFor({ timeout: SLOW });
      expect(await page.getByLabel('Password').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Reset password' }).count()).toBe(0);
      // Registration makes password accounts: closed, so the page offers no 'Create account'.
      expect(((await (await context.request.get('/api/about')).json()) as { registration: string }).registration).toBe('invite');
      expect(await page.getByRole('link', { name: 'Create account' }).count()).toBe(0);
      await screenshot(page, 'identity-oidc-login');

      await button.click();
      await page.waitForURL((url) => url.origin === provider.issuer, { timeout: SLOW });
      await page.locator('input[name="login"]').fill('grace');
      await page.locator('input[name="password"]').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click({ timeout: SLOW });

      await waitForPath(page, '/health');
      const session = await oryWhoami(context);
      expect(session?.identity.traits).toEqual({ email: 'grace@example.com', name: { first: 'Grace', last: 'Hopper' } });
      expect(session?.authentication_methods.map((method) => method.method)).toEqual(['oidc']);
      const whoami = await context.request.get('/api/auth/whoami');
      expect(((await whoami.json()) as { user: { roles: string[] } }).user.roles).toEqual(['responder']);
      await screenshot(page, 'identity-oidc-signed-in');

      // Signed in through the provider alone: it shows as linked, with no password to change.
      await page.goto('/profile-settings');
      await page.getByText('Manage Social Sign In').waitFor({ timeout: SLOW });
      await page.getByRole('button', { name: 'Unlink Keycloak' }).waitFor({ timeout: SLOW });
      expect(await page.getByText('Change Password').count()).toBe(0);
      await screenshot(page, 'identity-oidc-settings');
    } finally {
      await context.close();
    }
  });
});
