import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { JSON_HEADERS, openScreen, settingsWorld, type SettingsWorld } from '../support/settings.js';

const headers = (table: Locator) => table.locator('thead th').allTextContents();
/** The list and the preferences answer within seconds, not at once, on a busy machine. */
const POLL = { timeout: 20_000 };

/** What the server keeps for the signed-in person of this page under a key. */
async function preference<T>(page: Page, key: string): Promise<T | null> {
  const response = await page.request.get(`/api/preferences/${key}`);
  return ((await response.json()) as { value: T | null }).value;
}

/**
 * A person hides and reorders the incidents list's columns (kept for them across a reload) and
 * saves the view; a colleague opens its `?view=` link read-only with the same columns and filter,
 * then saves it as their own.
 */
describe('incidents list columns and shared views', () => {
  let world: SettingsWorld;

  beforeAll(async () => {
    world = await settingsWorld(['viewer']);
    const created = await world.api.post('/api/db/incidents', {
      headers: { ...JSON_HEADERS, Prefer: 'return=representation' },
      data: { title: 'Checkout is down', type: 'availability', severity: 'high', status: 'open' },
    });
    expect(created.status(), await created.text()).toBe(201);
  }, 90_000);

  afterAll(async () => {
    await world?.close();
  });

  it('remembers the columns per person and opens a saved view for a colleague by its link', async () => {
    const page = await world.admin.newPage();
    const colleague = await world.contexts.get('viewer')!.newPage();
    try {
      await openScreen(page, '/incidents');
      const table = page.getByRole('table', { name: 'Incidents' });
      await expect.poll(() => headers(table), POLL).toEqual(['Incident', 'Severity', 'Status', 'Type', 'Responders', 'Created']);

      await page.getByRole('button', { name: 'Columns', exact: true }).click();
      const menu = page.getByRole('dialog', { name: 'Columns of Incidents' });
      await menu.getByRole('checkbox', { name: 'Type' }).click();
      await menu.getByRole('checkbox', { name: 'Created' }).focus();
      await page.keyboard.press('Alt+ArrowUp');
      await expect.poll(() => headers(table), POLL).toEqual(['Incident', 'Severity', 'Status', 'Created', 'Responders']);
      await page.keyboard.press('Escape');
      await expect.poll(() => preference(page, 'table.incidents'), POLL).toMatchObject({ hidden: ['type'] });
      await openScreen(page, '/incidents');
      await expect.poll(() => headers(table), POLL).toEqual(['Incident', 'Severity', 'Status', 'Created', 'Responders']);
      await screenshot(page, 'incidents-columns');

      await page.getByRole('button', { name: 'Views', exact: true }).click();
      const views = page.getByRole('dialog', { name: 'Views of Incidents' });
      await views.getByRole('textbox', { name: 'View name' }).fill('Open, newest');
      await views.getByRole('button', { name: 'Save view' }).click();
      await expect.poll(async () => (await preference<{ name: string }[]>(page, 'views.incidents'))?.map((view) => view.name), POLL).toEqual(['Open, newest']);
      const [saved] = (await preference<{ id: string }[]>(page, 'views.incidents'))!;

      // The colleague's own list is untouched; the link shows the saved view, read-only.
      await openScreen(colleague, '/incidents');
      const theirs = colleague.getByRole('table', { name: 'Incidents' });
      await expect.poll(() => headers(theirs), POLL).toEqual(['Incident', 'Severity', 'Status', 'Type', 'Responders', 'Created']);
      await openScreen(colleague, `/incidents?view=${saved!.id}`);
      await expect.poll(() => headers(theirs), POLL).toEqual(['Incident', 'Severity', 'Status', 'Created', 'Responders']);
      expect(new URL(colleague.url()).searchParams.get('columns')).toBe('incident,severity,status,created,responders');
      await theirs.getByRole('link', { name: /Checkout is down/ }).waitFor();
      const banner = colleague.getByRole('status').filter({ hasText: 'read-only' });
      await expect.poll(() => banner.textContent(), POLL).toContain('Viewing Open, newest saved by Grace Hopper (read-only)');
      await screenshot(colleague, 'incidents-shared-view');
      await banner.getByRole('button', { name: 'Save as my view' }).click();
      await expect.poll(async () => (await preference<{ name: string; id: string }[]>(colleague, 'views.incidents'))?.map((view) => view.name), POLL).toEqual(['Open, newest']);
      const [theirView] = (await preference<{ id: string }[]>(colleague, 'views.incidents'))!;
      expect(theirView!.id).not.toBe(saved!.id);
      // Saving it as theirs left the owner's view as it was.
      expect((await preference<{ id: string }[]>(page, 'views.incidents'))!.map((view) => view.id)).toEqual([saved!.id]);
    } finally {
      await page.close();
      await colleague.close();
    }
  });
});
