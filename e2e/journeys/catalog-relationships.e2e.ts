import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { dbRows, JSON_HEADERS, openScreen, toast, type SettingsWorld, settingsWorld } from '../support/settings.js';

const landscape = {
  clusters: [{ name: 'prod' }],
  services: [{ name: 'checkout', database: 'orders-db' }],
  databases: [{ name: 'orders-db' }],
  pods: ['checkout-1', 'checkout-2', 'checkout-3', 'checkout-4'].map((name) => ({ name, service: 'checkout' })),
};

/** A file scraper whose relationships make checkout's graph: prod above it, its database and four pods below. */
const scrapeConfig = (file: string) => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata: {name: shop-landscape}
spec:
  schedule: "@every 1m"
  file:
    - {type: App::Cluster, id: $.name, name: $.name, items: "$.clusters[*]", paths: ["${file}"]}
    - {type: App::Database, id: $.name, name: $.name, items: "$.databases[*]", paths: ["${file}"]}
    - type: App::Pod
      id: $.name
      name: $.name
      items: "$.pods[*]"
      paths: ["${file}"]
      transform:
        relationship:
          - {type: {value: App::Service}, name: {expr: config.service}, parent: true}
    - type: App::Service
      id: $.name
      name: $.name
      items: "$.services[*]"
      paths: ["${file}"]
      transform:
        relationship:
          - {type: {value: App::Database}, name: {expr: config.database}}
          - {expr: "[{'type': 'App::Cluster', 'name': 'prod'}]", parent: true}
`;

/** The centre of a node of the graph on the page. */
async function centre(node: Locator): Promise<{ x: number; y: number }> {
  const box = await node.boundingBox();
  if (!box) throw new Error('node not laid out');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Whether `inner` lies wholly inside `outer` on the page. */
async function inView(outer: Locator, inner: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([outer.boundingBox(), inner.boundingBox()]);
  return !!a && !!b && b.x >= a.x && b.y >= a.y && b.x + b.width <= a.x + a.width && b.y + b.height <= a.y + a.height;
}

const node = (page: Page, name: string) => page.getByTestId('relationships-graph').getByRole('link', { name: new RegExp(`^${name}\\s*App::`) });

describe('catalog relationships', () => {
  let world: SettingsWorld;
  let dir: string;
  let checkoutId: string;

  beforeAll(async () => {
    world = await settingsWorld();
    dir = await mkdtemp(path.join(tmpdir(), 'pharos-e2e-relationships-'));
    const file = path.join(dir, 'landscape.json');
    await writeFile(file, JSON.stringify(landscape));
    const applied = await world.api.post('/api/apply', { headers: { 'Content-Type': 'application/yaml' }, data: scrapeConfig(file) });
    expect(applied.ok(), await applied.text()).toBe(true);
    // A new schedule runs at once: wait for the scrape's relationships (prod -> checkout, checkout -> db and 4 pods).
    const deadline = Date.now() + 60_000;
    while ((await dbRows(world.api, 'config_relationships?select=config_id&deleted_at=is.null')).length < 6) {
      if (Date.now() > deadline) throw new Error('the scrape made no relationships within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    checkoutId = (await dbRows<{ id: string }>(world.api, 'configs?name=eq.checkout&select=id'))[0]!.id;
  });

  afterAll(async () => {
    await world?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('draws the scraped relationships, expands and collapses a group, switches direction and edge style', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, `/catalog/${checkoutId}/relationships`);
      const graph = page.getByTestId('relationships-graph');
      await node(page, 'orders-db').waitFor({ timeout: 15_000 });
      await node(page, 'prod').waitFor();
      // Four pods of one type: a group node, collapsed because there are more than 3.
      const group = graph.getByRole('button', { name: 'Expand 4 App::Pod' });
      await group.waitFor();
      expect(await graph.getByText('checkout-1').count()).toBe(0);
      // prod -> checkout, checkout -> orders-db and checkout -> the group
      await expect.poll(() => graph.locator('.react-flow__edge-path').count()).toBe(3);

      // Left to right: prod (upstream) left of checkout, orders-db (downstream) right of it.
      await expect.poll(async () => (await centre(node(page, 'prod'))).x < (await centre(node(page, 'checkout'))).x).toBe(true);
      expect((await centre(node(page, 'orders-db'))).x).toBeGreaterThan((await centre(node(page, 'checkout'))).x);

      await group.click();
      await graph.getByRole('link', { name: /^checkout-4\s*App::Pod/ }).waitFor();
      expect(await graph.getByRole('link', { name: /^checkout-\d\s*App::Pod/ }).count()).toBe(4);
      await expect.poll(() => graph.locator('.react-flow__edge-path').count()).toBe(7);
      // The view fits the new layout once its nodes have moved.
      await expect.poll(async () => inView(graph, node(page, 'checkout-4'))).toBe(true);
      await screenshot(page, 'catalog-relationships-expanded');
      await graph.getByRole('button', { name: 'Collapse 4 App::Pod' }).click();
      await expect.poll(() => graph.getByText('checkout-1').count()).toBe(0);

      // Top to bottom: prod above checkout, orders-db below it.
      await page.getByRole('button', { name: 'Direction LR' }).click();
      await expect
        .poll(async () => {
          const [prod, checkout, db] = await Promise.all([centre(node(page, 'prod')), centre(node(page, 'checkout')), centre(node(page, 'orders-db'))]);
          return prod.y < checkout.y && checkout.y < db.y;
        })
        .toBe(true);
      await page.getByRole('button', { name: 'Direction TB' }).waitFor();

      // Bezier edges are cubic curves; smoothstep ones are straight runs with rounded corners.
      const edgePath = graph.locator('.react-flow__edge-path').first();
      expect(await edgePath.getAttribute('d')).toContain('C');
      await page.getByRole('button', { name: 'Edges bezier' }).click();
      await expect.poll(async () => (await edgePath.getAttribute('d')) ?? '').not.toContain('C');
      await screenshot(page, 'catalog-relationships-tb-smoothstep');

      // A node opens its config.
      await node(page, 'orders-db').click();
      const ordersDb = (await dbRows<{ id: string }>(world.api, 'configs?name=eq.orders-db&select=id'))[0]!.id;
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/catalog/${ordersDb}`);
    } finally {
      await page.close();
    }
  });

  it('unlinks a manual component link after confirmation', async () => {
    const created = await world.api.post('/api/db/components', { headers: { ...JSON_HEADERS, Prefer: 'return=representation' }, data: { name: 'payments', type: 'Service' } });
    expect(created.ok(), await created.text()).toBe(true);
    const [component] = (await created.json()) as Array<{ id: string }>;
    const linked = await world.api.post('/api/db/config_component_relationships', {
      headers: JSON_HEADERS,
      data: { component_id: component!.id, config_id: checkoutId, selector_id: 'manual' },
    });
    expect(linked.ok(), await linked.text()).toBe(true);

    const page = await world.admin.newPage();
    try {
      await openScreen(page, `/catalog/${checkoutId}/relationships`);
      await page.getByRole('button', { name: 'Unlink payments' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete config link' });
      await dialog.getByText('Are you sure you want to delete this config link').waitFor();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Deleted config link successfully');
      expect(await dbRows(world.api, `config_component_relationships?config_id=eq.${checkoutId}`)).toEqual([]);
      await expect.poll(() => page.getByRole('button', { name: 'Unlink payments' }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
