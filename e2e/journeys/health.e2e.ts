import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { applyYaml, startCheckTarget, type CheckTarget } from '../support/health.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

/** The path and query the page is at. */
const search = (page: Page) => new URL(page.url()).searchParams;

/** The text of the first cell of each body row of the checks table: 'storefront(2)' for a group. */
async function firstCells(table: Locator): Promise<string[]> {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent ?? ''));
}

/** Two canaries applied as YAML really run on the server's engine, and /health shows what they measured. */
describe('health dashboard', () => {
  let world: SettingsWorld;
  let target: CheckTarget;

  beforeAll(async () => {
    world = await settingsWorld(['viewer']);
    target = await startCheckTarget();
    await applyYaml(
      world,
      `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: storefront, labels: {team: web}}
spec:
  schedule: "@every 1m"
  http:
    - name: storefront-home
      url: ${target.url}/ok
      labels: {tier: web}
      test: {expr: "json.status == 'ok'"}
    - name: storefront-payments
      description: Card payments
      url: ${target.url}/payments
      labels: {tier: web, critical: "true"}
    - name: storefront-search
      url: ${target.url}/search
      labels: {tier: web, critical: "false"}
---
apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: bank, namespace: finance}
spec:
  schedule: "@every 1m"
  http:
    - name: ledger
      url: ${target.url}/ledger
      labels: {tier: api}
    - name: statements
      url: ${target.url}/ok
      labels: {tier: api}
`,
    );
  });

  afterAll(async () => {
    await target?.close();
    await world?.close();
  });

  it('filters, searches, groups, tabs and lays out the checks, all in the URL', async () => {
    const page = await world.admin.newPage();
    try {
      // The new schedules run at once; the dashboard is reloaded until all five checks have run.
      await expect
        .poll(
          async () => {
            await openScreen(page, '/health?hidePassing=false&groupBy=no-group');
            const rows = page.getByRole('table', { name: 'Checks' }).locator('tbody tr');
            await rows.first().waitFor();
            const texts = await rows.evaluateAll((list) => list.map((row) => row.textContent ?? ''));
            return texts.length === 5 && texts.every((text) => /Healthy|Unhealthy/.test(text));
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(true);

      // The defaults: passing checks hidden, grouped by canary; storefront has two failing checks.
      await openScreen(page, '/health');
      const table = page.getByRole('table', { name: 'Checks' });
      await expect.poll(() => firstCells(table)).toEqual([expect.stringMatching(/^ledgerbank/), 'storefront(2)']);
      expect(await page.getByLabel('Health summary').innerText()).toMatch(/2 passing\s*3 failing/);
      await table.getByRole('button', { name: /storefront/ }).click();
      await expect.poll(() => firstCells(table)).toEqual([expect.stringMatching(/^ledgerbank/), 'storefront(2)', expect.stringMatching(/^storefront-paymentsstorefront/), expect.stringMatching(/^storefront-searchstorefront/)]);
      expect(await table.getByRole('row').filter({ hasText: 'storefront(2)' }).innerText()).toContain('Unhealthy');

      // Search covers the description too, and lives in `query`.
      const box = page.getByRole('searchbox', { name: 'Search checks' });
      await box.fill('card payments');
      await box.press('Enter');
      await expect.poll(() => firstCells(table)).toEqual([expect.stringMatching(/^storefront-payments/)]);
      await expect.poll(() => search(page).get('query')).toBe('card payments');
      await page.getByRole('button', { name: 'Clear search' }).click();

      // A boolean label is a three-state toggle; a value label a multi-select.
      const panel = page.getByRole('complementary', { name: 'Filters' });
      await panel.getByRole('button', { name: 'Exclude critical' }).click();
      await expect.poll(() => search(page).get('labels')).toBe('critical=true:-1');
      await page.getByRole('combobox', { name: 'Group By' }).selectOption('No Grouping');
      await expect.poll(() => firstCells(table)).toEqual([expect.stringMatching(/^ledger/), expect.stringMatching(/^storefront-search/)]);
      await panel.getByRole('button', { name: 'Exclude critical' }).click();
      await expect.poll(() => search(page).get('labels')).toBeNull();
      await panel.getByRole('button', { name: 'tier: All' }).click();
      // The checkbox follows the URL, which changes just after the click: click, then wait for the URL.
      await page.getByRole('checkbox', { name: 'api' }).click();
      await expect.poll(() => search(page).get('labels')).toBe('tier=api:1');
      await page.keyboard.press('Escape');
      await expect.poll(() => firstCells(table)).toEqual([expect.stringMatching(/^ledger/)]);
      await page.getByRole('checkbox', { name: 'Hide Passing' }).click();
      await expect.poll(() => search(page).get('hidePassing')).toBe('false');
      await expect.poll(() => firstCells(table)).toEqual([expect.stringMatching(/^ledger/), expect.stringMatching(/^statements/)]);
      await screenshot(page, 'health-dashboard-filters');

      // Tab By namespace: All first, then each namespace.
      await panel.getByRole('button', { name: 'tier: api' }).click();
      await page.getByRole('checkbox', { name: 'api' }).click();
      await expect.poll(() => search(page).get('labels')).toBeNull();
      await page.keyboard.press('Escape');
      const tabs = page.getByRole('tablist', { name: 'Tab By namespace' });
      await expect.poll(async () => tabs.getByRole('tab').allInnerTexts()).toEqual(['All (5)', 'default (3)', 'finance (2)']);
      await tabs.getByRole('tab', { name: 'finance (2)' }).click();
      await expect.poll(() => search(page).get('tab')).toBe('finance');
      await expect.poll(() => firstCells(table)).toEqual([expect.stringMatching(/^ledger/), expect.stringMatching(/^statements/)]);
      await tabs.getByRole('tab', { name: 'All (5)' }).click();

      // Group By a label key, then the card layout keeps the groups as headings.
      await page.getByRole('combobox', { name: 'Group By' }).selectOption('tier');
      await expect.poll(() => search(page).get('groupBy')).toBe('tier');
      await expect.poll(() => firstCells(table)).toEqual(['api(2)', 'web(3)']);
      await page.getByRole('button', { name: 'Card' }).click();
      await expect.poll(() => search(page).get('layout')).toBe('card');
      const web = page.getByRole('list', { name: 'web' });
      await expect.poll(async () => (await web.getByRole('button').all()).length).toBe(3);
      await screenshot(page, 'health-dashboard-cards');

      // A shared link shows the same view.
      const shared = page.url();
      const other = await world.admin.newPage();
      try {
        await openScreen(other, shared.replace(/^https?:\/\/[^/]+/, ''));
        await other.getByRole('list', { name: 'api' }).getByRole('button', { name: 'ledger' }).click();
        await expect.poll(() => search(other).get('checkId')).toMatch(/^[0-9a-f-]{36}$/);
        await other.getByRole('dialog', { name: 'ledger' }).waitFor();
      } finally {
        await other.close();
      }
    } finally {
      await page.close();
    }
  });

  it('fits the checks table in its pane at 1440×900 and 1280×720, a long endpoint cut with its title', async () => {
    // A database check's endpoint is a long connection string; it runs last, so the counts above stay as they are.
    const endpoint = `${target.url}/ok?database=orders-production-primary&sslmode=verify-full&application_name=pharos-health-dashboard&connect_timeout=30&options=statement_timeout%3D5000`;
    await applyYaml(
      world,
      `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: warehouse-inventory-reconciliation, namespace: finance}
spec:
  schedule: "@every 1m"
  http:
    - name: warehouse-inventory-reconciliation-primary-database-connection
      url: ${endpoint}
`,
    );
    const page = await world.admin.newPage();
    try {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await openScreen(page, '/health?hidePassing=false&groupBy=no-group');
        const table = page.getByRole('table', { name: 'Checks' });
        await expect
          .poll(
            async () => {
              await page.locator('header').getByRole('button', { name: 'Refresh', exact: true }).click();
              return (await firstCells(table)).join(' | ');
            },
            { timeout: 30_000, interval: 1_000 },
          )
          .toContain('warehouse-inventory-reconciliation-primary-database-connection');
        await expectNoHorizontalOverflow(page);
        // Transition, the last column, is in view.
        const transition = page.getByRole('columnheader', { name: 'Transition' });
        const box = await transition.boundingBox();
        expect(box && box.x + box.width <= viewport.width).toBe(true);
        await screenshot(page, `health-dashboard-${viewport.width}`);
      }
    } finally {
      await page.close();
    }
  });

  it('opens a check in its drawer from the table, with Run Now for those who may', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/health?groupBy=no-group');
      const table = page.getByRole('table', { name: 'Checks' });
      const failing = table.getByRole('row').filter({ hasText: 'storefront-payments' });
      await failing.click();
      const drawer = page.getByRole('dialog', { name: 'storefront-payments' });
      await drawer.getByRole('table', { name: 'History' }).getByText('status 503').first().waitFor();
      await drawer.getByRole('button', { name: 'Run Now' }).click();
      await toast(page, 'You have successfully initiated the check run.');
      expect(await drawer.getByRole('link', { name: 'Edit' }).getAttribute('href')).toMatch(/^\/settings\/canaries\/[0-9a-f-]{36}$/);
      await screenshot(page, 'health-check-drawer');
    } finally {
      await page.close();
    }
    const viewer = await world.contexts.get('viewer')!.newPage();
    try {
      await openScreen(viewer, '/health?groupBy=no-group');
      await viewer.getByRole('table', { name: 'Checks' }).getByText('storefront-payments').click();
      await viewer.getByRole('dialog', { name: 'storefront-payments' }).getByRole('table', { name: 'History' }).waitFor();
      expect(await viewer.getByRole('button', { name: 'Run Now' }).count()).toBe(0);
    } finally {
      await viewer.close();
    }
  });
});
