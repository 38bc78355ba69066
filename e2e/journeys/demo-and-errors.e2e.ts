import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { embeddedDatabaseUrl } from '../support/database.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { CLI } from '../support/server.js';
import { dbRows, JSON_HEADERS, openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

const run = promisify(execFile);

/**
 * The demo data passes its own forms on a real server seeded with `pharos seed --demo` (the data-folder
 * scraper updates as seeded, the API scraper calls this server's port), a log backend needs a kind, and
 * ids that cannot be ids are answered as not found, never with the database's words.
 */
describe('demo data and clear answers', () => {
  let world: SettingsWorld;

  beforeAll(async () => {
    world = await settingsWorld();
    const databaseUrl = await embeddedDatabaseUrl(world.server.dataDir);
    await run(process.execPath, [CLI, 'seed', '--demo'], { env: { ...process.env, DATABASE_URL: databaseUrl, PHAROS_DATA_DIR: world.server.dataDir, PORT: '1', LOG_LEVEL: 'warn' } });
  });
  afterAll(async () => {
    await world?.close();
  });

  it("updates the demo 'pharos-data-folder' scraper from Integrations as seeded, and seeds the API scraper with this server's port", async () => {
    const page = await world.admin.newPage();
    try {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await openScreen(page, '/settings/integrations');
        await page.getByRole('table', { name: 'Integrations' }).getByText('pharos-data-folder', { exact: true }).waitFor({ timeout: 15_000 });
        await expectNoHorizontalOverflow(page);
      }
      await page.getByRole('table', { name: 'Integrations' }).getByText('pharos-data-folder', { exact: true }).click();
      await page.getByRole('button', { name: 'Update' }).click();
      await toast(page, 'pharos-data-folder updated successfully');
      const [api] = await dbRows<{ spec: { http: { url: string }[] } }>(world.api, 'config_scrapers?name=eq.pharos-api&select=spec');
      expect(api?.spec.http[0]?.url).toBe(`${world.server.url}/api/about`);
    } finally {
      await page.close();
    }
  });

  it('keeps a log backend without a kind from being saved, saying so on the field, and the server refuses one too', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/logging_backends');
      await page.getByRole('button', { name: 'Add' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Log Backend' });
      await dialog.getByLabel('Name', { exact: false }).first().fill('no-kind');
      const kind = dialog.getByLabel('Kind', { exact: true });
      expect(await kind.getAttribute('aria-invalid')).toBe('true');
      expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await screenshot(page, 'log-backend-kind-required');
    } finally {
      await page.close();
    }
    const refused = await world.api.post('/api/db/logging_backends', { headers: JSON_HEADERS, data: { name: 'no-kind', spec: {} } });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe("The log backend's spec is not valid: one of file, postgres, loki, opensearch, elasticsearch, kubernetes is required");
  });

  it("answers an incident id that cannot be one with 'Incident not found', and a malformed filter with a clear message", async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/incidents/INC-1');
      await page.getByText('Incident not found').waitFor({ timeout: 15_000 });
      expect(await page.getByText(/invalid input syntax/).count()).toBe(0);
      await openScreen(page, '/incidents?component=bad');
      await page.getByText("'bad' is not a valid id: a UUID is expected").first().waitFor({ timeout: 15_000 });
      expect(await page.getByText(/invalid input syntax/).count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
