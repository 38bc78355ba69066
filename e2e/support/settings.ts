import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext } from './browser.js';
import { contextWithRole, registerAdministrator, setupTokenOf, type Role } from './people.js';
import { startServer, type RunningServer } from './server.js';
import { newUser } from './session.js';

export const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' };

/**
 * A server of its own with its first administrator (from the setup link) and, signed in, a person
 * of each of the other roles asked for: what the settings journeys start from.
 */
export interface SettingsWorld {
  server: RunningServer;
  browser: Browser;
  admin: BrowserContext;
  /** The administrator's API requests (cookies of the admin context). */
  api: APIRequestContext;
  contexts: Map<Role, BrowserContext>;
  close: () => Promise<void>;
}

export async function settingsWorld(roles: readonly Exclude<Role, 'admin'>[] = []): Promise<SettingsWorld> {
  const server = await startServer();
  const browser = await launchBrowser();
  const admin = await newContext(browser, server.url);
  await registerAdministrator(admin, setupTokenOf(server.output()), { ...newUser(), first: 'Grace', last: 'Hopper' });
  const contexts = new Map<Role, BrowserContext>([['admin', admin]]);
  for (const role of roles) contexts.set(role, (await contextWithRole(browser, server, admin.request, role)).context);
  return {
    server,
    browser,
    admin,
    api: admin.request,
    contexts,
    close: async () => {
      for (const context of contexts.values()) await context.close().catch(() => undefined);
      await browser.close();
      await server.stop();
    },
  };
}

/** Opens a screen of the shell and waits for the shell and its data. */
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('[data-shell="ready"]').waitFor({ timeout: 15_000 });
}

/** Waits for a toast with this text. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
}

/** Replaces the text of the code editor named `label` (CodeMirror), as a paste would. */
export async function setEditorText(page: Page, label: string, text: string, within = page.locator('body')): Promise<void> {
  const editor = within.getByRole('textbox', { name: label });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** Rows of a data-service relation, as the administrator sees them. */
export async function dbRows<T>(api: APIRequestContext, relationAndQuery: string): Promise<T[]> {
  const response = await api.get(`/api/db/${relationAndQuery}`, { headers: { Accept: 'application/json' } });
  if (!response.ok()) throw new Error(`GET ${relationAndQuery} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T[];
}

/** The form field labelled exactly `label` (a required field's name ends with the '*' its label shows). */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));
}
