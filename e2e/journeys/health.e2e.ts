import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

/** A canary applied as YAML really runs on the server's engine, and /health shows what it measured. */
describe('health dashboard', () => {
  let world: SettingsWorld;
  let target: { server: Server; url: string };

  beforeAll(async () => {
    world = await settingsWorld(['viewer']);
    const server = createServer((request, response) => {
      if (request.url === '/ok') response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      else response.writeHead(503).end('down');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    target = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    const applied = await world.api.post('/api/apply', {
      headers: { 'Content-Type': 'application/yaml' },
      data: `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: storefront, labels: {team: web}}
spec:
  schedule: "@every 1m"
  http:
    - name: storefront-home
      url: ${target.url}/ok
      test: {expr: "json.status == 'ok'"}
    - name: storefront-payments
      url: ${target.url}/payments
`,
    });
    expect(applied.ok(), await applied.text()).toBe(true);
  });

  afterAll(async () => {
    await new Promise((resolve) => target?.server.close(resolve));
    await world?.close();
  });

  it('shows the failing check, the passing one on demand, and a check in its drawer with Run Now', async () => {
    const page = await world.admin.newPage();
    try {
      // The new schedule runs at once; the dashboard refreshes on reload until it has.
      await expect
        .poll(
          async () => {
            await openScreen(page, '/health');
            const table = page.getByRole('table', { name: 'Checks' });
            await table.getByText(/storefront-payments|No health checks yet|Every check is passing|No check matches/).first().waitFor();
            return table.getByText('storefront-payments').count();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(1);
      const table = page.getByRole('table', { name: 'Checks' });
      const failing = table.getByRole('row').filter({ hasText: 'storefront-payments' });
      expect(await failing.innerText()).toContain('Unhealthy');
      expect(await table.getByText('storefront-home').count()).toBe(0);
      await page.getByRole('checkbox', { name: 'Hide Passing' }).click();
      await table.getByText('storefront-home').waitFor();
      await screenshot(page, 'health-dashboard');

      await failing.click();
      const drawer = page.getByRole('dialog', { name: 'storefront-payments' });
      await drawer.getByRole('table', { name: 'History' }).getByText('status 503').first().waitFor();
      await drawer.getByRole('button', { name: 'Run Now' }).click();
      await toast(page, 'You have successfully initiated the check run.');
      await expect.poll(async () => drawer.getByRole('table', { name: 'History' }).getByText('status 503').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(await drawer.getByRole('link', { name: 'Edit' }).getAttribute('href')).toMatch(/^\/settings\/canaries\/[0-9a-f-]{36}$/);
      await screenshot(page, 'health-check-drawer');
    } finally {
      await page.close();
    }
    const viewer = await world.contexts.get('viewer')!.newPage();
    try {
      await openScreen(viewer, '/health');
      await viewer.getByRole('table', { name: 'Checks' }).getByText('storefront-payments').click();
      await viewer.getByRole('dialog', { name: 'storefront-payments' }).getByRole('table', { name: 'History' }).waitFor();
      expect(await viewer.getByRole('button', { name: 'Run Now' }).count()).toBe(0);
    } finally {
      await viewer.close();
    }
  });
});
