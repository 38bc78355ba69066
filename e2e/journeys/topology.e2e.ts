import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, screenshot } from '../support/browser.js';
import { applyYaml, startCheckTarget, type CheckTarget } from '../support/health.js';
import { submitSignIn, waitForPath } from '../support/identity.js';
import { newUser, signIn } from '../support/session.js';
import { dbRows, openScreen, toast, type SettingsWorld, settingsWorld } from '../support/settings.js';

/** A canary whose check the storefront component links, a file scraper for a catalog item to link, and two topologies. */
const specs = (target: string, file: string) => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: shop-checks}
spec:
  schedule: "@every 1m"
  http:
    - {name: storefront-home, url: "${target}/ok"}
---
apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata: {name: shop-databases}
spec:
  schedule: "@every 1m"
  file:
    - {type: App::Database, id: $.name, name: $.name, items: "$.databases[*]", paths: ["${file}"]}
---
apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata: {name: shop}
spec:
  schedule: "@every 5m"
  type: Application
  icon: http
  components:
    - name: storefront
      type: Website
      icon: http
      labels: {env: prod}
      checks: [{selector: {name: storefront-home}}]
      properties:
        - {name: requests, label: Requests, value: 120, unit: req/s, headline: true}
        - {name: owner, text: web team}
        - {name: memory, value: 800, max: 1000, unit: MB}
    - name: payments
      type: API
      labels: {env: prod}
      statusExpr: "'unhealthy'"
      properties:
        - {name: requests, label: Requests, value: 40, unit: req/s, headline: true}
    - name: ledger
      type: Database
      icon: postgres
      labels: {env: dev}
      statusExpr: "'warning'"
      properties:
        - {name: requests, label: Requests, value: 7, unit: req/s, headline: true}
---
apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata: {name: warehouse}
spec:
  schedule: "@every 5m"
  type: Warehouse
  statusExpr: "'healthy'"
  components:
    - {name: shelves, type: Storage, statusExpr: "'healthy'"}
