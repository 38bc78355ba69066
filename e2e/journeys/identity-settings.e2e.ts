import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServer } from '../support/shared-server.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';
import { query } from '../support/database.js';
import {
  colourOf,
  expectTitle,
  flowMessages,
  isRed,
  oryWhoami,
  settingsSection,
  signOutFromPage,
  SLOW,
  submitSignIn,
  totpCode,
  waitForPath,
  whoamiStatus,
} from '../support/identity.js';
import { codeOf, waitForMail } from '../support/mailbox.js';
import { signedInContext, type TestUser } from '../support/session.js';

const TITLE = 'Profile Management and Security Settings';
const SECTIONS = [
  'Profile Settings',
  'Change Password',
  'Manage 2FA Backup Recovery Codes',
  'Manage 2FA TOTP Authenticator App',
  'Manage Hardware Tokens and Biometrics',
];
const SAVED = 'Your changes have been saved!';

async function openSettings(page: Page, query = ''): Promise<void> {
  await page.goto(`/profile-settings${query}`);
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor({ timeout: SLOW });
  await settingsSection(page, 'Profile Settings').waitFor({ timeout: SLOW });
}

/** From a signed-in page: sign out, then sign in with the password again, up to the second factor. */
async function signInAgainUpToSecondFactor(page: Page, context: BrowserContext, user: TestUser): Promise<void> {
  await page.goto('/topology');
  await signOutFromPage(page);
  await waitForPath(page, '/login', { return_to: '/topology' });
  expect(await whoamiStatus(context)).toBe(401);
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: SLOW });
  await submitSignIn(page, user.email, user.password);
  await waitForPath(page, '/login', { aal: 'aal2', return_to: '/topology' });
  await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor({ timeout: SLOW });
  await flowMessages(page).getByText('Please complete the second authentication challenge.').waitFor({ timeout: SLOW });
}

