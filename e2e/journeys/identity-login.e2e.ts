import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServer } from '../support/shared-server.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';
import {
  expectTitle,
  flowMessages,
  oryWhoami,
  registeredUser,
  SLOW,
  submitSignIn,
  waitForPath,
  whoamiStatus,
} from '../support/identity.js';
import { signedInContext } from '../support/session.js';

const INVALID_CREDENTIALS =
  'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.';

/** Submits the sign-in form and waits until the answer is shown (the form is rebuilt from it). */
async function failedAttempt(page: Page, email: string, password: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/.ory/self-service/login',
    { timeout: SLOW },
  );
  await submitSignIn(page, email, password);
  expect((await answered).status()).toBe(400);
  await expect.poll(() => page.getByLabel('Password').inputValue(), { timeout: SLOW }).toBe('');
}

describe('identity: sign-in', () => {
  const { baseUrl } = sharedServer();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the sign-in screen, refuses a wrong password, and links to recovery', async () => {
    const user = await registeredUser(browser, baseUrl);
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor({ timeout: SLOW });
      await expectTitle(page, 'Sign In');
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: SLOW });
      await screenshot(page, 'identity-login');

      // Validation is the server's: an empty form comes back with a message beneath each field.
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Property identifier is missing.').waitFor({ timeout: SLOW });
      await page.getByText('Property password is missing.').waitFor();
      expect(await page.getByLabel('E-Mail').getAttribute('aria-invalid')).toBe('true');

      await submitSignIn(page, user.email, 'not the password');
      await flowMessages(page).getByText(INVALID_CREDENTIALS).waitFor({ timeout: SLOW });
      expect(await page.getByLabel('E-Mail').inputValue()).toBe(user.email);
      expect(await whoamiStatus(context)).toBe(401);
      await screenshot(page, 'identity-login-invalid');

      await page.getByRole('link', { name: 'Reset password' }).click();
      await waitForPath(page, '/recovery');
      await page.getByRole('heading', { name: 'Recover account' }).waitFor({ timeout: SLOW });
    } finally {
      await context.close();
    }
  });

  it('signs in and lands on return_to', async () => {
    const user = await registeredUser(browser, baseUrl);
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/login?return_to=%2Fhealth%3Ftab%3Dchecks');
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: SLOW });
      await waitForPath(page, '/login', { return_to: '/health?tab=checks' });
      let submissions = 0;
      // The answer is held back a moment, long enough to see the submission in flight.
      await page.route(
        (url) => url.pathname === '/api/.ory/self-service/login',
        async (route) => {
          if (route.request().method() === 'POST') {
            submissions += 1;
            await new Promise((resolve) => setTimeout(resolve, 1_000));
          }
          await route.continue();
        },
      );
      await page.getByLabel('E-Mail').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      const button = page.getByRole('button', { name: 'Sign in', exact: true });
      // A second click while the first submission is in flight is ignored; the button shows a spinner.
      await button.dblclick();
      expect(await button.getAttribute('aria-busy')).toBe('true');
      await waitForPath(page, '/health', { tab: 'checks' });
      expect(await whoamiStatus(context)).toBe(200);
      expect(submissions).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('asks a signed-in person to confirm the action with refresh=true', async () => {
    const { context, user } = await signedInContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      const before = await oryWhoami(context);
      await page.goto('/login?refresh=true&return_to=%2Fprofile-settings');
      await page.getByRole('heading', { name: 'Confirm Action' }).waitFor({ timeout: SLOW });
      await flowMessages(page).getByText('Please confirm this action by verifying that it is you.').waitFor({ timeout: SLOW });
      // Only the password is asked: the identifier is the signed-in person's.
      expect(await page.locator('input[name=identifier]').getAttribute('type')).toBe('hidden');
      expect(await page.locator('input[name=identifier]').inputValue()).toBe(user.email);
      await screenshot(page, 'identity-login-refresh');

      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await waitForPath(page, '/profile-settings');
      await page.getByRole('heading', { name: 'Profile Management and Security Settings' }).waitFor({ timeout: SLOW });
      const after = await oryWhoami(context);
      expect(after).not.toBeNull();
      expect(after?.identity.traits.email).toBe(before?.identity.traits.email);
    } finally {
      await context.close();
    }
  });

  it('signs in with identifier and password handed over in the query', async () => {
    const user = await registeredUser(browser, baseUrl);
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    try {
      const query = new URLSearchParams({ identifier: user.email, password: user.password, return_to: '/health' });
      await page.goto(`/login?${query.toString()}`);
      await waitForPath(page, '/health');
      expect(await whoamiStatus(context)).toBe(200);
      // The password is taken out of the address once read, and does not come back.
      const cleaned = addresses.findIndex((address) => !address.includes('password='));
      expect(cleaned).toBeGreaterThan(0);
      expect(addresses.slice(cleaned).filter((address) => address.includes('password='))).toEqual([]);
      expect(new URL(addresses[cleaned] ?? '').pathname).toBe('/login');
    } finally {
      await context.close();
    }
  });

  it('sends a signed-in person away from sign-in and registration', async () => {
    const { context } = await signedInContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await waitForPath(page, '/topology');
      await page.goto('/registration');
      await waitForPath(page, '/topology');
      expect(await whoamiStatus(context)).toBe(200);
    } finally {
      await context.close();
    }
  });

  it('refuses further attempts after repeated failures, even with the right password', async () => {
    const user = await registeredUser(browser, baseUrl);
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: SLOW });
      for (let attempt = 1; attempt <= 5; attempt += 1) await failedAttempt(page, user.email, `wrong password ${attempt}`);
      await flowMessages(page).getByText(INVALID_CREDENTIALS).waitFor();

      await failedAttempt(page, user.email, user.password);
      await flowMessages(page).getByText(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/).waitFor({ timeout: SLOW });
      expect(await flowMessages(page).getByText(INVALID_CREDENTIALS).count()).toBe(0);
      expect(await whoamiStatus(context)).toBe(401);
      await screenshot(page, 'identity-login-rate-limited');
    } finally {
      await context.close();
    }
  });
});
