import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { dbRows, field, openScreen, setEditorText, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

interface TopologyRow {
  id: string;
  name: string;
  namespace: string;
  spec: Record<string, unknown>;
  labels: Record<string, string>;
  deleted_at: string | null;
}

describe('settings: generic resources', () => {
  let world: SettingsWorld;

  beforeAll(async () => {
    world = await settingsWorld(['viewer']);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('creates a topology with a spec, edits it and deletes it', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/topologies');
      await page.getByText('No resources found').waitFor();
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Topology' });
      await dialog.waitFor();
      expect(await field(dialog, 'Namespace').inputValue()).toBe('default');
      await field(dialog, 'Name').fill('e2e-payments');
      // The topology form opens on its Form tab; this journey writes the spec as YAML.
      await dialog.getByRole('tab', { name: 'YAML' }).click();
      await setEditorText(page, 'Spec', 'schedule: "@every 5m"\ntype: service\ncomponents:\n  - name: api\n    type: service\n', dialog);
      await screenshot(page, 'settings-topology-add');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'e2e-payments created successfully');
      await dialog.waitFor({ state: 'detached' });

      const table = page.getByRole('table', { name: 'Topologies' });
      const row = table.getByRole('row').filter({ hasText: 'e2e-payments' });
      await row.waitFor();
      expect(await row.innerText()).toContain('@every 5m');
      expect(await row.innerText()).toContain('Grace Hopper');
      const [stored] = await dbRows<TopologyRow>(world.api, 'topologies?name=eq.e2e-payments');
      expect(stored?.spec).toEqual({ schedule: '@every 5m', type: 'service', components: [{ name: 'api', type: 'service' }] });

      await row.click();
      await page.waitForURL((url) => url.pathname === `/settings/topologies/${stored?.id ?? ''}`);
      await page.getByRole('button', { name: 'Update' }).waitFor();
      expect(await field(page, 'Name').isDisabled()).toBe(true);
      expect(await field(page, 'Namespace').isDisabled()).toBe(true);
      expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Spec', 'Job History', 'Form', 'YAML']);
      await page.getByRole('tab', { name: 'YAML' }).click();
      await setEditorText(page, 'Spec', 'schedule: "@every 1m"\ncomponents:\n  - name: api\n  - name: worker\n');
      await setEditorText(page, 'Labels', 'team: payments\n');
      await screenshot(page, 'settings-topology-edit');
      await page.getByRole('button', { name: 'Update' }).click();
      await toast(page, 'e2e-payments updated successfully');
      await page.waitForURL((url) => url.pathname === '/settings/topologies');
      const [updated] = await dbRows<TopologyRow>(world.api, 'topologies?name=eq.e2e-payments');
      expect(updated?.spec).toEqual({ schedule: '@every 1m', components: [{ name: 'api' }, { name: 'worker' }] });
      expect(updated?.labels).toEqual({ team: 'payments' });
      await row.getByText('@every 1m').waitFor();

      await row.click();
      await page.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText('Are you sure you want to delete e2e-payments?').waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'e2e-payments deleted successfully');
      await page.waitForURL((url) => url.pathname === '/settings/topologies');
      await page.getByText('No resources found').waitFor();
      const [deleted] = await dbRows<TopologyRow>(world.api, 'topologies?name=eq.e2e-payments');
      expect(deleted?.deleted_at).not.toBeNull();
    } finally {
      await page.close();
    }
  });

  it('checks the spec against the schema of its kind', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/canaries');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Health Check' });
      expect(await dialog.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/canary-checker');
      // A health check opens on its form; the schema's diagnostics are in the YAML editor beside it.
      await dialog.getByRole('tab', { name: 'YAML' }).click();
      await setEditorText(page, 'Spec', 'http:\n  - url: https://example.com\n', dialog);
      await dialog.getByRole('list', { name: 'Problems in Spec' }).getByText(/name/).waitFor({ timeout: 10_000 });
    } finally {
      await page.close();
    }
  });

  it('offers a viewer neither Add nor Update', async () => {
    const [topology] = await (
      await world.api.post('/api/db/topologies', {
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Prefer: 'return=representation' },
        data: { name: 'read-only', spec: { schedule: '@every 5m' } },
      })
    ).json();
    const page = await world.contexts.get('viewer')!.newPage();
    try {
      await openScreen(page, '/settings/topologies');
      await page.getByRole('table', { name: 'Topologies' }).getByText('read-only').click();
      await page.waitForURL((url) => url.pathname === `/settings/topologies/${(topology as { id: string }).id}`);
      await page.getByRole('tab', { name: 'YAML' }).click();
      await page.getByRole('textbox', { name: 'Spec' }).waitFor();
      expect(await page.getByRole('button', { name: 'Update' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      await page.goto('/settings/topologies');
      await page.getByRole('table', { name: 'Topologies' }).getByText('read-only').waitFor();
      expect(await page.getByRole('button', { name: 'Add', exact: true }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('shows a resource applied from a file as linked to it, without the editor actions', async () => {
    const applied = await world.api.post('/api/apply', {
      headers: { 'Content-Type': 'application/yaml' },
      data: 'apiVersion: canaries.flanksource.com/v1\nkind: Topology\nmetadata:\n  name: from-git\nspec:\n  schedule: "@every 10m"\n  components:\n    - name: api\n',
    });
    expect(applied.status()).toBe(200);
    const { resources } = (await applied.json()) as { resources: { id: string; action: string }[] };
    expect(resources[0]?.action).toBe('created');
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/topologies');
      await page.getByRole('table', { name: 'Topologies' }).getByText('from-git').click();
      await page.waitForURL((url) => url.pathname === `/settings/topologies/${resources[0]?.id ?? ''}`);
      await page.getByText('Linked to local file').waitFor();
      await screenshot(page, 'settings-topology-linked-to-file');
      expect(await page.getByRole('button', { name: 'Update' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('lists health checks with long names and sources without sideways scrolling at both screen sizes', async () => {
    const name = 'http_payments_gateway_settlement_export.eu-central-1.production_primary';
    const created = await world.api.post('/api/db/canaries', {
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      data: {
        name,
        namespace: 'finance-settlement-and-reconciliation-production',
        source: 'git/https://git.example.com/platform/observability-config.git/canaries/finance/settlement-export.yaml',
        spec: { schedule: '@every 5m', http: [{ name: 'settlement-export', url: 'https://payments.example.com/v2/settlements/exports/latest?format=csv' }] },
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const page = await world.admin.newPage();
    try {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await openScreen(page, '/settings/canaries');
        await page.getByRole('table', { name: 'Health Checks' }).getByRole('row').filter({ hasText: name }).waitFor();
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `settings-canaries-${viewport.width}`);
      }
    } finally {
      await page.close();
    }
  });
});
