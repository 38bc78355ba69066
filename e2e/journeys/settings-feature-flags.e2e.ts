import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { field, openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

const mainItems = async (page: Page) =>
  (await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').allInnerTexts()).map((text) => text.trim());

describe('settings: feature flags', () => {
  let world: SettingsWorld;

  beforeAll(async () => {
    world = await settingsWorld(['viewer']);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('adds, edits and removes a flag, and the shell follows at once', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/feature-flags');
      expect(await mainItems(page)).toContain('Incidents');

      await page.getByRole('button', { name: 'Add Feature Flag' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Feature Flag' });
      await field(dialog, 'Name').fill('incidents.disable');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('please provide all details').waitFor();
      await field(dialog, 'Value').fill('true');
      await field(dialog, 'Description').fill('No incidents on this instance');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Feature flag added successfully');
      const row = page.getByRole('table', { name: 'Feature Flags' }).getByRole('row').filter({ hasText: 'incidents.disable' });
      await row.getByText('No incidents on this instance').waitFor();
      expect(await row.innerText()).toContain('Grace Hopper');
      // The sidebar drops Incidents without a reload.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Incidents' }).waitFor({ state: 'detached' });
      await screenshot(page, 'settings-feature-flags');

      await row.click();
      const edit = page.getByRole('dialog', { name: 'Edit Feature Flag' });
      expect(await field(edit, 'Name').isDisabled()).toBe(true);
      await field(edit, 'Value').fill('false');
      await edit.getByRole('button', { name: 'Update' }).click();
      await toast(page, 'Feature flag updated successfully');
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Incidents' }).waitFor();

      await row.click();
      await edit.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Feature flag removed successfully');
      await row.waitFor({ state: 'detached' });
    } finally {
      await page.close();
    }
  });

  it('does not edit a local flag, and offers a viewer no changes', async () => {
    const created = await world.api.post('/api/db/properties', {
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      data: { name: 'logs.disable', value: 'false', source: 'local' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/feature-flags');
      await page.getByRole('table', { name: 'Feature Flags' }).getByText('logs.disable').click();
      await toast(page, 'Cannot edit local feature flags');
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await page.close();
    }
    const viewer = await world.contexts.get('viewer')!.newPage();
    try {
      await openScreen(viewer, '/settings/feature-flags');
      await viewer.getByRole('table', { name: 'Feature Flags' }).getByText('logs.disable').click();
      expect(await viewer.getByRole('button', { name: 'Add Feature Flag' }).count()).toBe(0);
      expect(await viewer.getByRole('dialog').count()).toBe(0);
    } finally {
      await viewer.close();
    }
  });

  it('lists flags with long names, values and descriptions without sideways scrolling at both screen sizes', async () => {
    const name = 'notifications.send.webhook.retry_backoff_multiplier_for_unreachable_endpoints';
    const created = await world.api.post('/api/db/properties', {
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      data: {
        name,
        value: 'https://hooks.example.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX?retry_backoff=exponential',
        description: 'Multiplies the wait between retries of a webhook whose endpoint did not answer; raise it when a receiver is often down for maintenance windows longer than an hour',
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const page = await world.admin.newPage();
    try {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await openScreen(page, '/settings/feature-flags');
        await page.getByRole('table', { name: 'Feature Flags' }).getByRole('row').filter({ hasText: name }).waitFor();
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `settings-feature-flags-${viewport.width}`);
      }
    } finally {
      await page.close();
    }
  });
});
