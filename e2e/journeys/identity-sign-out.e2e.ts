import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServer } from '../support/shared-server.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { signOutFromPage, SLOW, waitForPath, whoamiStatus } from '../support/identity.js';
import { signedInContext } from '../support/session.js';

describe('identity: session cookie and sign-out', () => {
  const { baseUrl } = sharedServer();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps the session in an HttpOnly cookie and ends it on sign-out, landing on sign-in with return_to', async () => {
    const { context } = await signedInContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      const session = (await context.cookies()).find((cookie) => cookie.name === 'pharos_session');
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session?.expires).toBeGreaterThan(Date.now() / 1000);
      const csrf = (await context.cookies()).find((cookie) => cookie.name === 'pharos_csrf');
      expect(csrf?.httpOnly).toBe(true);

      await page.goto('/health');
      await waitForPath(page, '/health');
      expect(await page.evaluate(() => document.cookie)).not.toContain('pharos_session');
      expect(await whoamiStatus(context)).toBe(200);
      await page.getByRole('button', { name: 'User menu' }).or(page.getByRole('button', { name: 'Sign out' })).first().waitFor({ timeout: SLOW });
      await screenshot(page, 'identity-signed-in');

      await signOutFromPage(page);
      await waitForPath(page, '/login', { return_to: '/health' });
      await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor({ timeout: SLOW });
      expect(await whoamiStatus(context)).toBe(401);
      expect((await context.cookies()).some((cookie) => cookie.name === 'pharos_session')).toBe(false);

      // The session is over on the server too: its old cookie no longer signs anyone in.
      if (session) await context.addCookies([session]);
      expect(await whoamiStatus(context)).toBe(401);
    } finally {
      await context.close();
    }
  });
});
