import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser.js';
import { contextWithRole, registerAdministrator, setupTokenOf, type Role } from '../support/people.js';
import { startServer, type RunningServer } from '../support/server.js';
import { newUser } from '../support/session.js';

const MAIN = ['Dashboard', 'Health', 'Incidents', 'Catalog', 'Logs', 'Playbooks'];
const ALL_SETTINGS = [
  'Connections',
  'Jobs History',
  'Notifications',
  'Feature Flags',
  'Log Backends',
  'Event Queue',
  'Agents',
  'Integrations',
  'Users',
  'Teams',
  'Health Checks',
  'Topologies',
  'Catalog Scrapers',
  'Rules',
];
/** Commanders and responders may not read connections or identities (editors may, but not write them). */
const WITHOUT_CONNECTIONS_AND_USERS = ALL_SETTINGS.filter((name) => name !== 'Connections' && name !== 'Users');

const EXPECTED_SETTINGS: Record<Role, string[] | null> = {
  admin: ALL_SETTINGS,
  editor: ALL_SETTINGS,
  commander: WITHOUT_CONNECTIONS_AND_USERS,
  responder: WITHOUT_CONNECTIONS_AND_USERS,
  viewer: null,
};

const UNAUTHORIZED = 'You do not have permission to access this page';
const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' };

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** The current page's name in the header's breadcrumb (the screen behind it may or may not be built yet). */
const currentCrumb = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]').filter({ hasText: name });

/** Waits for the shell with its data (sidebar items and the user menu). */
async function openShell(page: Page, path = '/topology'): Promise<void> {
  await page.goto(path);
  await page.locator('[data-shell="ready"]').waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}

async function mainItems(page: Page): Promise<string[]> {
  return (await sidebar(page).getByRole('link').allInnerTexts()).map((text) => text.trim());
}

