import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { dbRows, field, openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

const pathname = (page: Page) => new URL(page.url()).pathname;

/**
 * A file scraper made with the scraper form (over a file this test writes) runs on the server's
 * engine; its Job History shows the run, and the run's details its scrape summary.
 */
describe('catalog scrapers', () => {
  let world: SettingsWorld;
  let dir: string;

  beforeAll(async () => {
    world = await settingsWorld();
    dir = await mkdtemp(path.join(tmpdir(), 'pharos-catalog-scrapers-'));
    await writeFile(
      path.join(dir, 'services.json'),
      JSON.stringify({ services: [{ id: 'svc-api', name: 'api' }, { id: 'svc-web', name: 'web' }] }),
    );
  });

  afterAll(async () => {
    await world?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('creates a file scraper through the form and shows its job history with the scrape summary', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/catalog/scrapers');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Catalog Scraper' });
      await field(dialog, 'Name').first().fill('services');
      await dialog.getByLabel('Kind', { exact: true }).selectOption({ label: 'File' });
      const card = dialog.getByRole('group', { name: 'File scraper 1' });

      // Spec 3 §5: type, id, format and icon are required on the file form.
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => card.getByText('This field is required').count()).toBe(4);

      await field(card, 'Type').fill('Shop::Service');
      await field(card, 'ID').fill('$.id');
      await field(card, 'Format').fill('json');
      await field(card, 'Icon').fill('shop');
      await field(card, 'Name').fill('$.name');
      await field(card, 'Items').fill('$.services[*]');
      await field(card, 'Paths').fill(path.join(dir, 'services.json'));
      await dialog.getByLabel('Schedule').selectOption('@every 30s');
      await dialog.getByRole('tab', { name: 'YAML' }).click();
      await expect.poll(() => dialog.getByRole('textbox', { name: 'Spec' }).textContent()).toContain('type: Shop::Service');
      await screenshot(page, 'catalog-scrapers-form');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'services created successfully');
      await expect.poll(() => pathname(page)).toMatch(/^\/catalog\/scrapers\/[0-9a-f-]{36}$/);
      const scraperPath = pathname(page);

      const [saved] = await dbRows<{ spec: unknown }>(world.api, 'config_scrapers?select=spec&name=eq.services');
      expect(saved?.spec).toEqual({
        schedule: '@every 30s',
        file: [{ type: 'Shop::Service', id: '$.id', format: 'json', icon: 'shop', name: '$.name', items: '$.services[*]', paths: [path.join(dir, 'services.json')] }],
      });

      // A new schedule runs at once; the tab is reloaded until the run is there.
      const history = page.getByRole('table', { name: 'Job History' });
      await expect
        .poll(
          async () => {
            await openScreen(page, `${scraperPath}?tab=job-history`);
            await history.waitFor();
            await page.waitForLoadState('networkidle');
            return history.locator('tbody tr').filter({ hasText: 'SUCCESS' }).count();
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBeGreaterThan(0);
      // Newest first: the bottom row is the first run, which added the two services.
      await history.locator('tbody tr').filter({ hasText: 'SUCCESS' }).last().click();
      const details = page.getByRole('dialog', { name: /^Details for job / });
      const summary = details.getByRole('region', { name: 'Scrape Summary' });
      await expect.poll(() => summary.textContent()).toContain('Shop::Service');
      expect(await summary.textContent()).toMatch(/added: 2/);
      await screenshot(page, 'catalog-scrapers-job-history');
      await page.keyboard.press('Escape');

      // The list shows the run and links to its details.
      await openScreen(page, '/catalog/scrapers');
      const row = page.getByRole('table', { name: 'Scrapers' }).locator('tbody tr').filter({ hasText: 'services' });
      await expect.poll(() => row.textContent()).toContain('SUCCESS');
      await row.getByRole('button', { name: '(View details)' }).click();
      await expect.poll(() => page.getByRole('dialog', { name: /^Details for job / }).getByRole('region', { name: 'Scrape Summary' }).textContent()).toContain('Shop::Service');
      expect((await dbRows<{ name: string }>(world.api, 'configs?select=name&type=eq.Shop::Service&order=name')).map((config) => config.name)).toEqual(['api', 'web']);
    } finally {
      await page.close();
    }
  });

  it('lists scrapers with long names and sources without sideways scrolling at both screen sizes', async () => {
    const name = 'kubernetes_cluster_inventory.eu-central-1.production_primary_and_disaster_recovery';
    const created = await world.api.post('/api/db/config_scrapers', {
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      data: {
        name,
        namespace: 'platform-inventory-and-compliance-production',
        source: 'kubernetes/platform-inventory-and-compliance-production/kubernetes_cluster_inventory_eu_central_1',
        spec: { schedule: '@every 12h', file: [{ type: 'Inventory::Cluster', id: '$.id', format: 'json', icon: 'k8s', paths: ['/srv/inventory/clusters/eu-central-1/production/primary-and-disaster-recovery.json'] }] },
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const page = await world.admin.newPage();
    try {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await openScreen(page, '/catalog/scrapers');
        await page.getByRole('table', { name: 'Scrapers' }).locator('tbody tr').filter({ hasText: name }).waitFor();
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `catalog-scrapers-list-${viewport.width}`);
      }
    } finally {
      await page.close();
    }
  });
});
