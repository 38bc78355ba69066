import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { applyYaml, startCheckTarget, type CheckTarget } from '../support/health.js';
import { expectNoHorizontalOverflow } from '../support/layout.js';
import { dbRows, openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

/** /health/sla: a failing and a passing check of one canary, reported over a day, downloaded as CSV and PDF, and mailed. */
describe('SLA report', () => {
  let world: SettingsWorld;
  let target: CheckTarget;
  const canary = `sla-${Date.now()}`;

  beforeAll(async () => {
    world = await settingsWorld();
    target = await startCheckTarget();
    await applyYaml(
      world,
      `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: ${canary}, labels: {team: payments}}
spec:
  schedule: "@every 1m"
  http:
    - name: ${canary}-up
      url: ${target.url}/ok
      labels: {tier: api}
    - name: ${canary}-down
      url: ${target.url}/down
      labels: {tier: api}
`,
    );
  });

  afterAll(async () => {
    await target?.close();
    await world?.close();
  });

  it('reports the failing check below its target first, downloads the CSV and schedules a mailing', async () => {
    // Both checks ran once on apply: the report has something to count.
    await expect
      .poll(async () => (await dbRows<{ id: string }>(world.api, `check_statuses?select=check_id,checks!inner(name)&checks.name=like.${canary}-*`)).length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(2);
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/health');
      await page.getByRole('link', { name: 'SLA report' }).click();
      await page.waitForURL((url) => url.pathname === '/health/sla');
      await page.getByLabel('Period').selectOption('1d');
      const table = page.getByRole('table', { name: 'SLA report' });
      const down = table.getByRole('row').filter({ hasText: `${canary}-down` });
      await down.getByText('Below target').waitFor();
      await expect.poll(() => down.textContent()).toContain('0.000 %');
      const up = table.getByRole('row').filter({ hasText: `${canary}-up` });
      await expect.poll(() => up.textContent()).toContain('100.000 %');
      await down.getByText('1 window').click();

      await page.getByLabel('Group by').selectOption('label');
      await page.getByLabel('Label key').fill('tier');
      await table.getByRole('row').filter({ hasText: /^\s*(Below target)?\s*api/ }).first().waitFor();
      await expectNoHorizontalOverflow(page);
      await screenshot(page, 'health-sla');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^sla-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv.split('\n')[0]).toMatch(/^name,checks,uptime_percent,/);
      expect(csv).toContain('api,');
      const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'PDF' }).click()]);
      expect(pdf.suggestedFilename()).toMatch(/^sla-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/);
      const pdfBytes = await readFile((await pdf.path())!);
      expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');

      await page.getByRole('button', { name: 'Schedule report' }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule SLA report' });
      await dialog.getByLabel('Name').fill(`${canary} weekly`);
      await dialog.getByLabel('Recipients').fill('ops@example.com');
      await dialog.getByRole('button', { name: 'Schedule' }).click();
      await toast(page, `${canary} weekly will be mailed to ops@example.com`);
      await page.getByRole('list', { name: 'Scheduled reports' }).getByText(`${canary} weekly`).waitFor();
    } finally {
      await page.close();
    }
  });
});
