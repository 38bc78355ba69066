import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { field, JSON_HEADERS, openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

const PASSWORD = 'Gateway-pass-9';

/** An HTTP API on loopback that wants basic credentials: what the HTTP connection is tested against. */
function startGateway(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const expected = `Basic ${Buffer.from(`ops:${PASSWORD}`).toString('base64')}`;
    if (request.headers.authorization === expected) response.writeHead(200).end('ok');
    else response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"bad credentials"}');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

async function testAndRead(page: Page): Promise<string> {
  const edit = page.getByRole('dialog', { name: 'Edit Connection' });
  await edit.getByRole('button', { name: 'Test' }).click();
  const result = page.getByRole('dialog', { name: 'Test connection' });
  await result.waitFor();
  const text = (await result.getByRole('status').or(result.getByRole('alert')).innerText()).trim();
  await result.getByRole('button', { name: 'Close' }).first().click();
  await result.waitFor({ state: 'detached' });
  return text;
}

describe('settings: connections', () => {
  let world: SettingsWorld;
  let gateway: { server: Server; url: string };

  beforeAll(async () => {
    world = await settingsWorld(['editor']);
    gateway = await startGateway();
  });
  afterAll(async () => {
    await new Promise((resolve) => gateway?.server.close(resolve));
    await world?.close();
  });

  it('creates, tests, edits (secret modes) and deletes an HTTP connection; a saved password never reaches the page', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/connections');
      await page.getByRole('button', { name: 'Add Connection' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Connection' });
      await dialog.getByRole('searchbox', { name: 'Search connection types' }).fill('htt');
      await dialog.getByRole('list', { name: 'Connection types' }).getByRole('button', { name: 'HTTP', exact: true }).click();

      // Required fields speak up once left, not before.
      const name = field(dialog, 'Name');
      expect(await dialog.getByText('This field is required').count()).toBe(0);
      await name.focus();
      await field(dialog, 'URL').focus();
      await dialog.getByText('This field is required').first().waitFor();
      await name.fill('api-gateway');
      await field(dialog, 'URL').fill(gateway.url);
      await field(dialog, 'Username').fill('ops');
      await field(dialog, 'Password').fill('wrong-password');
      await screenshot(page, 'settings-connection-form');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Connection added successfully');
      const row = page.getByRole('table', { name: 'Connections' }).getByRole('row').filter({ hasText: 'api-gateway' });
      await row.waitFor();
      expect(await row.innerText()).toContain('HTTP');

      await row.click();
      const edit = page.getByRole('dialog', { name: 'Edit Connection' });
      await edit.getByText('A value is saved; leave the field empty to keep it.').waitFor();
      expect(await field(edit, 'Name').isDisabled()).toBe(true);
      expect(await testAndRead(page)).toBe('401: {"error":"bad credentials"}');

      await field(edit, 'Password').fill(PASSWORD);
      await edit.getByRole('button', { name: 'Update' }).click();
      await toast(page, 'Connection updated successfully');
      await row.click();
      await edit.getByText('A value is saved; leave the field empty to keep it.').waitFor();
      expect(await page.content()).not.toContain(PASSWORD);
      expect(await testAndRead(page)).toBe('Connection successful');
      await screenshot(page, 'settings-connection-tested');

      // Secret mode: the password comes from the secret store, which has no such key yet.
      await edit.getByRole('radiogroup', { name: 'Password source' }).getByRole('radio', { name: 'Secret' }).click();
      await field(edit, 'Secret name').fill('gateway');
      await field(edit, 'Key').fill('password');
      await edit.getByRole('button', { name: 'Update' }).click();
      await toast(page, 'Connection updated successfully');
      await row.click();
      expect(await edit.getByRole('radiogroup', { name: 'Password source' }).getByRole('radio', { name: 'Secret' }).getAttribute('aria-checked')).toBe('true');
      expect(await field(edit, 'Secret name').inputValue()).toBe('gateway');
      expect(await testAndRead(page)).toBe(
        "The secret gateway has no key password in namespace default: add it with 'pharos secret set gateway password' or set PHAROS_SECRET_GATEWAY_PASSWORD",
      );

      await edit.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Connection deleted successfully');
      await row.waitFor({ state: 'detached' });
    } finally {
      await page.close();
    }
  });

  it('shows each type its own form and defaults, and says why a test of an AWS connection without keys fails', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/connections');
      await page.getByRole('button', { name: 'Add Connection' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Connection' });
      expect(await dialog.getByRole('list', { name: 'Connection types' }).getByRole('button').count()).toBe(42);
      await dialog.getByRole('button', { name: 'Email', exact: true }).click();
      expect(await field(dialog, 'Port').inputValue()).toBe('587');
      expect(await field(dialog, 'Encryption method').inputValue()).toBe('Auto');
      expect(await field(dialog, 'SMTP authentication method').inputValue()).toBe('Unknown');
      await field(dialog.getByRole('group', { name: 'Sender' }), 'From Address').waitFor();
      await field(dialog, 'Port').fill('twenty-five');
      await field(dialog, 'Host').focus();
      await dialog.getByText('This field must be a number').waitFor();
      await dialog.getByRole('button', { name: 'Back' }).click();
      await dialog.getByRole('button', { name: 'Git', exact: true }).click();
      expect(await field(dialog, 'Ref').inputValue()).toBe('main');
      await dialog.getByRole('radio', { name: 'SSH' }).check();
      await field(dialog, 'Private key').waitFor();
      await dialog.getByRole('button', { name: 'Back' }).click();
      await dialog.getByRole('button', { name: 'AWS', exact: true }).click();
      await field(dialog, 'Name').fill('cloud');
      await field(dialog, 'Region').fill('eu-west-1');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Connection added successfully');
      await page.getByRole('table', { name: 'Connections' }).getByRole('row').filter({ hasText: 'cloud' }).click();
      expect(await field(page.getByRole('dialog', { name: 'Edit Connection' }), 'Region').inputValue()).toBe('eu-west-1');
      // Testing asks AWS who the keys are: without keys it does not get that far.
      expect(await testAndRead(page)).toContain('The connection has no access key and secret key');
    } finally {
      await page.close();
    }
  });

  it('lists connections with long names without sideways scrolling at both screen sizes', async () => {
    const long = 'payments_gateway.eu-central-1.primary_readonly_replica_for_reporting_and_reconciliation';
    const created = await world.api.post('/api/connections', {
      headers: JSON_HEADERS,
      data: { name: long, namespace: 'finance-reporting-and-reconciliation-production', type: 'http', url: `${gateway.url}/v2/merchants/settlements/reconciliation/exports` },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const page = await world.admin.newPage();
    try {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await openScreen(page, '/settings/connections');
        const row = page.getByRole('table', { name: 'Connections' }).getByRole('row').filter({ hasText: long });
        await row.waitFor();
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `settings-connections-${viewport.width}`);
      }
    } finally {
      await page.close();
    }
  });

  it('lets an editor read connections but not change them', async () => {
    const page = await world.contexts.get('editor')!.newPage();
    try {
      await openScreen(page, '/settings/connections');
      await page.getByRole('table', { name: 'Connections' }).getByRole('row').filter({ hasText: 'cloud' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Connection' });
      await edit.getByRole('button', { name: 'Test' }).waitFor();
      expect(await page.getByRole('button', { name: 'Add Connection' }).count()).toBe(0);
      expect(await edit.getByRole('button', { name: 'Update' }).count()).toBe(0);
      expect(await edit.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      expect(await field(edit, 'Region').isDisabled()).toBe(true);
    } finally {
      await page.close();
    }
  });
});
