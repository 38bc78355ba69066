import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServer } from '../support/shared-server.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';

describe('sign-in', () => {
  const { baseUrl } = sharedServer();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a visitor of / to the sign-in page, which shows the form of a flow', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/');
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('return_to')).toBe('/');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Sign In to your account' }).count(), { timeout: 15_000 })
        .toBe(1);

      // The form comes from the identity service's flow, whose id lands in the address.
      await page.waitForURL((url) => url.searchParams.has('flow'), { timeout: 15_000 });
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 15_000 });
      expect(await page.locator('input[name=csrf_token]').count()).toBe(1);
      expect(await page.locator('input[name=identifier]').count()).toBe(1);
      expect(await page.locator('input[name=password]').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Reset password' }).getAttribute('href')).toBe('/recovery');

      await screenshot(page, 'login');
    } finally {
      await context.close();
    }
  });

  it('follows the system colour scheme', async () => {
    const context = await newContext(browser, baseUrl, { colorScheme: 'dark' });
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 15_000 });
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe('rgb(13, 17, 23)');
      await screenshot(page, 'login-dark');
    } finally {
      await context.close();
    }
  });
});
