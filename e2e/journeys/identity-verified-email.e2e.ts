import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';
import { flowMessages, SLOW, submitSignIn, waitForPath } from '../support/identity.js';
import { codeOf, mailsTo, startMailbox, waitForMail, type Mailbox } from '../support/mailbox.js';
import { startServer, type RunningServer } from '../support/server.js';
import { newUser } from '../support/session.js';

/**
 * A server with SMTP_URL, so PHAROS_REQUIRE_VERIFIED_EMAIL is on by default: a person who registered
 * is sent to verify their address before using Pharos, and uses it once the mailed code is entered. A
 * common password is refused at registration, and a second factor asked for while signed out leads to
 * sign-in first.
 */
describe('identity: a verified address before using Pharos', () => {
  let mailbox: Mailbox;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startServer({ env: { SMTP_URL: mailbox.url, PHAROS_LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
  });

  it('refuses a common password, then sends a new person to verify their address before the app, and back after', async () => {
    const user = newUser();
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    try {
      await page.goto('/registration?return_to=%2Fhealth');
      await page.getByRole('button', { name: 'Sign up' }).waitFor({ timeout: SLOW });
      await page.getByLabel('E-Mail').fill(user.email);
      await page.getByLabel('First Name').fill('Grace');
      await page.getByLabel('Last Name').fill('Hopper');
      await page.getByLabel('Password').fill('password');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByText('The password has been found in data breaches and must no longer be used: it is one of the 10,000 most common passwords.').waitFor({ timeout: SLOW });

      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await waitForPath(page, '/verification');
      await page.getByText(/Your account has been created\. We have sent a verification code to/).waitFor({ timeout: SLOW });

      // Signed in but not verified: the app sends the person to verification, and back once verified.
      await page.goto('/login?return_to=%2Fhealth');
      await submitSignIn(page, user.email, user.password);
      await waitForPath(page, '/verification', { return_to: '/health' });
      await page.getByRole('heading', { name: 'Verify your account' }).waitFor({ timeout: SLOW });
      await screenshot(page, 'identity-verified-email-required');
      const before = (await mailsTo(mailbox.dir, user.email)).length;
      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: 'Submit' }).click();
      await flowMessages(page).getByText(/An email containing a verification code has been sent/).waitFor({ timeout: SLOW });
      const mail = await waitForMail(mailbox.dir, user.email, { skip: before });
      await page.getByLabel('Verification code').fill(codeOf(mail));
      await page.getByRole('button', { name: 'Submit' }).click();
      await flowMessages(page).getByText('You successfully verified your email address.').waitFor({ timeout: SLOW });
      expect(await page.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/health');
      await page.goto('/health');
      await waitForPath(page, '/health');
      expect((await context.request.get('/api/auth/whoami', { headers: { Accept: 'application/json' } })).status()).toBe(200);
    } finally {
      await context.close();
    }
  });

  it('asked for a second factor while signed out, shows the sign-in form first, not the refusal', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    try {
      await page.goto('/login?aal=aal2&return_to=%2Fhealth');
      await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor({ timeout: SLOW });
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: SLOW });
      const url = await waitForPath(page, '/login');
      expect(url.searchParams.get('return_to')).toBe('/login?aal=aal2&return_to=%2Fhealth');
      expect(await page.getByText(/higher AAL/).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