/** The Settings submenu's items, or null when there is no Settings entry. */
async function settingsItems(page: Page): Promise<string[] | null> {
  const toggle = sidebar(page).getByRole('button', { name: 'Settings' });
  if ((await toggle.count()) === 0) return null;
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const list = sidebar(page).getByRole('list', { name: 'Settings' });
  return (await list.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

async function setProperty(admin: APIRequestContext, name: string, value: string): Promise<void> {
  const response = await admin.post('/api/db/properties', {
    headers: JSON_HEADERS,
    data: { name, value },
  });
  if (!response.ok()) throw new Error(`setting ${name} answered ${response.status()}: ${await response.text()}`);
}

async function removeProperty(admin: APIRequestContext, name: string): Promise<void> {
  const response = await admin.delete(`/api/db/properties?name=eq.${encodeURIComponent(name)}`, { headers: JSON_HEADERS });
  if (!response.ok()) throw new Error(`removing ${name} answered ${response.status()}: ${await response.text()}`);
}

describe('application shell', () => {
  let server: RunningServer;
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: APIRequestContext;
  const contexts = new Map<Role, BrowserContext>();

  beforeAll(async () => {
    // A server of its own: the first administrator comes from the setup link it prints.
    server = await startServer();
    browser = await launchBrowser();
    adminContext = await newContext(browser, server.url);
    await registerAdministrator(adminContext, setupTokenOf(server.output()), { ...newUser(), first: 'Grace', last: 'Hopper' });
    admin = adminContext.request;
    contexts.set('admin', adminContext);
    for (const role of ['editor', 'viewer', 'commander', 'responder'] as const) {
      contexts.set(role, (await contextWithRole(browser, server, admin, role)).context);
    }
  });

  afterAll(async () => {
    for (const context of contexts.values()) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  const contextOf = (role: Role): BrowserContext => {
    const context = contexts.get(role);
    if (!context) throw new Error(`no context for ${role}`);
    return context;
  };

  it.each(['admin', 'editor', 'viewer', 'commander', 'responder'] as const)('shows %s the sidebar of the role', async (role) => {
    const page = await contextOf(role).newPage();
    try {
      await openShell(page);
      expect(await mainItems(page)).toEqual(expect.arrayContaining(MAIN));
      expect(await settingsItems(page)).toEqual(EXPECTED_SETTINGS[role]);
      await currentCrumb(page, 'Dashboard').waitFor();
      expect(await sidebar(page).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    } finally {
      await page.close();
    }
  });

  it('refuses a direct URL the role may not read, and opens one it may', async () => {
    const viewer = await contextOf('viewer').newPage();
    const commander = await contextOf('commander').newPage();
    const adminPage = await adminContext.newPage();
    try {
      await openShell(viewer, '/settings/connections');
      await viewer.getByText(UNAUTHORIZED).waitFor();

      await openShell(commander, '/settings/users');
      await commander.getByText(UNAUTHORIZED).waitFor();
      await openShell(commander, '/settings/agents');
      await currentCrumb(commander, 'Agents').waitFor();
      expect(await commander.getByText(UNAUTHORIZED).count()).toBe(0);

      await openShell(adminPage, '/settings/connections');
      await currentCrumb(adminPage, 'Connections').waitFor();
      expect(await adminPage.getByText(UNAUTHORIZED).count()).toBe(0);
    } finally {
      await viewer.close();
      await commander.close();
      await adminPage.close();
    }
  });

  it('hides the items of a disabled feature, and of its children', async () => {
    const page = await adminContext.newPage();
    try {
      await setProperty(admin, 'incidents.disable', 'true');
      await setProperty(admin, 'health.disable', 'true');
      await openShell(page);
      const main = await mainItems(page);
      expect(main).not.toContain('Incidents');
      expect(main).not.toContain('Health');
      const settings = await settingsItems(page);
      // Rules need incidents; Jobs History and Health Checks sit under health.
      expect(settings).not.toContain('Rules');
      expect(settings).not.toContain('Jobs History');
      expect(settings).not.toContain('Health Checks');
      expect(settings).toContain('Connections');

      await page.goto('/incidents');
      await page.getByRole('heading', { name: 'This feature is turned off' }).waitFor({ timeout: 15_000 });
      await page.getByText('incidents.disable', { exact: true }).waitFor();
      expect(await page.getByText(UNAUTHORIZED).count()).toBe(0);
    } finally {
      await removeProperty(admin, 'incidents.disable');
      await removeProperty(admin, 'health.disable');
      await page.close();
    }
    const again = await adminContext.newPage();
    try {
      await openShell(again);
      expect(await mainItems(again)).toEqual(expect.arrayContaining(['Incidents', 'Health']));
    } finally {
      await again.close();
    }
  });

  it('has a user menu with the greeting, the version line, kubeconfig and the theme switch', async () => {
    const page = await adminContext.newPage();
    try {
      await openShell(page);
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByText('Hi Grace Hopper').waitFor();
      // The backend part follows once /api/about has answered.
      await expect.poll(() => page.getByTestId('version-line').innerText(), { timeout: 10_000 }).not.toContain('…');
      const version = await page.getByTestId('version-line').innerText();
      expect(version).toMatch(/^Frontend 1\.0\.758 · Backend \S+$/);
      expect(await page.getByRole('menuitem', { name: 'Your Profile' }).getAttribute('href')).toMatch(/^\/profile-settings\?/);
      await screenshot(page, 'shell-user-menu');

      await page.getByRole('menuitem', { name: 'Download kubeconfig' }).click();
      const dialog = page.getByRole('dialog', { name: 'Download and install kubeconfig' });
      await dialog.waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
      expect(download.suggestedFilename()).toBe('pharos-kubeconfig.yaml');
      const file = await download.path();
      expect(await readFile(file, 'utf8')).toContain('kind: Config');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitemradio', { name: 'Dark' }).click();
      await page.keyboard.press('Escape');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(13, 17, 23)');
      await page.reload();
      await page.locator('[data-shell="ready"]').waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitemradio', { name: 'System' }).click();
      await page.keyboard.press('Escape');
      expect(await page.evaluate(() => document.documentElement.classList.length)).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('searches with Cmd/Ctrl+K and toggles the sidebar with Cmd/Ctrl+B', async () => {
    const created = await admin.post('/api/db/configs', {
      headers: { ...JSON_HEADERS, Prefer: 'return=representation' },
      data: { name: 'payments-api', type: 'Kubernetes::Deployment', config_class: 'Deployment', tags: { namespace: 'prod' } },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const [config] = (await created.json()) as { id: string }[];
    const page = await adminContext.newPage();
    try {
      await openShell(page);
      await page.keyboard.press('ControlOrMeta+k');
      const input = page.getByRole('combobox', { name: /Search/ });
      await input.waitFor();
      await input.fill('payments');
      await page.getByRole('option', { name: /payments-api/ }).waitFor({ timeout: 10_000 });
      await screenshot(page, 'shell-search');
      await input.press('Enter');
      await page.waitForURL((url) => url.pathname === `/catalog/${config?.id ?? ''}`);
      await currentCrumb(page, config?.id ?? '').waitFor();

      const toggle = () => page.keyboard.press('ControlOrMeta+b');
      await toggle();
      await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
      await page.reload();
      await page.locator('[data-shell="ready"]').waitFor();
      await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
      await toggle();
      await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();
    } finally {
      await page.close();
    }
  });

  it.each(['light', 'dark'] as const)('looks right in the %s theme', async (colorScheme) => {
    const context = await newContext(browser, server.url, { colorScheme });
    await context.addCookies(await adminContext.cookies());
    const page = await context.newPage();
    try {
      await openShell(page, '/settings/agents');
      await currentCrumb(page, 'Agents').waitFor();
      await screenshot(page, `shell-${colorScheme}`);
      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      await screenshot(page, `shell-collapsed-${colorScheme}`);
    } finally {
      await context.close();
    }
  });
});
