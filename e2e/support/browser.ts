import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (scripts/test.sh installs it when missing). */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export function newContext(
  browser: Browser,
  baseUrl: string,
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 }, colorScheme: options.colorScheme ?? 'light' });
}

/** How long closing a context may take before the journey goes on without waiting for it. */
const CLOSE_MS = 20_000;

/**
 * Closes a context without waiting forever: Playwright gives `close()` no timeout, and a busy Chromium
 * can leave it unanswered, which turned a journey's real failure into the bare test timeout. The
 * browser itself is closed after the file.
 */
export async function closeContext(context: BrowserContext): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), CLOSE_MS);
  });
  try {
    const outcome = await Promise.race([context.close().then(() => 'closed' as const), late]);
    if (outcome === 'late') console.warn(`closing a browser context took longer than ${CLOSE_MS} ms; the journey goes on`);
  } finally {
    clearTimeout(timer);
  }
}

/** Saves a full-page screenshot as e2e/screenshots/{name}.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
