import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { dbRows, openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

/** An error line as services write them: a long URL that cannot wrap, and a pod label as long. */
const UPSTREAM = 'https://payments-gateway.eu-central-1.internal.example.com/v2/merchants/4f1c2a9e7d3b4c1e9a550b7e2d1f8c6a/transactions/authorize?attempt=3';
const ERROR_MESSAGE = `ERROR payment failed, see https://pay.example/err/7 upstream ${UPSTREAM} answered 504`;
const POD = 'checkout_payments_settlement_worker_7d9f8b6c5d_x2x4q_eu_central_1a';

const LOG_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}\.\d{2}\.\d{3}$/;

/** The message cells of the log viewer, top to bottom. */
async function messages(page: Page): Promise<string[]> {
  const rows = page.getByRole('table', { name: 'Logs' }).getByRole('row').filter({ has: page.getByRole('cell') });
  return rows.evaluateAll((elements) => elements.map((row) => row.querySelectorAll('[role="cell"]')[1]?.textContent ?? ''));
}

/**
 * /logs against a real server: a file LoggingBackend over a file this journey writes, and a
 * Topology whose component's log selector names it, both applied; the server's topology engine
 * makes the component.
 */
describe('logs', () => {
  let world: SettingsWorld;
  let dir: string;
  let componentId = '';

  beforeAll(async () => {
    world = await settingsWorld();
    dir = await mkdtemp(path.join(tmpdir(), 'pharos-logs-'));
    const file = path.join(dir, 'app.log');
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const lines = [
      { timestamp: at(3), message: `\u001b[31mERROR\u001b[0m payment failed, see https://pay.example/err/7 upstream ${UPSTREAM} answered 504`, level: 'error', pod: POD },
      { timestamp: at(2), message: 'checkout started', level: 'info' },
      { timestamp: at(1), message: 'payment retried', level: 'warn' },
    ];
    await writeFile(file, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    const applied = await world.api.post('/api/apply', {
      headers: { 'Content-Type': 'application/yaml' },
      data: [
        'apiVersion: pharos.io/v1',
        'kind: LoggingBackend',
        'metadata:',
        '  name: e2e-app-files',
        'spec:',
        '  file:',
        `    paths: [${JSON.stringify(file)}]`,
        '    format: json',
        '    fields:',
        '      labels: [level, pod]',
        '    labels:',
        '      app: shop',
        '',
      ].join('\n'),
    });
    expect(applied.status(), await applied.text()).toBe(200);
    const topology = await world.api.post('/api/apply', {
      headers: { 'Content-Type': 'application/yaml' },
      data: [
        'apiVersion: canaries.flanksource.com/v1',
        'kind: Topology',
        'metadata:',
        '  name: e2e-shop',
        'spec:',
        '  type: Shop',
        '  components:',
        '    - name: checkout',
        '      type: Service',
        '      logs:',
        '        - name: e2e-app-files',
        '          type: file',
        '',
      ].join('\n'),
    });
    expect(topology.status(), await topology.text()).toBe(200);
    // The engine runs an applied topology at once; wait for its component.
    for (const deadline = Date.now() + 30_000; componentId === '' && Date.now() < deadline; ) {
      componentId = (await dbRows<{ id: string }>(world.api, 'components_with_logs?name=eq.checkout'))[0]?.id ?? '';
      if (componentId === '') await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (componentId === '') throw new Error('the topology engine made no component checkout with logs within 30 s');
  });

  afterAll(async () => {
    await world?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('picks the component, shows its lines newest first, searches them and downloads them', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/logs');
      await page.getByText('Please select a component to view the logs').waitFor();
      await page.getByLabel('Component').selectOption({ label: 'checkout' });
      await page.getByRole('heading', { name: 'Logs - checkout' }).waitFor();
      expect(new URL(page.url()).searchParams.get('topologyId')).toBe(componentId);
      expect(await page.title()).toBe('Logs - checkout');
      expect(await page.getByLabel('Log selector').inputValue()).toBe('e2e-app-files');

      await expect.poll(() => messages(page)).toEqual(['payment retried', 'checkout started', ERROR_MESSAGE]);
      const table = page.getByRole('table', { name: 'Logs' });
      const first = table.getByRole('row').nth(1);
      expect(await first.getByRole('cell').first().innerText()).toMatch(LOG_TIMESTAMP);
      expect(await first.getByRole('listitem').allInnerTexts()).toEqual(['app=shop', 'level=warn']);
      const error = table.getByText('ERROR', { exact: true });
      expect(await error.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(187, 0, 0)');
      expect(await table.getByRole('link', { name: 'https://pay.example/err/7' }).getAttribute('href')).toBe('https://pay.example/err/7');
      await screenshot(page, 'logs-lines');
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await table.getByText(POD, { exact: false }).waitFor();
        await expectNoHorizontalOverflow(page, 'main [role="table"]');
        await screenshot(page, `logs-lines-${viewport.width}`);
      }

      await page.getByRole('searchbox', { name: 'Search logs' }).fill('PAYMENT');
      await expect.poll(() => new URL(page.url()).searchParams.get('query')).toBe('PAYMENT');
      await expect.poll(() => messages(page)).toEqual(['payment retried', ERROR_MESSAGE]);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download' }).click();
      const file = await download;
      await toast(page, 'Downloaded logs');
      const text = await readFile((await file.path()) ?? '', 'utf8');
      const lines = text.trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}\.\d{2}\.\d{3}\tpayment retried\tapp=shop,level=warn$/);
      expect(lines[1]).toContain(`\t${ERROR_MESSAGE}\t`);

      await page.getByRole('searchbox', { name: 'Search logs' }).fill('no such line');
      await page.getByText('There are no logs matching the search query').waitFor();

      // Everything is in the URL: a reload shows the same search.
      await page.reload();
      await page.getByText('There are no logs matching the search query').waitFor();
      expect(await page.getByRole('searchbox', { name: 'Search logs' }).inputValue()).toBe('no such line');
    } finally {
      await page.close();
    }
  });
});
