import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServer } from '../support/shared-server.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';
import {
  expectTitle,
  flowMessages,
  registeredUser,
  settingsSection,
  SLOW,
  submitSignIn,
  waitForPath,
  whoamiStatus,
} from '../support/identity.js';
import { codeOf, mailsTo, waitForMail } from '../support/mailbox.js';

describe('identity: account recovery', () => {
  const { baseUrl, mailDir } = sharedServer();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('recovers an account with the code from the mail (after a wrong one and a resend), sets a new password and signs in with it', async () => {
    const user = await registeredUser(browser, baseUrl);
    const newPassword = `recovered-${user.password}`;
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/recovery');
      await page.getByRole('heading', { name: 'Recover account' }).waitFor({ timeout: SLOW });
      await expectTitle(page, 'Recovery');
      expect(await page.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/');
      await page.getByLabel('Email').fill(user.email);
      await screenshot(page, 'identity-recovery');

      const before = (await mailsTo(mailDir, user.email)).length;
      await page.getByRole('button', { name: 'Submit' }).click();
      await flowMessages(page).getByText(/An email containing a recovery code has been sent/).waitFor({ timeout: SLOW });
      await page.getByRole('button', { name: 'Resend code' }).waitFor();
      const mail = await waitForMail(mailDir, user.email, { skip: before });
      expect(mail.subject).toBe('Recover access to your account');
      await screenshot(page, 'identity-recovery-code');

      await page.getByLabel('Recovery code').fill('000000');
      await page.getByRole('button', { name: 'Submit' }).click();
      await flowMessages(page)
        .getByText('The recovery code is invalid or has already been used. Please try again.')
        .waitFor({ timeout: SLOW });

      // Another code on request: the latest mail's code is the one used.
      await page.getByRole('button', { name: 'Resend code' }).click();
      const resent = await waitForMail(mailDir, user.email, { skip: before + 1 });
      expect(resent.subject).toBe('Recover access to your account');
      expect(codeOf(resent)).toMatch(/^\d{6}$/);
      await page.getByLabel('Recovery code').waitFor({ timeout: SLOW });

      await page.getByLabel('Recovery code').fill(codeOf(resent));
      await page.getByRole('button', { name: 'Submit' }).click();

      // The code signs in and leads to the settings, where the password can be changed.
      await waitForPath(page, '/profile-settings');
      expect(new URL(page.url()).searchParams.get('flow')).toMatch(/^[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: 'Profile Management and Security Settings' }).waitFor({ timeout: SLOW });
      await flowMessages(page).getByText(/^You successfully recovered your account\./).waitFor({ timeout: SLOW });
      expect(await whoamiStatus(context)).toBe(200);
      await screenshot(page, 'identity-recovery-settings');

      const password = settingsSection(page, 'Change Password');
      await password.getByRole('textbox', { name: 'Password' }).fill(newPassword);
      await password.getByRole('button', { name: 'Save' }).click();
      await flowMessages(page).getByText('Your changes have been saved!').waitFor({ timeout: SLOW });
    } finally {
      await context.close();
    }

    // A new browser signs in with the new password; the old one no longer works.
    const again = await newContext(browser, baseUrl);
    const login = await again.newPage();
    try {
      await login.goto('/login?return_to=%2Fhealth');
      await login.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: SLOW });
      await submitSignIn(login, user.email, user.password);
      await flowMessages(login).getByText(/The provided credentials are invalid/).waitFor({ timeout: SLOW });
      await submitSignIn(login, user.email, newPassword);
      await waitForPath(login, '/health');
      expect(await whoamiStatus(again)).toBe(200);
    } finally {
      await again.close();
    }
  });
});
