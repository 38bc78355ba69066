import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { JSON_HEADERS, openScreen, settingsWorld, type SettingsWorld } from '../support/settings.js';

const search = (page: Page) => new URL(page.url()).searchParams;

/** The config name of each body row of the changes table (its second cell). */
async function configCells(table: Locator): Promise<string[]> {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));
}

const landscape = (version: number) =>
  JSON.stringify({
    databases: [{ name: 'orders-db', version: version === 1 ? '15' : '16' }],
    services: [
      { name: 'checkout', replicas: version === 1 ? 2 : 3 },
      { name: 'search', replicas: version === 3 ? 2 : 1 },
    ],
  });

/**
 * A file scraper applied as YAML runs on the server's engine; the file changes between two of its
 * runs, and /catalog/changes shows the diff changes it found, filters them through the URL and
 * the filter bar, and opens one with its unified diff.
 */
describe('catalog changes', () => {
  let world: SettingsWorld;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    world = await settingsWorld();
    dir = await mkdtemp(path.join(tmpdir(), 'pharos-e2e-changes-'));
    file = path.join(dir, 'landscape.json');
    await writeFile(file, landscape(1));
    const applied = await world.api.post('/api/apply', {
      headers: { 'Content-Type': 'application/yaml' },
      data: `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata: {name: landscape}
spec:
  schedule: "@every 2s"
  file:
    - type: App::Database
      id: $.name
      name: $.name
      items: $.databases[*]
      paths: [${JSON.stringify(file)}]
    - type: App::Service
      id: $.name
      name: $.name
      items: $.services[*]
      paths: [${JSON.stringify(file)}]
`,
    });
    expect(applied.ok(), await applied.text()).toBe(true);
  });

  afterAll(async () => {
    await world?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lists the diff changes, filters them, and shows a change with its diff', async () => {
    const page = await world.admin.newPage();
    try {
      // The first run adds three items; the next run after the file changes finds two diff changes.
      await expect
        .poll(async () => ((await (await world.api.get('/api/db/configs?select=id&type=like.App::*')).json()) as unknown[]).length, { timeout: 60_000, interval: 1_000 })
        .toBe(3);
      await writeFile(file, landscape(2));
      await expect
        .poll(
          async () => {
            const response = await world.api.post('/api/catalog/changes', { headers: JSON_HEADERS, data: { config_type: 'App::*' } });
            return ((await response.json()) as { total: number }).total;
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(2);

      await openScreen(page, '/catalog/changes');
      const table = page.getByRole('table', { name: 'Changes' });
      await expect.poll(async () => (await configCells(table)).sort()).toEqual(['checkout', 'orders-db']);
      await expect.poll(() => page.getByText('2 changes, 1 pages').count()).toBe(1);
      await screenshot(page, 'catalog-changes-list');

      // A config type filter kept in the URL, as a link would give it.
      await openScreen(page, '/catalog/changes?configTypes=App::Database:1');
      await expect.poll(() => configCells(table)).toEqual(['orders-db']);

      // Summary typed in the filter bar applies as it is typed.
      await openScreen(page, '/catalog/changes');
      const summary = page.getByRole('textbox', { name: 'Summary' });
      await summary.fill('*replicas*');
      await expect.poll(() => search(page).get('summary')).toBe('*replicas*');
      await expect.poll(() => configCells(table)).toEqual(['checkout']);

      // Diff changes are info: a severity of high or more leaves none.
      await page.getByRole('combobox', { name: 'Severity' }).selectOption('high');
      await expect.poll(() => search(page).get('severity')).toBe('high');
      await expect.poll(() => table.getByText('No data available').count()).toBe(1);
      await page.getByRole('combobox', { name: 'Severity' }).selectOption('All');
      await expect.poll(() => configCells(table)).toEqual(['checkout']);

      await table.getByText('checkout').click();
      const drawer = page.getByRole('dialog', { name: 'diff: checkout' });
      const diff = drawer.getByRole('region', { name: 'Diff' });
      await expect.poll(() => diff.innerText()).toContain('+  "replicas": 3');
      expect(await diff.innerText()).toContain('-  "replicas": 2');
      expect(await drawer.getByRole('region', { name: 'Patch' }).innerText()).toContain('/replicas');
      await screenshot(page, 'catalog-changes-diff');
    } finally {
      await page.close();
    }
  });

  it('finds changes made after the page opened on Refresh, and fits the changes and insights tables at 1440×900 and 1280×720', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/catalog/changes');
      const table = page.getByRole('table', { name: 'Changes' });
      await expect.poll(async () => (await configCells(table)).sort()).toEqual(['checkout', 'orders-db']);
      // A change made now, after the page asked for the last two days, shows on Refresh.
      await writeFile(file, landscape(3));
      await expect
        .poll(
          async () => {
            const response = await world.api.post('/api/catalog/changes', { headers: JSON_HEADERS, data: { config_type: 'App::*' } });
            return ((await response.json()) as { total: number }).total;
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(3);
      await page.locator('header').getByRole('button', { name: 'Refresh', exact: true }).click();
      await expect.poll(async () => (await configCells(table)).sort()).toEqual(['checkout', 'orders-db', 'search']);

      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await openScreen(page, '/catalog/changes');
        await expect.poll(async () => (await configCells(table)).length).toBe(3);
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `catalog-changes-${viewport.width}`);
        await openScreen(page, '/catalog/insights');
        await page.getByRole('table', { name: 'Insights' }).waitFor();
        await expectNoHorizontalOverflow(page);
        expect(await page.title()).toBe('Insights | Catalog | Pharos');
      }
    } finally {
      await page.close();
    }
  });
});
