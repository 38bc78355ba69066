import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { applyYaml, startCheckTarget, type CheckTarget } from '../support/health.js';
import { dbRows, openScreen, settingsWorld, type SettingsWorld } from '../support/settings.js';

const headers = (table: Locator) => table.locator('thead th').allTextContents();
const firstCells = (table: Locator) => table.locator('tbody tr td:first-child').allTextContents();
/** How long a screen may take to show what it should on a busy machine. */
const POLL = { timeout: 20_000 };
/** A header cell's rendered width in whole pixels. */
const width = async (cell: Locator) => Math.round((await cell.boundingBox())?.width ?? 0);

async function openColumns(page: Page, table: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  const menu = page.getByRole('dialog', { name: `Columns of ${table}` });
  await menu.waitFor();
  return menu;
}

/** What the server keeps for the signed-in person of this page under a key. */
async function preference(page: Page, key: string): Promise<unknown> {
  const response = await page.request.get(`/api/preferences/${key}`);
  return ((await response.json()) as { value: unknown }).value;
}

/**
 * A person hides, reorders, resizes and keeps columns on the health list and the catalog; they come
 * back after a reload. A view saved under a name opens, from its link, with the same columns and filters
 * for a colleague in another browser.
 */
describe('table columns and saved views', () => {
  let world: SettingsWorld;
  let target: CheckTarget;
  let dir: string;

  beforeAll(async () => {
    world = await settingsWorld(['viewer']);
    target = await startCheckTarget();
    dir = await mkdtemp(path.join(tmpdir(), 'pharos-columns-'));
    await writeFile(path.join(dir, 'fleet.json'), JSON.stringify({ services: [{ name: 'api' }, { name: 'web' }] }));
    await applyYaml(
      world,
      `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: shop}
spec:
  schedule: "@every 1m"
  http:
    - name: shop-home
      url: ${target.url}/ok
      labels: {tier: web}
    - name: shop-ledger
      url: ${target.url}/ledger
      labels: {tier: api}
---
apiVersion: configs.flanksource.com/v1
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
      paths: [${JSON.stringify(path.join(dir, 'fleet.json'))}]
`,
    );
    // The scraper's first run comes within its interval.
    const deadline = Date.now() + 60_000;
    while ((await dbRows<{ id: string }>(world.api, 'configs?select=id&type=eq.Fleet::Service')).length < 2) {
      if (Date.now() > deadline) throw new Error('the scraper did not write the fleet within a minute');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  afterAll(async () => {
    await world?.close();
    await target?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('remembers hidden and reordered columns per person and shares a saved view by its URL', async () => {
    const page = await world.admin.newPage();
    const colleague = await world.contexts.get('viewer')!.newPage();
    try {
      await openScreen(page, '/health');
      const checks = page.getByRole('table', { name: 'Checks' });
      await expect.poll(() => headers(checks), POLL).toEqual(['Checks', 'Health', 'Uptime', 'Latency', 'Transition']);

      // Hide Latency, then move Transition up with the keyboard alone.
      let menu = await openColumns(page, 'Checks');
      await menu.getByRole('checkbox', { name: 'Latency' }).click();
      await menu.getByRole('checkbox', { name: 'Transition' }).focus();
      await page.keyboard.press('Alt+ArrowUp');
      await expect.poll(() => headers(checks), POLL).toEqual(['Checks', 'Health', 'Transition', 'Uptime']);
      await page.keyboard.press('Escape');
      await screenshot(page, 'columns-health');

      await openScreen(page, '/catalog');
      const summary = page.getByRole('table', { name: 'Catalog summary' });
      await expect.poll(() => headers(summary), POLL).toContain('Changes');
      menu = await openColumns(page, 'Catalog summary');
      await menu.getByRole('checkbox', { name: 'Changes' }).click();
      await expect.poll(() => headers(summary), POLL).not.toContain('Changes');
      const catalogHeaders = await headers(summary);
      // Insights 240 pixels wide by its width field (the keyboard path), Count widened by dragging its header's edge.
      const insightsWidth = menu.getByRole('spinbutton', { name: 'Width of Insights in pixels' });
      await insightsWidth.fill('240');
      const insights = summary.getByRole('columnheader', { name: 'Insights' });
      await expect.poll(() => width(insights), POLL).toBe(240);
      await page.keyboard.press('Escape');
      const count = summary.getByRole('columnheader', { name: 'Count' });
      const countBefore = await width(count);
      const edge = (await count.locator('[data-resize-handle="Count"]').boundingBox())!;
      await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
      await page.mouse.down();
      await page.mouse.move(edge.x + edge.width / 2 + 80, edge.y + edge.height / 2, { steps: 5 });
      await page.mouse.up();
      await expect.poll(() => width(count), POLL).toBeGreaterThanOrEqual(countBefore + 70);
      const countAfter = await width(count);

      // Kept on the server for this person …
      await expect.poll(() => preference(page, 'table.checks'), POLL).toMatchObject({ hidden: ['latency'] });
      await expect.poll(() => preference(page, 'table.catalog-summary'), POLL).toMatchObject({ hidden: ['changes'], widths: { analysis: 240, count: expect.any(Number) } });

      // … so a reload shows them again.
      await page.reload();
      await expect.poll(() => headers(summary), POLL).toEqual(catalogHeaders);
      await expect.poll(() => width(summary.getByRole('columnheader', { name: 'Insights' })), POLL).toBe(240);
      expect(Math.abs((await width(summary.getByRole('columnheader', { name: 'Count' }))) - countAfter)).toBeLessThanOrEqual(1);
      await openScreen(page, '/health');
      await expect.poll(() => headers(checks), POLL).toEqual(['Checks', 'Health', 'Transition', 'Uptime']);

      // Another person's tables are their own.
      await openScreen(colleague, '/health');
      const theirChecks = colleague.getByRole('table', { name: 'Checks' });
      await expect.poll(() => headers(theirChecks), POLL).toEqual(['Checks', 'Health', 'Uptime', 'Latency', 'Transition']);

      // A filtered list saved as a view.
      await openScreen(page, `/health?labels=${encodeURIComponent('tier=api:1')}`);
      const body = (table: Locator) => table.locator('tbody').textContent();
      await expect.poll(() => body(checks), POLL).toContain('shop-ledger');
      expect(await body(checks)).not.toContain('shop-home');
      await page.getByRole('button', { name: 'Views', exact: true }).click();
      const views = page.getByRole('dialog', { name: 'Views of Checks' });
      await views.getByRole('textbox', { name: 'View name' }).fill('API checks');
      await views.getByRole('button', { name: 'Save view' }).click();
      const link = views.getByRole('link', { name: 'API checks' });
      const href = await link.getAttribute('href');
      expect(href).toBeTruthy();
      const shared = new URL(href!, world.server.url);
      expect(shared.searchParams.get('labels')).toBe('tier=api:1');
      expect(shared.searchParams.get('columns')).toBe('name,status,last_transition_time,uptime');
      await expect.poll(async () => ((await preference(page, 'views.checks')) as { name: string }[] | null)?.map((view) => view.name), POLL).toEqual(['API checks']);

      // The colleague opens the link in their own browser: same columns, same filter, same rows.
      await openScreen(colleague, `${shared.pathname}${shared.search}`);
      await expect.poll(() => headers(theirChecks), POLL).toEqual(['Checks', 'Health', 'Transition', 'Uptime']);
      expect(new URL(colleague.url()).searchParams.get('labels')).toBe('tier=api:1');
      await expect.poll(() => firstCells(theirChecks), POLL).toEqual(await firstCells(checks));
      expect(await body(theirChecks)).not.toContain('shop-home');
      await screenshot(colleague, 'columns-shared-view');
    } finally {
      await page.close();
      await colleague.close();
    }
  });
});
