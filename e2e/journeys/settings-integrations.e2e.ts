import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { dbRows, field, JSON_HEADERS, openScreen, setEditorText, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

const pathname = (page: Page) => new URL(page.url()).pathname;
const INTEGRATIONS = '/settings/integrations';
const UNAUTHORIZED = 'You do not have permission to access this page';

interface Row {
  id: string;
  name: string;
  spec: Record<string, unknown>;
}

/**
 * The integrations screens (spec 3 §2.5–2.7) against a real server: scrapers, topologies and log
 * backends in one list, each direct kind added from 'Add Integration', a topology edited from its
 * row, a scraper's job history from its real runs, and a GitOps install generated from values.
 */
describe('settings: integrations', () => {
  let world: SettingsWorld;
  let dir: string;
  let scraperId: string;

  const post = async (table: string, data: Record<string, unknown>): Promise<Row> => {
    const response = await world.api.post(`/api/db/${table}`, { headers: { ...JSON_HEADERS, Prefer: 'return=representation' }, data });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as Row[])[0]!;
  };

  beforeAll(async () => {
    world = await settingsWorld(['responder']);
    dir = await mkdtemp(path.join(tmpdir(), 'pharos-integrations-'));
    await writeFile(path.join(dir, 'hosts.json'), JSON.stringify({ hosts: [{ id: 'h-1', name: 'db-1' }] }));
    scraperId = (
      await post('config_scrapers', {
        name: 'seeded-hosts',
        // A new schedule runs at once; hourly, its last run stays that first one while the test reads it.
        spec: { schedule: '@every 1h', file: [{ type: 'Inventory::Host', id: '$.id', name: '$.name', items: '$.hosts[*]', format: 'json', icon: 'server', paths: [path.join(dir, 'hosts.json')] }] },
      })
    ).id;
    await post('topologies', { name: 'seeded-shop', source: 'UI', spec: { icon: 'shop', components: [{ name: 'checkout' }] } });
    await post('logging_backends', { name: 'seeded-logs', spec: { file: { paths: [path.join(dir, '*.log')] } } });
  });

  afterAll(async () => {
    await world?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lists the seeded scraper, topology and log backend, and adds one of each direct kind', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, INTEGRATIONS);
      const table = page.getByRole('table', { name: 'Integrations' });
      for (const name of ['seeded-hosts', 'seeded-shop', 'seeded-logs']) await table.getByText(name, { exact: true }).waitFor();
      await table.locator('tbody tr').filter({ hasText: 'seeded-hosts' }).getByRole('img', { name: 'Catalog Scraper' }).waitFor();
      await table.locator('tbody tr').filter({ hasText: 'seeded-shop' }).getByRole('img', { name: 'Topology' }).waitFor();
      await table.locator('tbody tr').filter({ hasText: 'seeded-logs' }).getByRole('img', { name: 'Log Backend' }).waitFor();
      await screenshot(page, 'settings-integrations-list');

      const add = async (option: string) => {
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        await page.getByRole('dialog', { name: 'Add Integration' }).getByRole('button', { name: option }).click();
        const dialog = page.getByRole('dialog', { name: `Add Integration - ${option}` });
        await dialog.waitFor();
        return dialog;
      };

      let dialog = await add('Custom Topology');
      await field(dialog, 'Name').first().fill('e2e-topology');
      await setEditorText(page, 'Components', '- name: api\n  type: Service\n', dialog);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'e2e-topology created successfully');
      await dialog.waitFor({ state: 'detached' });

      dialog = await add('Catalog Scraper');
      await field(dialog, 'Name').first().fill('e2e-scraper');
      await dialog.getByRole('tab', { name: 'YAML' }).click();
      await setEditorText(page, 'Spec', `schedule: "@every 1h"\nfile:\n  - type: Inventory::Disk\n    id: $.id\n    format: json\n    icon: disk\n    paths: [${path.join(dir, 'hosts.json')}]\n`, dialog);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'e2e-scraper created successfully');
      await dialog.waitFor({ state: 'detached' });

      dialog = await add('Log Backends');
      await field(dialog, 'Name').first().fill('e2e-logs');
      await dialog.getByLabel('Kind', { exact: true }).selectOption({ label: 'Files' });
      await field(dialog, 'Paths').fill('/var/log/e2e/*.log');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'e2e-logs created successfully');
      await dialog.waitFor({ state: 'detached' });

      for (const name of ['e2e-topology', 'e2e-scraper', 'e2e-logs']) await table.getByText(name, { exact: true }).waitFor();
      expect((await dbRows<Row>(world.api, 'topologies?name=eq.e2e-topology'))[0]?.spec).toEqual({ components: [{ name: 'api', type: 'Service' }] });
      expect((await dbRows<Row>(world.api, 'config_scrapers?name=eq.e2e-scraper'))[0]?.spec).toMatchObject({ schedule: '@every 1h', file: [{ type: 'Inventory::Disk' }] });
      expect((await dbRows<Row>(world.api, 'logging_backends?name=eq.e2e-logs'))[0]?.spec).toEqual({ file: { paths: ['/var/log/e2e/*.log'] } });
    } finally {
      await page.close();
    }
  });

  it('opens a topology from its row, saves it and returns to the list', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, INTEGRATIONS);
      await page.getByRole('table', { name: 'Integrations' }).getByText('seeded-shop', { exact: true }).click();
      await expect.poll(() => pathname(page)).toMatch(/^\/settings\/integrations\/topologies\/[0-9a-f-]{36}$/);
      await page.getByRole('tab', { name: 'Job History' }).waitFor();
      expect(await page.getByRole('tab').allInnerTexts()).toEqual(expect.arrayContaining(['Spec', 'Job History']));
      await field(page, 'Icon').fill('cart');
      await page.getByRole('button', { name: 'Update' }).click();
      await toast(page, 'seeded-shop updated successfully');
      await expect.poll(() => pathname(page)).toBe(INTEGRATIONS);
      expect((await dbRows<Row>(world.api, 'topologies?name=eq.seeded-shop'))[0]?.spec).toMatchObject({ icon: 'cart' });
    } finally {
      await page.close();
    }
  });

  it("shows a scraper's runs on its Job History tab and its last run from the list", async () => {
    const page = await world.admin.newPage();
    try {
      const history = page.getByRole('table', { name: 'Job History' });
      await expect
        .poll(
          async () => {
            await openScreen(page, `${INTEGRATIONS}/scrapers/${scraperId}?tab=job-history`);
            await history.waitFor();
            await page.waitForLoadState('networkidle');
            return history.locator('tbody tr').filter({ hasText: 'SUCCESS' }).count();
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBeGreaterThan(0);
      await screenshot(page, 'settings-integrations-job-history');

      const row = page.getByRole('table', { name: 'Integrations' }).locator('tbody tr').filter({ hasText: 'seeded-hosts' });
      await expect
        .poll(
          async () => {
            await openScreen(page, INTEGRATIONS);
            await row.waitFor();
            return row.textContent();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toContain('SUCCESS');
      await row.getByRole('button', { name: '(View details)' }).click();
      const details = page.getByRole('dialog', { name: /^Details for job / });
      await expect.poll(() => details.getByRole('region', { name: 'Scrape Summary' }).textContent()).toContain('Inventory::Host');
    } finally {
      await page.close();
    }
  });

  it('generates a Flux HelmRelease and Helm CLI install of the Kubernetes chart, and shows a schema error for a bad value', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, INTEGRATIONS);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByRole('dialog', { name: 'Add Integration' }).getByRole('button', { name: 'Kubernetes' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Integration - Kubernetes' });
      expect(await field(dialog, 'Namespace').inputValue()).toBe('mission-control');
      expect(await field(dialog, 'Interval').inputValue()).toBe('30m');
      await setEditorText(page, 'Values', 'clusterName: prod-eu\nscraper:\n  schedule: "@every 10m"\n', dialog);

      const manifest = dialog.getByLabel('Flux manifest', { exact: true });
      await expect.poll(() => manifest.textContent()).toContain('clusterName: prod-eu');
      const flux = (await manifest.textContent()) ?? '';
      expect(flux).toContain('kind: HelmRelease');
      expect(flux).toContain('chart: mission-control-kubernetes');
      expect(flux).toContain('url: https://flanksource.github.io/charts');
      await dialog.getByText('You will need to have Kubernetes chart installed in flux to use this option.').waitFor();
      await screenshot(page, 'settings-integrations-gitops-flux');

      await dialog.getByRole('tab', { name: 'Helm CLI' }).click();
      const helm = (await dialog.getByLabel('Helm CLI commands', { exact: true }).textContent()) ?? '';
      expect(helm).toContain('helm repo add flanksource https://flanksource.github.io/charts');
      expect(helm).toContain('helm repo update');
      expect(helm).toContain('helm install mission-control-kubernetes flanksource/mission-control-kubernetes -n "mission-control"');
      expect(helm).toContain('--set "clusterName=prod-eu"');
      expect(helm).toContain('--set "scraper.schedule=@every 10m"');

      await setEditorText(page, 'Values', 'clusterName: prod-eu\ntopology:\n  enabled: maybe\n', dialog);
      const problems = dialog.getByRole('list', { name: 'Problems in the values' });
      await expect.poll(() => problems.textContent()).toBe('Line 3: topology.enabled: must be boolean');
      expect(await dialog.getByLabel('Helm CLI commands', { exact: true }).count()).toBe(0);
      await screenshot(page, 'settings-integrations-gitops-error');

      await dialog.getByRole('button', { name: 'Close', exact: true }).filter({ hasText: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await page.close();
    }
  });

  it('opens a log backend from its row with the log backend form, saves it and returns to the list', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, INTEGRATIONS);
      await page.getByRole('table', { name: 'Integrations' }).getByText('seeded-logs', { exact: true }).click();
      await expect.poll(() => pathname(page)).toMatch(/^\/settings\/integrations\/logging_backends\/[0-9a-f-]{36}$/);
      const form = page.getByRole('form', { name: 'Edit seeded-logs' });
      await form.waitFor();
      expect(await form.getByLabel('Kind', { exact: true }).inputValue()).toBe('file');
      await field(form, 'Paths').fill(path.join(dir, 'app', '*.log'));
      await form.getByRole('button', { name: 'Update' }).click();
      await toast(page, 'seeded-logs updated successfully');
      await expect.poll(() => pathname(page)).toBe(INTEGRATIONS);
      expect((await dbRows<Row>(world.api, 'logging_backends?name=eq.seeded-logs'))[0]?.spec).toEqual({ file: { paths: [path.join(dir, 'app', '*.log')] } });
    } finally {
      await page.close();
    }
  });

  it('shows a responder the list without Add, and refuses them the detail page that needs write on integrations', async () => {
    const page = await world.contexts.get('responder')!.newPage();
    try {
      await openScreen(page, INTEGRATIONS);
      await page.getByRole('table', { name: 'Integrations' }).getByText('seeded-shop', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Add', exact: true }).count()).toBe(0);
      await openScreen(page, `${INTEGRATIONS}/scrapers/${scraperId}`);
      await page.getByText(UNAUTHORIZED, { exact: true }).waitFor();
      expect(await page.getByRole('form').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('leaves Log Backends out of Add Integration while the logs feature is disabled', async () => {
    const page = await world.admin.newPage();
    const flag = await world.api.post('/api/db/properties', { headers: JSON_HEADERS, data: { name: 'logs.disable', value: 'true' } });
    expect(flag.ok(), await flag.text()).toBe(true);
    try {
      await openScreen(page, INTEGRATIONS);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Integration' });
      const direct = dialog.getByRole('region', { name: 'Add Directly' });
      await direct.waitFor();
      expect((await direct.getByRole('button').allInnerTexts()).map((text) => text.trim())).toEqual(['Custom Topology', 'Catalog Scraper']);
      expect((await dialog.getByRole('region', { name: 'Add via GitOps' }).getByRole('button').allInnerTexts()).map((text) => text.trim())).toEqual([
        'AWS',
        'Azure',
        'Prometheus',
        'Flux',
        'Kubernetes',
        'Mission Control',
      ]);
    } finally {
      await page.close();
      await world.api.delete('/api/db/properties?name=eq.logs.disable', { headers: JSON_HEADERS });
    }
  });
});