`;

interface Card {
  id: string;
  name: string;
  status: string | null;
  components?: Card[];
}

/** Polls `ready` every second for up to a minute (set-up runs outside a test, where expect.poll is not available). */
async function until(what: string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

const params = (page: Page) => new URL(page.url()).searchParams;

/** The names of the dashboard's cards, in order. */
async function cardNames(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Components' }).getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
}

const card = (page: Page, name: string): Locator => page.getByRole('list', { name: 'Components' }).getByRole('article', { name, exact: true });

describe('topology dashboard', () => {
  let world: SettingsWorld;
  let target: CheckTarget;
  let dir: string;
  let shop: Card;

  beforeAll(async () => {
    world = await settingsWorld();
    target = await startCheckTarget();
    dir = await mkdtemp(path.join(tmpdir(), 'pharos-e2e-topology-'));
    const file = path.join(dir, 'databases.json');
    await writeFile(file, JSON.stringify({ databases: [{ name: 'orders-db' }] }));
    // The Topology specs run on the server's engine as soon as they are applied.
    await applyYaml(world, specs(target.url, file));
    await until('the topologies ran', async () => {
      const response = await world.api.get('/api/topology', { headers: { Accept: 'application/json' } });
      const roots = ((await response.json()) as { components: Card[] }).components;
      const found = roots.find((root) => root.name === 'shop');
      const statuses = Object.fromEntries((found?.components ?? []).map((child) => [child.name, child.status]));
      if (found && statuses['payments'] === 'unhealthy' && statuses['ledger'] === 'warning' && roots.some((root) => root.name === 'warehouse')) shop = found;
      return shop !== undefined;
    });
    await until('the scraper saved orders-db', async () => (await dbRows(world.api, 'configs?name=eq.orders-db&select=id')).length === 1);
  });

  afterAll(async () => {
    await target?.close();
    await world?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lands on the topology cards after signing in', async () => {
    const user = newUser();
    const registered = await newContext(world.browser, world.server.url);
    await signIn(registered, user);
    await registered.close();

    const context = await newContext(world.browser, world.server.url);
    const page = await context.newPage();
    try {
      await page.goto('/');
      await waitForPath(page, '/login');
      await submitSignIn(page, user.email, user.password);
      await waitForPath(page, '/topology');
      await card(page, 'shop').waitFor({ timeout: 15_000 });
      // Health desc by default: shop (unhealthy through payments) before warehouse.
      expect(await cardNames(page)).toEqual(['shop', 'warehouse']);
      expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText()).toBe('Dashboard');
      await screenshot(page, 'topology-dashboard');
    } finally {
      await context.close();
    }
  });

  it('filters, sorts and sizes the cards, keeping sort and width', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/topology');
      await card(page, 'shop').waitFor({ timeout: 15_000 });

      // A type lists the components of that type at any depth.
      await page.getByRole('combobox', { name: 'Type' }).selectOption('API');
      await expect.poll(() => params(page).get('type')).toBe('API');
      await expect.poll(() => cardNames(page)).toEqual(['payments']);
      await page.getByRole('combobox', { name: 'Type' }).selectOption('All');
      await expect.poll(() => params(page).get('type')).toBeNull();
      await page.getByRole('combobox', { name: 'Status' }).selectOption('healthy');
      await expect.poll(() => cardNames(page)).toEqual(['warehouse']);
      await page.getByRole('combobox', { name: 'Status' }).selectOption('All');
      await expect.poll(() => cardNames(page)).toEqual(['shop', 'warehouse']);
      // Labels offered are those of the components listed; no root carries env=dev.
      await page.getByRole('button', { name: 'Labels: All' }).click();
      await page.getByRole('checkbox', { name: 'env=dev' }).click();
      await expect.poll(() => params(page).get('labels')).toBe('env=dev');
      await page.keyboard.press('Escape');
      await page.getByText('There are no components matching this criteria').waitFor();
      await page.getByRole('button', { name: 'Labels: env=dev' }).click();
      await page.getByRole('checkbox', { name: 'env=dev' }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => cardNames(page)).toEqual(['shop', 'warehouse']);

      await page.getByRole('combobox', { name: 'Sort By' }).selectOption('Name');
      await page.getByRole('button', { name: 'Descending order' }).click();
      await expect.poll(() => [params(page).get('sortBy'), params(page).get('sortOrder')]).toEqual(['name', 'asc']);
      await expect.poll(() => cardNames(page)).toEqual(['shop', 'warehouse']);
      await page.getByRole('button', { name: 'Ascending order' }).click();
      await expect.poll(() => cardNames(page)).toEqual(['warehouse', 'shop']);

      await page.getByRole('button', { name: 'Small cards (198 px)' }).click();
      await expect.poll(() => card(page, 'shop').evaluate((element) => element.getBoundingClientRect().width)).toBe(198);
      await page.getByRole('slider', { name: 'Card width' }).fill('400');
      await expect.poll(() => card(page, 'shop').evaluate((element) => element.getBoundingClientRect().width)).toBe(400);

      // Both are remembered: a bare /topology comes back sorted by name descending, 400 px wide.
      await openScreen(page, '/topology');
      await expect.poll(() => cardNames(page)).toEqual(['warehouse', 'shop']);
      expect(await card(page, 'shop').evaluate((element) => element.getBoundingClientRect().width)).toBe(400);
      // Health with desc again clears the URL's sort.
      await page.getByRole('combobox', { name: 'Sort By' }).selectOption('Health');
      await expect.poll(() => cardNames(page)).toEqual(['shop', 'warehouse']);
      expect(params(page).get('sortBy')).toBeNull();
      expect(params(page).get('sortOrder')).toBeNull();
      await page.getByRole('button', { name: 'Extra large cards (554 px)' }).click();
    } finally {
      await page.close();
    }
  });

  it('follows a card to its component, keeping the other parameters, with coloured borders and the sidebar', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/topology?sortBy=name&sortOrder=asc');
      await card(page, 'shop').getByRole('link', { name: 'shop', exact: true }).click();
      await waitForPath(page, `/topology/${shop.id}`, { sortBy: 'name', sortOrder: 'asc' });
      await expect.poll(() => cardNames(page)).toEqual(['ledger', 'payments', 'storefront']);
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect.poll(() => crumbs.innerText()).toMatch(/^Dashboard\s*shop$/);

      // Red for unhealthy, orange for warning.
      const border = (name: string) => card(page, name).evaluate((element) => getComputedStyle(element).borderTopColor);
      expect(await border('payments')).toBe('rgb(180, 35, 24)');
      expect(await border('ledger')).toBe('rgb(220, 104, 3)');
      const side = page.getByRole('complementary', { name: 'Component details' });
      expect(await side.getByRole('heading', { name: 'shop' }).count()).toBe(1);

      await card(page, 'storefront').getByRole('link', { name: 'storefront', exact: true }).click();
      await waitForPath(page, '/topology/' + shop.components!.find((child) => child.name === 'storefront')!.id, { sortBy: 'name', sortOrder: 'asc' });
      await side.getByRole('heading', { name: 'storefront' }).waitFor();
      await expect.poll(() => crumbs.innerText()).toMatch(/^Dashboard\s*shop\s*storefront$/);
      await side.getByRole('link', { name: 'storefront-home' }).waitFor({ timeout: 15_000 });
      // A leaf shows itself as the one card, with its headline and its usage bar.
      const storefront = card(page, 'storefront');
      expect(await storefront.getByRole('list', { name: 'Headline properties' }).innerText()).toMatch(/Requests\s*120 req\/s/i);
      expect(await storefront.getByRole('meter', { name: 'memory usage' }).getAttribute('aria-valuenow')).toBe('80');
      await screenshot(page, 'topology-component');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'topology-component-dark');
      await page.emulateMedia({ colorScheme: 'light' });

      // The read-only view of one component, at the size the URL names.
      await page.goto(`/view/topology/${shop.id}?size=small`);
      const alone = page.getByRole('article', { name: 'shop' });
      await alone.waitFor({ timeout: 15_000 });
      expect(await alone.evaluate((element) => element.getBoundingClientRect().width)).toBe(198);
      expect(await page.locator('[data-shell="ready"]').count()).toBe(0);
      await page.goto('/view/topology/00000000-0000-4000-8000-00000000dead');
      await page.getByRole('heading', { name: 'Component not found' }).waitFor({ timeout: 15_000 });
    } finally {
      await page.close();
    }
  });

  it('links a catalog item, downloads a snapshot and opens the logs of a component from its sidebar', async () => {
    const storefront = shop.components!.find((child) => child.name === 'storefront')!;
    const page = await world.admin.newPage();
    try {
      await openScreen(page, `/topology/${storefront.id}`);
      const side = page.getByRole('complementary', { name: 'Component details' });
      await side.getByRole('heading', { name: 'storefront' }).waitFor({ timeout: 15_000 });

      const link = async () => {
        await side.getByRole('button', { name: 'Link to catalog item' }).click();
        const dialog = page.getByRole('dialog', { name: 'Link to catalog item' });
        await dialog.getByRole('searchbox', { name: 'Search catalog' }).fill('orders');
        await dialog.getByRole('radio', { name: /orders-db/ }).click();
        await dialog.getByRole('button', { name: 'Link', exact: true }).click();
      };
      await link();
      await toast(page, 'config link successful');
      const links = await dbRows<{ selector_id: string }>(world.api, `config_component_relationships?component_id=eq.${storefront.id}&select=selector_id`);
      expect(links).toEqual([{ selector_id: 'manual' }]);
      // Linking it again: the server's message.
      await link();
      // The dialog stays open, hiding the page (the toasts too) from the accessibility tree: found by text.
      await page.locator('section[aria-label="Notifications"]').getByText('This catalog item is already linked to the component', { exact: true }).waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');

      await side.getByRole('button', { name: 'Snapshot' }).click();
      const dialog = page.getByRole('dialog', { name: 'Snapshot' });
      expect(await dialog.getByRole('combobox', { name: 'Time range' }).inputValue()).toBe('30m');
      expect(await dialog.getByRole('checkbox', { name: 'Include related components' }).isChecked()).toBe(false);
      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.zip$/);
      await dialog.waitFor({ state: 'detached' });

      await side.getByRole('link', { name: 'View Logs' }).click();
      await waitForPath(page, '/logs', { topologyId: storefront.id });
    } finally {
      await page.close();
    }
  });
});
