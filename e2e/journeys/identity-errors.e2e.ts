import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServer } from '../support/shared-server.js';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';
import { query } from '../support/database.js';
import { errorToast, registeredUser, SLOW, submitSignIn, waitForPath, whoamiStatus } from '../support/identity.js';
import { signedInContext } from '../support/session.js';

const BAD_SESSION = 'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.';

/** The flow id the sign-in page put in its address, once its form is shown. */
async function loginFlowId(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: SLOW });
  await page.waitForURL((address) => address.pathname === '/login' && address.searchParams.has('flow'), { timeout: SLOW });
  return new URL(page.url()).searchParams.get('flow') ?? '';
}

/** Waits until the sign-in page shows a flow other than `previous` and returns its id. */
async function nextLoginFlowId(page: Page, previous: string): Promise<string> {
  await page.waitForURL((address) => address.pathname === '/login' && (address.searchParams.get('flow') ?? previous) !== previous, {
    timeout: SLOW,
  });
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: SLOW });
  return new URL(page.url()).searchParams.get('flow') ?? '';
}

describe('identity: session checks and flow errors', () => {
  const { baseUrl, databaseUrl } = sharedServer();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the auth-state checker sends a signed-out visitor to sign in and a signed-in one back to return_to', async () => {
    const signedOut = await newContext(browser, baseUrl);
    try {
      const page = await signedOut.newPage();
      await page.goto('/auth-state-checker?return_to=%2Ftopology');
      await waitForPath(page, '/login', { return_to: '/topology' });
      await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor({ timeout: SLOW });
    } finally {
      await signedOut.close();
    }

    const { context } = await signedInContext(browser, baseUrl);
    try {
      const page = await context.newPage();
      await page.goto('/auth-state-checker?return_to=%2Ftopology');
      await waitForPath(page, '/topology');
      expect(await whoamiStatus(context)).toBe(200);
    } finally {
      await context.close();
    }
  });

  it('sends a signed-out visitor of the settings to sign in, and back to the settings afterwards', async () => {
    const user = await registeredUser(browser, baseUrl);
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/profile-settings?return_to=%2Fhealth');
      await waitForPath(page, '/login', { return_to: '/profile-settings?return_to=%2Fhealth' });
      const flow = await loginFlowId(page);
      // A reload resumes the flow of the address rather than starting another.
      await page.reload();
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: SLOW });
      expect(new URL(page.url()).searchParams.get('flow')).toBe(flow);

      await submitSignIn(page, user.email, user.password);
      await waitForPath(page, '/profile-settings', { return_to: '/health' });
      await page.getByRole('heading', { name: 'Profile Management and Security Settings' }).waitFor({ timeout: SLOW });
    } finally {
      await context.close();
    }
  });

  it('explains a bad session and any other error code, with Go back to /', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/bad-session?error_code=BAD_SESSION');
      await page.getByText(BAD_SESSION).waitFor({ timeout: SLOW });
      expect(await page.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/');
      await screenshot(page, 'identity-bad-session');

      await page.goto('/bad-session?error_code=SOMETHING_ELSE');
      await page.getByText('Unknown error', { exact: true }).waitFor({ timeout: SLOW });
      expect(await page.getByText(BAD_SESSION).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/');
    } finally {
      await context.close();
    }
  });

  it('shows a flow error under An error occurred, and goes home for an unknown one', async () => {
    const { context } = await signedInContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      // A browser (not the app) asking for a flow with a foreign return_to lands on the error page.
      await page.goto('/api/.ory/self-service/recovery/browser?return_to=https%3A%2F%2Fevil.example%2F');
      await waitForPath(page, '/error');
      expect(new URL(page.url()).searchParams.get('id')).toMatch(/^[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: 'An error occurred' }).waitFor({ timeout: SLOW });
      await page.getByText('The request was malformed or contained invalid parameters', { exact: true }).waitFor({ timeout: SLOW });
      await page.getByText('The return_to address is not allowed.', { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/');
      await screenshot(page, 'identity-error-flow');

      await page.goto(`/error/${randomUUID()}`);
      await waitForPath(page, '/topology');
      await page.goto(`/error?id=${randomUUID()}`);
      await waitForPath(page, '/topology');
    } finally {
      await context.close();
    }
  });

  it('restarts an expired flow with a toast and keeps return_to', async () => {
    const user = await registeredUser(browser, baseUrl);
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/login?return_to=%2Fhealth');
      const expired = await loginFlowId(page);
      const { rowCount } = await query(databaseUrl, "update identity_flows set expires_at = now() - interval '1 second' where id = $1", [expired]);
      expect(rowCount).toBe(1);

      await submitSignIn(page, user.email, user.password);
      const toast = errorToast(page, 'Your interaction expired, please fill out the form again.');
      await toast.waitFor({ timeout: SLOW });
      await toast.getByRole('button', { name: 'Close' }).waitFor();
      const fresh = await nextLoginFlowId(page, expired);
      expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
      expect(new URL(page.url()).searchParams.get('return_to')).toBe('/health');
      expect(await whoamiStatus(context)).toBe(401);
      await screenshot(page, 'identity-login-expired');

      await submitSignIn(page, user.email, user.password);
      await waitForPath(page, '/health');
      expect(await whoamiStatus(context)).toBe(200);
    } finally {
      await context.close();
    }
  });

  it('restarts with a security warning when the anti-CSRF cookie is missing', async () => {
    const user = await registeredUser(browser, baseUrl);
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/login?return_to=%2Fhealth');
      const first = await loginFlowId(page);
      const before = await context.cookies();
      expect(before.map((cookie) => cookie.name)).toContain('pharos_csrf');
      await context.clearCookies({ name: 'pharos_csrf' });

      await submitSignIn(page, user.email, user.password);
      await errorToast(page, 'A security violation was detected, please fill out the form again.').waitFor({ timeout: SLOW });
      await nextLoginFlowId(page, first);
      expect(await whoamiStatus(context)).toBe(401);
      expect((await context.cookies()).map((cookie) => cookie.name)).toContain('pharos_csrf');
      await screenshot(page, 'identity-login-csrf');

      await submitSignIn(page, user.email, user.password);
      await waitForPath(page, '/health');
      expect(await whoamiStatus(context)).toBe(200);
    } finally {
      await context.close();
    }
  });

  it('restarts with a security warning when a sign-in link of another browser is opened', async () => {
    const first = await newContext(browser, baseUrl);
    const second = await newContext(browser, baseUrl);
    try {
      const page = await first.newPage();
      await page.goto('/login?return_to=%2Fhealth');
      const flow = await loginFlowId(page);

      const elsewhere = await second.newPage();
      await elsewhere.goto(`/login?flow=${flow}&return_to=%2Fhealth`);
      await errorToast(elsewhere, 'A security violation was detected, please fill out the form again.').waitFor({ timeout: SLOW });
      const fresh = await nextLoginFlowId(elsewhere, flow);
      expect(fresh).not.toBe(flow);
      expect(new URL(elsewhere.url()).searchParams.get('return_to')).toBe('/health');
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('refuses a return_to on another site with a toast and starts a plain flow', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    try {
      await page.goto('/login?return_to=https%3A%2F%2Fevil.example%2F');
      await errorToast(page, 'The return_to address is not allowed.').waitFor({ timeout: SLOW });
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: SLOW });
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('flow'), { timeout: SLOW });
      expect(new URL(page.url()).searchParams.has('return_to')).toBe(false);
      await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor();
      await screenshot(page, 'identity-login-return-to-forbidden');
    } finally {
      await context.close();
    }
  });
});
