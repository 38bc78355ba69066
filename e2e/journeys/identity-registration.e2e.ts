import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServer } from '../support/shared-server.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';
import {
  colourOf,
  expectTitle,
  flowMessages,
  isRed,
  oryWhoami,
  registeredUser,
  SLOW,
  submitSignIn,
  waitForPath,
  whoamiStatus,
} from '../support/identity.js';
import { query } from '../support/database.js';
import { codeOf, mailsTo, waitForMail } from '../support/mailbox.js';
import { newUser, signedInContext } from '../support/session.js';

/** The messages shown beneath a field (linked to it by aria-describedby). */
async function messagesOf(field: Locator): Promise<Locator> {
  const id = await field.getAttribute('aria-describedby');
  if (!id) throw new Error('The field has no messages');
  return field.page().locator(`[id="${id}"]`);
}

describe('identity: registration and verification', () => {
  const { baseUrl, mailDir, databaseUrl } = sharedServer();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers a new person, who is sent on to return_to, signs in there and lands on it', async () => {
    const user = newUser();
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/registration?return_to=%2Fhealth');
      await page.getByRole('heading', { name: 'Create account' }).waitFor({ timeout: SLOW });
      await expectTitle(page, 'Register');
      expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
      await page.getByRole('button', { name: 'Sign up' }).waitFor({ timeout: SLOW });
      await waitForPath(page, '/registration', { return_to: '/health' });
      expect(new URL(page.url()).searchParams.get('flow')).toMatch(/^[0-9a-f-]{36}$/);
      await screenshot(page, 'identity-registration');

      await page.getByLabel('E-Mail').fill(user.email);
      await page.getByLabel('First Name').fill('Grace');
      await page.getByLabel('Last Name').fill('Hopper');
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign up' }).click();

      // Registering signs nobody in (a taken address would answer just the same): the person is told the
      // account exists and a code is on its way, on the verification form.
      await waitForPath(page, '/verification');
      await page.getByText(`Your account has been created. We have sent a verification code to ${user.email}: enter it here to verify your address, then sign in.`).waitFor({ timeout: SLOW });
      expect(await whoamiStatus(context)).toBe(401);
      await page.goto('/login?return_to=%2Fhealth');
      expect(await page.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/registration');
      await submitSignIn(page, user.email, user.password);
      await waitForPath(page, '/health');
      expect(await whoamiStatus(context)).toBe(200);
      const session = await oryWhoami(context);
      expect(session?.identity.traits).toEqual({ email: user.email, name: { first: 'Grace', last: 'Hopper' } });
      expect(session?.identity.verifiable_addresses[0]).toMatchObject({ value: user.email, verified: false });
      // The registration mails a verification code to the new address.
      const mail = await waitForMail(mailDir, user.email, { subject: /verify/i });
      expect(codeOf(mail)).toMatch(/^\d{6}$/);
    } finally {
      await context.close();
    }
  });

  it('shows a password that is too short beneath its field in red, and answers a taken address as a free one', async () => {
    const taken = await registeredUser(browser, baseUrl);
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/registration');
      await page.getByRole('button', { name: 'Sign up' }).waitFor({ timeout: SLOW });
      const email = `e2e-short-${Date.now()}@example.com`;
      await page.getByLabel('E-Mail').fill(email);
      await page.getByLabel('Password').fill('short');
      await page.getByRole('button', { name: 'Sign up' }).click();

      const password = page.getByLabel('Password');
      const message = page.getByText('The password must be at least 8 characters long, but got 5.');
      await message.waitFor({ timeout: SLOW });
      expect(await password.getAttribute('aria-invalid')).toBe('true');
      expect(await (await messagesOf(password)).textContent()).toBe('The password must be at least 8 characters long, but got 5.');
      expect(isRed(await colourOf(message))).toBe(true);
      const fieldBox = await password.boundingBox();
      const messageBox = await message.boundingBox();
      expect(messageBox && fieldBox && messageBox.y >= fieldBox.y + fieldBox.height).toBe(true);
      // The answer keeps what was typed (except the password) and nothing was created.
      expect(await page.getByLabel('E-Mail').inputValue()).toBe(email);
      expect(await whoamiStatus(context)).toBe(401);
      await screenshot(page, 'identity-registration-invalid');

      await page.getByLabel('E-Mail').fill(taken.email);
      await page.getByLabel('Password').fill('a long enough passphrase');
      await page.getByRole('button', { name: 'Sign up' }).click();
      // Nothing tells that the address has an account: on to verification, as for a new one; its owner is mailed.
      await waitForPath(page, '/verification');
      expect(await page.getByText('exists already').count()).toBe(0);
      expect(await whoamiStatus(context)).toBe(401);
      const notice = await waitForMail(mailDir, taken.email, { subject: /tried to create an account/ });
      expect(notice.subject).toBe('Someone tried to create an account with your address');
      await screenshot(page, 'identity-registration-taken');
    } finally {
      await context.close();
    }
  });

  it('verifies the address with the code from the mail', async () => {
    const { context, user } = await signedInContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await waitForMail(mailDir, user.email, { subject: /verify/i });
      await page.goto('/verification');
      await page.getByRole('heading', { name: 'Verify your account' }).waitFor({ timeout: SLOW });
      await expectTitle(page, 'Verification');
      expect(await page.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/');
      await page.getByLabel('Email').fill(user.email);
      await screenshot(page, 'identity-verification');

      const before = (await mailsTo(mailDir, user.email)).length;
      await page.getByRole('button', { name: 'Submit' }).click();
      await flowMessages(page).getByText(/An email containing a verification code has been sent/).waitFor({ timeout: SLOW });
      const mail = await waitForMail(mailDir, user.email, { skip: before });
      expect(mail.subject).toBe('Please verify your email address');

      // A wrong code is refused first.
      await page.getByLabel('Verification code').fill('000000');
      await page.getByRole('button', { name: 'Submit' }).click();
      await flowMessages(page).getByText('The verification code is invalid or has already been used. Please try again.').waitFor({ timeout: SLOW });

      await page.getByLabel('Verification code').fill(codeOf(mail));
      await page.getByRole('button', { name: 'Submit' }).click();
      await flowMessages(page).getByText('You successfully verified your email address.').waitFor({ timeout: SLOW });
      expect(await page.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/');
      await screenshot(page, 'identity-verification-done');

      const session = await oryWhoami(context);
      expect(session?.identity.verifiable_addresses[0]).toMatchObject({ value: user.email, verified: true });
    } finally {
      await context.close();
    }
  });

  it('starts a fresh verification when the flow of a link has expired or belongs to another browser', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/verification?return_to=%2Fhealth');
      await page.getByRole('button', { name: 'Submit' }).waitFor({ timeout: SLOW });
      await page.waitForURL((url) => url.searchParams.has('flow'), { timeout: SLOW });
      const expired = new URL(page.url()).searchParams.get('flow') ?? '';
      await query(databaseUrl, "update identity_flows set expires_at = now() - interval '1 second' where id = $1", [expired]);

      await page.goto(`/verification?flow=${expired}`);
      await page.waitForURL((url) => url.pathname === '/verification' && url.searchParams.has('flow') && url.searchParams.get('flow') !== expired, {
        timeout: SLOW,
      });
      await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
      await page.getByLabel('Email').waitFor({ timeout: SLOW });
      expect(new URL(page.url()).searchParams.get('return_to')).toBeNull();
      const live = new URL(page.url()).searchParams.get('flow') ?? '';

      // The link of a live flow opened in another browser (which cannot use it) starts afresh too.
      const other = await newContext(browser, baseUrl);
      try {
        const elsewhere = await other.newPage();
        await elsewhere.goto(`/verification?flow=${live}`);
        await elsewhere.waitForURL((url) => url.pathname === '/verification' && url.searchParams.has('flow') && url.searchParams.get('flow') !== live, {
          timeout: SLOW,
        });
        await elsewhere.getByLabel('Email').waitFor({ timeout: SLOW });
      } finally {
        await other.close();
      }
    } finally {
      await context.close();
    }
  });
});
