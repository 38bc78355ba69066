import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { dbRows, openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

/** The query parameters the page is at. */
const search = (page: Page) => new URL(page.url()).searchParams;

/** The text of the config editor's selected lines. */
const selectedLines = (page: Page) => page.locator('.cm-line[data-selected]').allTextContents();

/** A line number of the config editor's gutter. */
const lineNumber = (page: Page, line: number) => page.locator('.cm-lineNumbers .cm-gutterElement').filter({ hasText: new RegExp(`^${line}$`) });

interface Detail {
  id: string;
  scraper_id: string;
  summary: { changes: number; analysis: number; relationships: number; playbook_runs: number; checks: number };
}

/**
 * A file ScrapeConfig applied as YAML runs on the server's engine; its item opens on /catalog/{id}
 * with its tabs, details and the config as code whose selected lines live in the URL, and is
 * linked to an incident as evidence.
 */
describe('catalog config detail', () => {
  let world: SettingsWorld;
  let dir: string;
  let detail: Detail;

  beforeAll(async () => {
    world = await settingsWorld();
    dir = await mkdtemp(path.join(tmpdir(), 'pharos-catalog-detail-'));
    await writeFile(
      path.join(dir, 'shop.json'),
      JSON.stringify({ services: [{ name: 'checkout', team: 'payments', replicas: 3, database: 'orders' }], databases: [{ name: 'orders' }] }),
    );
    const applied = await world.api.post('/api/apply', {
      headers: { 'Content-Type': 'application/yaml' },
      data: `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata: {name: shop}
spec:
  schedule: "@every 5s"
  file:
    - type: Shop::Service
      class: Service
      id: $.name
      name: $.name
      items: $.services[*]
      labels: {team: $.team}
      paths: [${JSON.stringify(path.join(dir, 'shop.json'))}]
      transform:
        relationship:
          - filter: config_type == 'Shop::Service'
            type: {value: Shop::Database}
            name: {expr: config.database}
    - type: Shop::Database
      id: $.name
      name: $.name
      items: $.databases[*]
      paths: [${JSON.stringify(path.join(dir, 'shop.json'))}]
`,
    });
    expect(applied.ok(), await applied.text()).toBe(true);
    // Applying schedules the scraper on the engine; its first run comes within the interval.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [found] = await dbRows<Detail>(world.api, 'config_detail?name=eq.checkout&select=id,scraper_id,summary');
      if (found && found.summary.relationships > 0) {
        detail = found;
        break;
      }
      if (Date.now() > deadline) throw new Error('the scraper did not write checkout within a minute');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  afterAll(async () => {
    await world?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('opens the item with its tabs, details and the config as code with selectable lines', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, `/catalog/${detail.id}`);
      await page.getByRole('heading', { name: 'checkout' }).waitFor();
      const tabs = page.getByRole('navigation', { name: 'Config tabs' });
      expect(await tabs.getByRole('link').allTextContents()).toEqual([
        'Config',
        `Changes${detail.summary.changes}`,
        `Insights${detail.summary.analysis}`,
        `Relationships${detail.summary.relationships}`,
        `Playbooks${detail.summary.playbook_runs}`,
        `Checks${detail.summary.checks}`,
      ]);
      expect(detail.summary.relationships).toBe(1);

      const details = page.getByRole('complementary', { name: 'Details' });
      await details.getByText('Shop::Service').waitFor();
      expect(await details.getByRole('list', { name: 'Labels' }).textContent()).toBe('team: payments');
      expect(await details.getByRole('link', { name: 'shop' }).getAttribute('href')).toBe(`/catalog/scrapers/${detail.scraper_id}`);
      await details.getByText(/ago$/).first().waitFor();

      // JSON by default; a click on a line number selects it, shift-click a range, kept in the URL.
      const editor = page.getByRole('textbox', { name: 'Config' });
      await editor.waitFor();
      expect(await editor.getAttribute('data-language')).toBe('json');
      await lineNumber(page, 2).click();
      await lineNumber(page, 4).click({ modifiers: ['Shift'] });
      await expect.poll(() => search(page).get('selected')).toBe('2,3,4');
      await expect.poll(() => selectedLines(page)).toHaveLength(3);
      expect((await selectedLines(page)).join('\n')).toContain('"name": "checkout"');
      await lineNumber(page, 3).click();
      await expect.poll(() => search(page).get('selected')).toBe('2,4');
      await screenshot(page, 'catalog-detail-config');

      // A link with selected shows the same lines.
      await page.reload();
      await page.getByRole('textbox', { name: 'Config' }).waitFor();
      await expect.poll(() => selectedLines(page)).toHaveLength(2);

      await page.getByRole('button', { name: 'YAML' }).click();
      await expect.poll(() => editor.getAttribute('data-language')).toBe('yaml');
      await expect.poll(() => editor.textContent()).toContain('replicas: 3');
      expect(search(page).get('selected')).toBeNull();

      for (const [label, tab] of [
        ['Changes', 'changes'],
        ['Insights', 'insights'],
        ['Relationships', 'relationships'],
        ['Playbooks', 'playbooks'],
        ['Checks', 'checks'],
      ] as const) {
        await tabs.getByRole('link', { name: new RegExp(`^${label}`) }).click();
        await page.waitForURL((url) => url.pathname === `/catalog/${detail.id}/${tab}`);
        await expect.poll(() => tabs.locator('[aria-current="page"]').textContent()).toMatch(new RegExp(`^${label}`));
        expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toContain(label);
        // The graph of related configs: checkout's database, found by the scrape's relationship selector.
        if (tab === 'relationships') await page.getByText('orders', { exact: true }).first().waitFor();
      }
      await page.getByText('No health checks are related to this config.').waitFor();
      await tabs.getByRole('link', { name: 'Playbooks' }).click();
      await page.getByText('No playbooks apply to this config.').waitFor();
      await page.getByText('No playbook has run on this config.').waitFor();

      await openScreen(page, '/catalog/00000000-0000-0000-0000-0000000000ff');
      await page.getByRole('heading', { name: 'Details not found' }).waitFor();
    } finally {
      await page.close();
    }
  });

  it('links the config with its selected lines to an incident as evidence', async () => {
    const created = await world.api.post('/api/db/incidents', {
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      data: { title: 'Checkout is slow', severity: 'high', status: 'open' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const [incident] = (await dbRows<{ id: string; incident_id: string }>(world.api, 'incidents?title=eq.Checkout%20is%20slow&select=id,incident_id')) as [{ id: string; incident_id: string }];
    const root = await world.api.post('/api/db/hypotheses', {
      headers: { 'Content-Type': 'application/json' },
      data: { incident_id: incident.id, title: 'Checkout is slow', type: 'root', status: 'possible' },
    });
    expect(root.ok(), await root.text()).toBe(true);

    const page = await world.admin.newPage();
    try {
      await openScreen(page, `/catalog/${detail.id}?selected=3`);
      await page.getByRole('button', { name: 'Link to incident' }).click();
      const dialog = page.getByRole('dialog', { name: 'Link to incident' });
      await dialog.getByRole('radio', { name: /Checkout is slow/ }).check();
      await dialog.getByRole('button', { name: 'Link' }).click();
      await toast(page, `Linked to ${incident.incident_id}`);
      const evidences = await dbRows<{ type: string; evidence: unknown; hypotheses: { incident_id: string } }>(
        world.api,
        `evidences?config_id=eq.${detail.id}&select=type,evidence,hypotheses(incident_id)`,
      );
      expect(evidences).toEqual([{ type: 'config', evidence: { lines: [3] }, hypotheses: { incident_id: incident.id } }]);
    } finally {
      await page.close();
    }
  });

  it("shows the config's changes and insights with long texts without sideways scrolling at both screen sizes", async () => {
    const headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
    const change = await world.api.post('/api/db/config_changes', {
      headers,
      data: {
        config_id: detail.id,
        change_type: 'DeploymentRolloutFailedProgressDeadlineExceeded',
        severity: 'high',
        source: 'kubernetes/payments-settlement-production/events/checkout-7d9f8b6c5d-x2x4q.17a8c1e5b3d2f0a9',
        summary: 'Deployment checkout exceeded its progress deadline: ReplicaSet "checkout-7d9f8b6c5d" has timed out progressing; image registry.example.com/payments/checkout@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 could not be pulled',
      },
    });
    expect(change.ok(), await change.text()).toBe(true);
    const insight = await world.api.post('/api/db/config_analysis', {
      headers,
      data: {
        config_id: detail.id,
        analyzer: 'kubernetes_pod_security_admission_restricted_profile_validator',
        analysis_type: 'security',
        severity: 'critical',
        summary: 'Container runs as root',
        message: 'Container "checkout" of Deployment payments-settlement-production/checkout runs as root and mounts /var/run/docker.sock; see https://kubernetes.io/docs/concepts/security/pod-security-standards/#restricted-profile-runAsNonRoot',
      },
    });
    expect(insight.ok(), await insight.text()).toBe(true);
    const page = await world.admin.newPage();
    try {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await openScreen(page, `/catalog/${detail.id}/changes`);
        await page.getByRole('table', { name: 'Changes' }).getByText('DeploymentRolloutFailedProgressDeadlineExceeded').waitFor();
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `catalog-detail-changes-${viewport.width}`);
        await openScreen(page, `/catalog/${detail.id}/insights`);
        await page.getByRole('table', { name: 'Insights' }).getByText('kubernetes_pod_security_admission_restricted_profile_validator').waitFor();
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `catalog-detail-insights-${viewport.width}`);
      }
    } finally {
      await page.close();
    }
  });
});
