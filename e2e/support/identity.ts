import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newContext } from './browser.js';
import { newUser, signIn, type TestUser } from './session.js';

/** How long a journey waits for the server and the app to answer. */
export const SLOW = 15_000;

/** A person registered through the identity API (the registration mails a verification code). */
export async function registeredUser(browser: Browser, baseUrl: string, user: TestUser = newUser()): Promise<TestUser> {
  const context = await newContext(browser, baseUrl);
  try {
    await signIn(context, user);
  } finally {
    await context.close();
  }
  return user;
}

/** Waits until the page shows `pathname`, with these query parameters when given. */
export async function waitForPath(page: Page, pathname: string, params: Record<string, string> = {}, timeout = SLOW): Promise<URL> {
  await page.waitForURL(
    (url) => url.pathname === pathname && Object.entries(params).every(([key, value]) => url.searchParams.get(key) === value),
    { timeout },
  );
  return new URL(page.url());
}

/** Waits for the document title (pages set it once they render). */
export async function expectTitle(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.title(), { timeout: SLOW }).toBe(title);
}

/** The sign-in form of /login: fills identifier and password and presses 'Sign in'. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Status of the session check of this browser context (200 signed in, 401 not). */
export async function whoamiStatus(context: BrowserContext): Promise<number> {
  return (await context.request.get('/api/auth/whoami', { headers: { Accept: 'application/json' } })).status();
}

/** The Kratos session of this browser context (its identity, level and methods), or null. */
export async function oryWhoami(context: BrowserContext): Promise<{
  authenticator_assurance_level: string;
  authentication_methods: { method: string }[];
  identity: { traits: { email: string; name: { first: string; last: string } }; verifiable_addresses: { value: string; verified: boolean }[] };
} | null> {
  const response = await context.request.get('/api/.ory/sessions/whoami', { headers: { Accept: 'application/json' } });
  return response.ok() ? ((await response.json()) as Awaited<ReturnType<typeof oryWhoami>>) : null;
}

/**
 * Signs out from a signed-in page: through the user menu of the application shell, or the page's
 * own 'Sign out' button where there is no shell.
 */
export async function signOutFromPage(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'User menu' });
  const button = page.getByRole('button', { name: 'Sign out' });
  await menu.or(button).first().waitFor({ timeout: SLOW });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
  } else {
    await button.click();
  }
}

/** An error toast with this text (toasts sit top-right for five seconds). */
export function errorToast(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** The flow messages (the blue box above a form). */
export function flowMessages(page: Page): Locator {
  return page.getByTestId('flow-messages');
}

/** The computed text colour as [r, g, b]. */
export async function colourOf(locator: Locator): Promise<[number, number, number]> {
  const colour = await locator.evaluate((element) => getComputedStyle(element).color);
  const channels = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour);
  if (!channels) throw new Error(`Unexpected colour ${colour}`);
  return [Number(channels[1]), Number(channels[2]), Number(channels[3])];
}

/** True for a clearly red colour (the danger tone). */
export function isRed([r, g, b]: [number, number, number]): boolean {
  return r >= 150 && g <= 90 && b <= 90;
}

/** The TOTP code of a secret for now, or for a later 30-second step (each step is accepted once). */
export function totpCode(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** A section of /profile-settings by its heading. */
export function settingsSection(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title });
}
