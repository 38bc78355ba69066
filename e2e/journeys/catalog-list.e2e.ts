import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { dbRows, openScreen, settingsWorld, type SettingsWorld } from '../support/settings.js';

/** The query parameters the page is at. */
const search = (page: Page) => new URL(page.url()).searchParams;

/**
 * A file ScrapeConfig applied as YAML runs on the server's engine; /catalog summarises what it
 * found by class and type, a summary row opens the type's configs, and a config opens its page.
 */
describe('catalog list', () => {
  let world: SettingsWorld;
  let dir: string;

  beforeAll(async () => {
    world = await settingsWorld(['viewer']);
    dir = await mkdtemp(path.join(tmpdir(), 'pharos-catalog-list-'));
    const file = JSON.stringify(path.join(dir, 'fleet.json'));
    await writeFile(
      path.join(dir, 'fleet.json'),
      JSON.stringify({
        services: [
          { name: 'api', team: 'platform', region: 'eu', health: 'healthy' },
          { name: 'worker', team: 'platform', region: 'eu', health: 'unhealthy' },
          { name: 'web', team: 'web', region: 'us', health: 'healthy' },
        ],
        databases: [{ name: 'orders', team: 'data', region: 'eu' }],
      }),
    );
    const applied = await world.api.post('/api/apply', {
      headers: { 'Content-Type': 'application/yaml' },
      data: `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata: {name: fleet}
spec:
  schedule: "@every 5s"
  file:
    - type: Fleet::Service
      class: Service
      id: $.name
      name: $.name
      items: $.services[*]
      health: $.health
      labels: {team: $.team}
      tags: {region: $.region}
      paths: [${file}]
    - type: Fleet::Database
      class: Database
      id: $.name
      name: $.name
      items: $.databases[*]
      labels: {team: $.team}
      tags: {region: $.region}
      paths: [${file}]
`,
    });
    expect(applied.ok(), await applied.text()).toBe(true);
    // Applying schedules the scraper on the engine; its first run comes within the interval.
    const deadline = Date.now() + 60_000;
    while ((await dbRows<{ id: string }>(world.api, 'configs?select=id&type=like.Fleet::*')).length < 4) {
      if (Date.now() > deadline) throw new Error('the scraper did not write the fleet within a minute');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  afterAll(async () => {
    await world?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('goes from the summary to a type to an item', async () => {
    const page = await world.contexts.get('viewer')!.newPage();
    try {
      await openScreen(page, '/catalog');
      const summary = page.getByRole('table', { name: 'Catalog summary' });
      const rows = summary.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      // Type ascending: Fleet::Database, then Fleet::Service with its three configs and their health.
      await expect.poll(() => rows.nth(0).textContent()).toContain('Fleet::Database');
      expect(await rows.nth(1).textContent()).toMatch(/Fleet::Service.*3.*2 healthy.*1 unhealthy/);
      await screenshot(page, 'catalog-list-summary');

      // Grouped by the region tag instead.
      await openScreen(page, '/catalog?groupBy=region__tag');
      const cells = (n: number) => summary.locator(`tbody tr td:nth-child(${n})`).allTextContents();
      await expect.poll(() => cells(1)).toEqual(['eu', 'us']);
      expect(await cells(2)).toEqual(['3', '1']);

      await openScreen(page, '/catalog');
      await rows.filter({ hasText: 'Fleet::Service' }).click();
      await expect.poll(() => search(page).get('configType')).toBe('Fleet::Service');
      const configs = page.getByRole('table', { name: 'Configs' });
      const names = () => configs.locator('tbody tr[data-index] td:first-child').allTextContents();
      await expect.poll(names).toEqual(['api', 'web', 'worker']);
      expect(await page.getByRole('link', { name: 'Changes' }).getAttribute('href')).toBe('/catalog/changes?configType=Fleet%3A%3AService');

      // Health excluded through the filter, shown as a chip.
      await page.getByRole('button', { name: 'Health: All' }).click();
      await page.getByRole('button', { name: 'Exclude unhealthy' }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => search(page).get('health')).toBe('unhealthy:-1');
      await expect.poll(names).toEqual(['api', 'web']);
      expect(await page.getByRole('list', { name: 'Active filters' }).textContent()).toContain('not health: unhealthy');
      await screenshot(page, 'catalog-list-configs');

      await openScreen(page, '/catalog?configType=Fleet::Service');
      await configs.locator('tbody tr[data-index]').filter({ hasText: 'worker' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/catalog\/[0-9a-f-]{36}$/);
    } finally {
      await page.close();
    }
  });

  it('sorts the configs by a header click, kept in the URL, and fits both tables in the pane at 1440×900 and 1280×720', async () => {
    const page = await world.contexts.get('viewer')!.newPage();
    try {
      const configs = page.getByRole('table', { name: 'Configs' });
      const names = () => configs.locator('tbody tr[data-index] td:first-child').allTextContents();
      await openScreen(page, '/catalog?configType=Fleet::Service');
      await expect.poll(names).toEqual(['api', 'web', 'worker']);
      const nameHeader = configs.getByRole('columnheader', { name: 'Name' });
      await nameHeader.getByRole('button').click();
      await expect.poll(() => [search(page).get('sortBy'), search(page).get('sortOrder')]).toEqual(['name', 'asc']);
      await nameHeader.getByRole('button').press('Enter');
      await expect.poll(() => search(page).get('sortOrder')).toBe('desc');
      await expect.poll(names).toEqual(['worker', 'web', 'api']);
      expect(await nameHeader.getAttribute('aria-sort')).toBe('descending');

      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await openScreen(page, '/catalog');
        await page.getByRole('table', { name: 'Catalog summary' }).locator('tbody tr').first().waitFor();
        await expectNoHorizontalOverflow(page);
        await openScreen(page, '/catalog?configType=Fleet::Service');
        await expect.poll(names).toEqual(['api', 'web', 'worker']);
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `catalog-list-configs-${viewport.width}`);
      }
    } finally {
      await page.close();
    }
  });
});