describe('identity: profile and security settings', () => {
  const { baseUrl, mailDir, databaseUrl } = sharedServer();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a section per group of the flow and saves a new name, with a message that clears after ten seconds', async () => {
    const { context } = await signedInContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await openSettings(page, '?return_to=%2Fhealth');
      await expectTitle(page, TITLE);
      expect(await page.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/health');
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(SECTIONS);
      expect(await page.getByRole('heading', { name: 'Manage Social Sign In' }).count()).toBe(0);
      await settingsSection(page, 'Manage 2FA Backup Recovery Codes')
        .getByText(/panic situations where you have lost access to your 2FA device/)
        .waitFor();
      await settingsSection(page, 'Manage 2FA TOTP Authenticator App').getByText(/Add a TOTP authenticator app/).waitFor();
      await settingsSection(page, 'Manage Hardware Tokens and Biometrics').getByText(/hardware tokens such as security keys/).waitFor();

      const profile = settingsSection(page, 'Profile Settings');
      await profile.getByRole('textbox', { name: 'First Name' }).fill('Grace');
      await profile.getByRole('textbox', { name: 'Last Name' }).fill('Hopper');
      await profile.getByRole('button', { name: 'Save' }).click();
      const saved = flowMessages(page).getByText(SAVED);
      await saved.waitFor({ timeout: SLOW });
      const shownAt = Date.now();
      expect(await profile.getByRole('textbox', { name: 'First Name' }).inputValue()).toBe('Grace');
      expect((await oryWhoami(context))?.identity.traits.name).toEqual({ first: 'Grace', last: 'Hopper' });
      await screenshot(page, 'identity-settings-saved');

      await saved.waitFor({ state: 'detached', timeout: 15_000 });
      const shownFor = Date.now() - shownAt;
      expect(shownFor).toBeGreaterThan(8_500);
      expect(shownFor).toBeLessThan(12_000);

      await page.getByRole('link', { name: 'Go back' }).click();
      await waitForPath(page, '/health');
    } finally {
      await context.close();
    }
  });

  it('enrols an authenticator app and asks for its code at the next sign-in', async () => {
    const { context, user } = await signedInContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await openSettings(page);
      const totp = settingsSection(page, 'Manage 2FA TOTP Authenticator App');
      await totp.getByRole('img', { name: 'Authenticator app QR code' }).waitFor();
      await totp.getByText('This is your authenticator app secret. Use it if you can not scan the QR code.').waitFor();
      const secret = ((await totp.locator('code').textContent()) ?? '').trim();
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await totp.getByRole('textbox', { name: 'Verify code' }).fill(totpCode(secret));
      await totp.getByRole('button', { name: 'Save' }).click();
      await flowMessages(page).getByText(SAVED).waitFor({ timeout: SLOW });
      await totp.getByRole('button', { name: 'Unlink TOTP Authenticator App' }).waitFor({ timeout: SLOW });
      expect(await totp.locator('code').count()).toBe(0);
      await screenshot(page, 'identity-settings-totp');

      await signInAgainUpToSecondFactor(page, context, user);
      expect(await page.getByRole('textbox', { name: 'Authentication code' }).count()).toBe(1);
      // Only a password so far: the session is not enough for the app yet.
      expect(await whoamiStatus(context)).not.toBe(200);
      await screenshot(page, 'identity-login-totp');

      await page.getByRole('textbox', { name: 'Authentication code' }).fill('000000');
      await page.getByRole('button', { name: 'Use Authenticator' }).click();
      const wrong = page.getByText('The provided authentication code is invalid, please try again.');
      await wrong.waitFor({ timeout: SLOW });
      expect(isRed(await colourOf(wrong))).toBe(true);

      // The enrolment used this 30-second step; a step is accepted once, so the next one is typed.
      await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(secret, 1));
      await page.getByRole('button', { name: 'Use Authenticator' }).click();
      await waitForPath(page, '/topology');
      expect(await whoamiStatus(context)).toBe(200);
      expect((await oryWhoami(context))?.authenticator_assurance_level).toBe('aal2');
    } finally {
      await context.close();
    }
  });

  it('generates backup recovery codes, shows them once, and signs in with one', async () => {
    const { context, user } = await signedInContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await openSettings(page);
      const lookup = settingsSection(page, 'Manage 2FA Backup Recovery Codes');
      await lookup.getByRole('button', { name: 'Generate new backup recovery codes' }).click();
      const list = lookup.getByRole('list', { name: 'Recovery codes' });
      await list.waitFor({ timeout: SLOW });
      await lookup.getByText('These are your back up recovery codes. Please keep them in a safe place!').waitFor();
      const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
      expect(codes).toHaveLength(12);
      for (const code of codes) expect(code).toMatch(/^[a-z0-9]{8}$/);
      await screenshot(page, 'identity-settings-recovery-codes');

      await lookup.getByRole('button', { name: 'Confirm backup recovery codes' }).click();
      await flowMessages(page).getByText(SAVED).waitFor({ timeout: SLOW });
      await lookup.getByRole('button', { name: 'Disable this method' }).waitFor({ timeout: SLOW });
      // Kept only as digests: they cannot be shown again, only replaced.
      expect(await list.count()).toBe(0);
      expect(await lookup.getByRole('button', { name: 'Reveal backup recovery codes' }).count()).toBe(0);

      await signInAgainUpToSecondFactor(page, context, user);
      // With the password alone, the settings ask for the second factor first and come back after it.
      await page.goto('/profile-settings');
      await waitForPath(page, '/login', { aal: 'aal2', return_to: '/profile-settings' });
      await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor({ timeout: SLOW });
      const used = codes[0] ?? '';
      await page.getByRole('textbox', { name: 'Backup recovery code' }).fill(used);
      await page.getByRole('button', { name: 'Use backup recovery code' }).click();
      await waitForPath(page, '/profile-settings');
      expect((await oryWhoami(context))?.authenticator_assurance_level).toBe('aal2');

      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor({ timeout: SLOW });
      await lookup.getByRole('button', { name: 'Generate new backup recovery codes' }).waitFor({ timeout: SLOW });
      await screenshot(page, 'identity-settings-recovery-codes-used');
    } finally {
      await context.close();
    }
  });

  it('asks to confirm with the password before a change to a sign-in that is no longer recent', async () => {
    const { context, user } = await signedInContext(browser, baseUrl);
    const page = await context.newPage();
    const newPassword = `changed-${user.password}`;
    try {
      // The sign-in happened an hour ago: past the privileged window.
      await query(
        databaseUrl,
        `update identity_sessions set authenticated_at = now() - interval '1 hour'
          where identity_id = (select id from identities where lower(traits ->> 'email') = $1)`,
        [user.email],
      );
      await openSettings(page, '?return_to=%2Fhealth');
      const flow = new URL(page.url()).searchParams.get('flow');
      const password = settingsSection(page, 'Change Password');
      await password.getByRole('textbox', { name: 'Password' }).fill(newPassword);
      await password.getByRole('button', { name: 'Save' }).click();

      await waitForPath(page, '/login', { refresh: 'true', return_to: `/profile-settings?flow=${flow}` });
      await page.getByRole('heading', { name: 'Confirm Action' }).waitFor({ timeout: SLOW });
      await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();

      // Back on the same settings flow, the change goes through.
      await waitForPath(page, '/profile-settings', { flow: flow ?? '' });
      await password.getByRole('textbox', { name: 'Password' }).fill(newPassword);
      await password.getByRole('button', { name: 'Save' }).click();
      await flowMessages(page).getByText(SAVED).waitFor({ timeout: SLOW });
    } finally {
      await context.close();
    }

    const again = await newContext(browser, baseUrl);
    try {
      const login = await again.newPage();
      await login.goto('/login');
      await login.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: SLOW });
      await submitSignIn(login, user.email, newPassword);
      await waitForPath(login, '/topology');
    } finally {
      await again.close();
    }
  });

  it('changes the e-mail address once the code mailed to the new one is entered, then signs in with it', async () => {
    const { context, user } = await signedInContext(browser, baseUrl);
    const page = await context.newPage();
    const address = `e2e-moved-${Date.now()}@example.com`;
    try {
      await openSettings(page);
      const profile = settingsSection(page, 'Profile Settings');
      await profile.getByRole('textbox', { name: 'E-Mail' }).fill(address);
      await profile.getByRole('button', { name: 'Save' }).click();
      await flowMessages(page).getByText(SAVED).waitFor({ timeout: SLOW });
      await flowMessages(page).getByText(`A verification code has been sent to ${address}.`, { exact: false }).waitFor({ timeout: SLOW });
      // Until its code comes back, the old address stays the one that counts.
      expect(await profile.getByRole('textbox', { name: 'E-Mail' }).inputValue()).toBe(user.email);
      const pending = await oryWhoami(context);
      expect(pending?.identity.traits.email).toBe(user.email);
      expect(pending?.identity.verifiable_addresses).toContainEqual(expect.objectContaining({ value: address, verified: false }));
      await waitForMail(mailDir, address, { subject: /verify/i });

      await page.goto('/verification');
      await page.getByLabel('Email').fill(address);
      await page.getByRole('button', { name: 'Submit' }).click();
      const mail = await waitForMail(mailDir, address, { subject: /verify/i, skip: 1 });
      await page.getByLabel('Verification code').fill(codeOf(mail));
      await page.getByRole('button', { name: 'Submit' }).click();
      await flowMessages(page).getByText('You successfully verified your email address.').waitFor({ timeout: SLOW });
      expect((await oryWhoami(context))?.identity.traits.email).toBe(address);
    } finally {
      await context.close();
    }

    const again = await newContext(browser, baseUrl);
    try {
      const login = await again.newPage();
      await login.goto('/login');
      await login.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: SLOW });
      await submitSignIn(login, user.email, user.password);
      await flowMessages(login).getByText(/The provided credentials are invalid/).waitFor({ timeout: SLOW });
      await submitSignIn(login, address, user.password);
      await waitForPath(login, '/topology');
    } finally {
      await again.close();
    }
  });
});
