import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { dbRows, field, openScreen, setEditorText, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

interface TopologyRow {
  id: string;
  name: string;
  source: string | null;
  spec: Record<string, unknown>;
}

/** The topology form (spec 3 §2.7) against a real server: its own Add, source 'UI', components as YAML, 'Linked to'. */
describe('settings: topologies', () => {
  let world: SettingsWorld;

  beforeAll(async () => {
    world = await settingsWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('adds a topology with the form, refusing components without a name', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/topologies');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Topology' });
      await dialog.getByRole('tab', { name: 'Form', selected: true }).waitFor();
      expect(await field(dialog, 'Source').inputValue()).toBe('UI');

      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('This field is required').waitFor();
      await field(dialog, 'Name').fill('e2e-shop');
      await dialog.getByLabel('Schedule').selectOption('@every 5m');
      await field(dialog, 'Icon').fill('shop');
      await field(dialog, 'Type').fill('Shop');
      await setEditorText(page, 'Components', '- type: Service\n', dialog);
      await dialog.getByText('Every component needs a name').waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      expect(await dbRows<TopologyRow>(world.api, 'topologies?name=eq.e2e-shop')).toEqual([]);

      await setEditorText(page, 'Components', '- name: checkout\n  type: Service\n', dialog);
      await expect.poll(() => dialog.getByText('Every component needs a name').count()).toBe(0);
      await dialog.getByRole('tab', { name: 'YAML' }).click();
      await expect.poll(() => dialog.getByRole('textbox', { name: 'Spec' }).textContent()).toContain('name: checkout');
      await screenshot(page, 'settings-topology-form-add');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'e2e-shop created successfully');

      const [stored] = await dbRows<TopologyRow>(world.api, 'topologies?name=eq.e2e-shop');
      expect(stored?.source).toBe('UI');
      expect(stored?.spec).toEqual({ schedule: '@every 5m', icon: 'shop', type: 'Shop', components: [{ name: 'checkout', type: 'Service' }] });
    } finally {
      await page.close();
    }
  });

  it("shows a topology from Kubernetes as linked to it, with the form read-only", async () => {
    const [topology] = (await (
      await world.api.post('/api/db/topologies', {
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Prefer: 'return=representation' },
        data: { name: 'from-cluster', source: 'kubernetes/default/from-cluster', spec: { icon: 'kubernetes', components: [{ name: 'api' }] } },
      })
    ).json()) as TopologyRow[];
    const page = await world.admin.newPage();
    try {
      await openScreen(page, `/settings/topologies/${topology?.id ?? ''}`);
      await page.getByRole('note').getByText('Linked to Kubernetes').waitFor();
      expect(await field(page, 'Icon').inputValue()).toBe('kubernetes');
      expect(await field(page, 'Icon').isDisabled()).toBe(true);
      await screenshot(page, 'settings-topology-form-linked');
      expect(await page.getByRole('button', { name: 'Update' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('lists topologies with long names and sources without sideways scrolling at both screen sizes', async () => {
    const name = 'payments_settlement_reconciliation.eu-central-1.production_primary_cluster';
    const created = await world.api.post('/api/db/topologies', {
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      data: {
        name,
        namespace: 'finance-settlement-and-reconciliation-production',
        source: 'kubernetes/finance-settlement-and-reconciliation-production/payments-settlement-reconciliation-eu-central-1',
        spec: { schedule: '@every 5m', components: [{ name: 'api' }] },
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const page = await world.admin.newPage();
    try {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await openScreen(page, '/settings/topologies');
        await page.getByRole('table', { name: 'Topologies' }).getByRole('row').filter({ hasText: name }).waitFor();
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `settings-topologies-${viewport.width}`);
      }
    } finally {
      await page.close();
    }
  });
});
