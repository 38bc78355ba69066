import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServer } from '../support/shared-server.js';
import { closeContext, launchBrowser, newContext, screenshot } from '../support/browser.js';
import { signOutFromPage } from '../support/identity.js';
import { newUser, signedInContext } from '../support/session.js';

describe('session', () => {
  const { baseUrl } = sharedServer();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in through the form, lands on return_to and signs out again', async () => {
    const user = newUser();
    const { context: registered } = await signedInContext(browser, baseUrl, user);
    await closeContext(registered);

    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/topology');
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('return_to') === '/topology');
      await page.getByLabel('E-Mail').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();

      await page.waitForURL((url) => url.pathname === '/topology', { timeout: 15_000 });
      // The shell greets the person in the user menu, where signing out lives too.
      await page.getByRole('button', { name: 'User menu' }).click();
      const menu = page.getByRole('menu');
      await menu.getByText(`Hi ${user.first} ${user.last}`).waitFor();
      // A locator's press has a timeout (page.keyboard has none), and the menu is gone before signing out.
      await menu.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      await signOutFromPage(page);
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('return_to') === '/topology', {
        timeout: 15_000,
      });
      const whoami = await context.request.get('/api/auth/whoami');
      expect(whoami.status()).toBe(401);
    } finally {
      await closeContext(context);
    }
  });

  it('shows the wrong password under the form', async () => {
    const { context: registered, user } = await signedInContext(browser, baseUrl);
    await closeContext(registered);
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByLabel('E-Mail').fill(user.email);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('status').filter({ hasText: /credentials are invalid/i }).waitFor({ timeout: 15_000 });
      expect(await page.getByLabel('E-Mail').inputValue()).toBe(user.email);
    } finally {
      await closeContext(context);
    }
  });

  it('shows the profile settings of a signed-in user', async () => {
    const { context } = await signedInContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/profile-settings?return_to=%2Ftopology');
      await page.getByRole('heading', { name: 'Profile Management and Security Settings' }).waitFor();
      await page.getByRole('heading', { name: 'Profile Settings' }).waitFor({ timeout: 15_000 });
      await page.getByRole('heading', { name: 'Change Password' }).waitFor();
      expect(await page.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/topology');
      await screenshot(page, 'profile-settings');
    } finally {
      await closeContext(context);
    }
  });
});
