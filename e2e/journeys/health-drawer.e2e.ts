import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { applyYaml, startCheckTarget, type CheckTarget } from '../support/health.js';
import { expectOnTop } from '../support/layout.js';
import { dbRows, field, openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

/** Opens the drawer of a check on /health (by its id in the URL), once the check is on the dashboard. */
async function openDrawer(page: Page, checkId: string, name: string) {
  await expect
    .poll(
      async () => {
        await openScreen(page, `/health?hidePassing=false&checkId=${checkId}`);
        // The drawer opens once the dashboard has the check.
        await page.getByRole('dialog', { name }).waitFor({ timeout: 5_000 }).catch(() => undefined);
        return page.getByRole('dialog', { name }).count();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(1);
  return page.getByRole('dialog', { name });
}

async function checkOf(world: SettingsWorld, canary: string, name: string): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const rows = await dbRows<{ id: string }>(world.api, `checks?select=id,canaries!inner(name)&canaries.name=eq.${canary}&name=eq.${name}&deleted_at=is.null`);
        id = rows[0]?.id ?? '';
        return id;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return id;
}

/** The check drawer of a canary applied as YAML, and a canary made with the /settings/canaries form that then runs. */
describe('check drawer and health-check form', () => {
  let world: SettingsWorld;
  let target: CheckTarget;

  beforeAll(async () => {
    world = await settingsWorld();
    target = await startCheckTarget();
    await applyYaml(
      world,
      `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: checkout, labels: {team: payments}}
spec:
  schedule: "@every 1m"
  http:
    - name: checkout-api
      url: ${target.url}/checkout
      labels: {tier: api}
      responseCodes: [200]
`,
    );
  });

  afterAll(async () => {
    await target?.close();
    await world?.close();
  });

  it('opens a check applied as YAML: its history, tabs and Run Now', async () => {
    const page = await world.admin.newPage();
    try {
      const checkId = await checkOf(world, 'checkout', 'checkout-api');
      // The new schedule runs at once; the drawer shows the run once it is written.
      await expect
        .poll(async () => (await dbRows(world.api, `check_statuses?check_id=eq.${checkId}&select=time`)).length, { timeout: 30_000 })
        .toBeGreaterThan(0);
      const drawer = await openDrawer(page, checkId, 'checkout-api');
      expect(await drawer.getByText('tier: api').count()).toBe(1);
      await drawer.getByRole('figure', { name: 'Health Overview' }).getByText(/1 run, 1 failed|\d+ runs, \d+ failed/).waitFor();
      // Uptime beside the chart counts the same runs.
      const counts = async () => {
        const chart = (await drawer.getByRole('figure', { name: 'Health Overview' }).locator('figcaption').innerText()).match(/(\d+) runs?, (\d+) failed/);
        const uptime = (await drawer.locator('dt', { hasText: 'Uptime' }).locator('xpath=following-sibling::dd[1]').innerText()).match(/\((\d+) passed, (\d+) failed\)/);
        return chart && uptime ? [Number(chart[1]) - Number(chart[2]), Number(chart[2])].join('/') === [uptime[1], uptime[2]].join('/') : false;
      };
      await expect.poll(counts).toBe(true);
      const history = drawer.getByRole('table', { name: 'History' });
      await history.getByText('status 503, expected 200').first().waitFor();

      await drawer.getByRole('combobox', { name: 'Status' }).selectOption('Healthy');
      await drawer.getByText('No data available').waitFor();
      await drawer.getByRole('combobox', { name: 'Status' }).selectOption('All');
      await drawer.getByRole('combobox', { name: 'Duration' }).fill('2m');
      await drawer.getByText('duration is allowed only in milli seconds & seconds').waitFor();
      await drawer.getByRole('combobox', { name: 'Duration' }).fill('');

      await drawer.getByRole('tab', { name: 'Spec' }).click();
      await expect.poll(() => drawer.getByRole('textbox', { name: 'Spec' }).innerText()).toContain(`url: ${target.url}/checkout`);
      await drawer.getByRole('tab', { name: 'Relationships' }).click();
      expect(await drawer.getByRole('region', { name: 'Components' }).innerText()).toContain('None');
      await drawer.getByRole('tab', { name: 'History' }).click();
      const before = await history.getByRole('row').count();

      await drawer.getByRole('button', { name: 'Run Now' }).click();
      await toast(page, 'You have successfully initiated the check run.');
      // The toast shows over the drawer's header, not under it.
      await expectOnTop(page.getByRole('region', { name: 'Notifications' }).getByText('You have successfully initiated the check run.'));
      await expect.poll(() => history.getByRole('row').count(), { timeout: 10_000 }).toBeGreaterThan(before);
      // The run just made is never shown in the future, whatever the clocks of browser and server.
      const lastRun = drawer.locator('dt', { hasText: 'Last Run' }).locator('xpath=following-sibling::dd[1]');
      await expect.poll(() => lastRun.innerText(), { timeout: 10_000 }).toMatch(/^\d+s ago$/);
      expect(await drawer.getByRole('link', { name: 'Edit' }).getAttribute('href')).toMatch(/^\/settings\/canaries\/[0-9a-f-]{36}$/);
      expect(await drawer.getByRole('button', { name: 'Playbooks' }).isDisabled()).toBe(true);
      await screenshot(page, 'health-drawer');

      // A playbook whose check selector picks this check is offered; one for DNS checks is not.
      for (const [name, checks] of [
        ['restart-checkout', [{ name: 'checkout-api' }]],
        ['flush-dns', [{ types: ['dns'] }]],
      ] as const) {
        const created = await world.api.post('/api/db/playbooks', { headers: { 'Content-Type': 'application/json' }, data: { name, title: name, spec: { checks, actions: [{ name: 'go', exec: { script: 'true' } }] } } });
        expect(created.ok(), await created.text()).toBe(true);
      }
      const reopened = await openDrawer(page, checkId, 'checkout-api');
      await expect.poll(() => reopened.getByRole('button', { name: 'Playbooks' }).isEnabled(), { timeout: 10_000 }).toBe(true);
      await reopened.getByRole('button', { name: 'Playbooks' }).click();
      expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['restart-checkout']);
    } finally {
      await page.close();
    }
  });

  it('creates a canary with the /settings/canaries form, which then runs', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/canaries');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Health Check' });
      await field(dialog, 'Name').first().fill('storefront-form');
      await dialog.getByLabel('Schedule').selectOption('@every 30s');
      await dialog.getByLabel('Add a check').selectOption('HTTP');
      await field(dialog.getByRole('group', { name: 'HTTP check http-1' }), 'Name').fill('storefront-ok');
      const card = dialog.getByRole('group', { name: 'HTTP check storefront-ok' });
      await field(card, 'URL').fill(`${target.url}/ok`);
      await field(card, 'Test').fill("json.status == 'ok'");
      await field(card, 'Threshold (ms)').fill('x');
      await field(card, 'Response Content').click();
      await card.getByText('This field must be a number').waitFor();
      await field(card, 'Threshold (ms)').fill('5000');
      await dialog.getByLabel('Schedule').scrollIntoViewIfNeeded();
      await screenshot(page, 'health-check-form');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'storefront-form created successfully');

      const checkId = await checkOf(world, 'storefront-form', 'storefront-ok');
      await expect
        .poll(async () => (await dbRows<{ status: boolean }>(world.api, `check_statuses?check_id=eq.${checkId}&select=status&order=time.desc&limit=1`))[0]?.status, { timeout: 45_000 })
        .toBe(true);
      const drawer = await openDrawer(page, checkId, 'storefront-ok');
      await drawer.getByRole('table', { name: 'History' }).getByText(/^200 in \d+ ms$/).first().waitFor();
      await drawer.getByRole('tab', { name: 'Spec' }).click();
      await expect.poll(() => drawer.getByRole('textbox', { name: 'Spec' }).innerText()).toContain('thresholdMillis: 5000');
    } finally {
      await page.close();
    }
  });
});
