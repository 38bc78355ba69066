import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { dbRows, JSON_HEADERS, openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

interface IncidentRow {
  id: string;
  title: string;
  status: string;
  severity: string;
  type: string;
  created_by: string | null;
}

/** The incident journey on a real server: every write goes through the data service and is read back from the database. */
describe('incidents', () => {
  let world: SettingsWorld;
  let page: Page;
  /** The incident the first test creates. */
  let incidentId = '';

  beforeAll(async () => {
    world = await settingsWorld(['viewer']);
    page = await world.admin.newPage();
  });

  afterAll(async () => {
    await page?.close();
    await world?.close();
  });

  it('creates an incident, edits its title, builds a hypothesis, comments and resolves it through the definition-of-done dialog', async () => {
    await openScreen(page, '/incidents');
    await page.getByText('There are no incidents matching this criteria').waitFor();

    await page.getByRole('button', { name: 'Create incident' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create incident' });
    await dialog.getByRole('textbox', { name: /Title/ }).fill('Checkout is down');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/incidents\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    incidentId = id;
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Edit Incident title' }).waitFor();

    const [created] = await dbRows<IncidentRow>(world.api, `incidents?id=eq.${id}`);
    expect(created).toMatchObject({ title: 'Checkout is down', status: 'open', severity: 'low', type: 'availability' });
    expect(created!.created_by).not.toBeNull();

    // The title, saved once typing pauses.
    await main.getByRole('button', { name: 'Edit Incident title' }).click();
    await main.getByRole('textbox', { name: 'Incident title' }).fill('Checkout degraded');
    await expect.poll(async () => (await dbRows<IncidentRow>(world.api, `incidents?id=eq.${id}`))[0]?.title, { timeout: 10_000 }).toBe('Checkout degraded');
    await main.getByRole('textbox', { name: 'Incident title' }).press('Enter');

    // A factor under the root hypothesis made with the incident, then its title.
    const root = main.getByRole('listitem', { name: 'Hypothesis Checkout is down' });
    await root.getByRole('button', { name: 'Add factor' }).first().click();
    const factor = main.getByRole('listitem', { name: 'Hypothesis (no title)' });
    await factor.getByRole('button', { name: 'Edit Hypothesis title' }).click();
    await factor.getByRole('textbox', { name: 'Hypothesis title' }).fill('Slow queries');
    await factor.getByRole('textbox', { name: 'Hypothesis title' }).press('Enter');
    await main.getByRole('listitem', { name: 'Hypothesis Slow queries' }).waitFor();
    await expect
      .poll(async () => (await dbRows<{ title: string; type: string }>(world.api, `hypotheses?incident_id=eq.${id}&order=created_at`)).map((h) => `${h.type}:${h.title}`))
      .toEqual(['root:Checkout is down', 'factor:Slow queries']);

    // A comment on the factor, shown in the tree.
    const form = main.getByRole('form', { name: 'Add comment' });
    await form.getByRole('combobox', { name: 'Hypothesis' }).selectOption({ label: 'Slow queries' });
    await form.getByRole('textbox', { name: 'Comment' }).fill('p95 of the orders query is 4 s');
    await form.getByRole('button', { name: 'Send' }).click();
    // The collapsed factor opens by itself to show the new comment, and a toast confirms it.
    await toast(page, 'Comment added');
    await main.getByRole('listitem', { name: 'Hypothesis Slow queries' }).getByText('p95 of the orders query is 4 s').waitFor();
    expect(await main.getByRole('button', { name: 'Collapse Slow queries' }).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(async () => (await dbRows<{ comment: string }>(world.api, `comments?incident_id=eq.${id}`)).map((c) => c.comment)).toEqual(['p95 of the orders query is 4 s']);

    // Resolved through the definition-of-done dialog, skipping it.
    await main.getByRole('combobox', { name: 'Status', exact: true }).selectOption('resolved');
    const dod = page.getByRole('dialog', { name: 'Add contributing factors to definition of done' });
    await dod.getByRole('button', { name: 'Skip' }).click();
    await toast(page, 'Incident status updated successfully');
    expect((await dbRows<IncidentRow>(world.api, `incidents?id=eq.${id}`))[0]?.status).toBe('resolved');

    // The changelog the database wrote.
    await main.getByRole('button', { name: 'Changelog' }).click();
    const changelog = main.getByRole('list', { name: 'Changelog entries' });
    await changelog.waitFor();
    expect(await main.getByText('No changelog found').count()).toBe(0);
    // Each line says what happened: the incident and the root hypothesis made with it are told apart.
    await changelog.locator('li[data-type="incident.created"]').getByText('Incident created').waitFor();
    await changelog.locator('li[data-type="hypothesis.created"]').getByText('Hypothesis added').first().waitFor();
    await changelog.getByText('Incident status changed from open to resolved').waitFor();
    await screenshot(page, 'incident-detail');

    // Back on the list: open incidents no longer include it, all statuses do.
    await openScreen(page, '/incidents');
    await page.getByText('There are no incidents matching this criteria').waitFor();
    await openScreen(page, '/incidents?status=all');
    await page.getByRole('link', { name: /Checkout degraded/ }).waitFor();
  });

  it('offers a viewer the incident read-only: each action their role cannot do is disabled with the reason', async () => {
    const viewer = await world.contexts.get('viewer')!.newPage();
    try {
      await openScreen(viewer, '/incidents?status=all');
      const create = viewer.getByRole('button', { name: 'Create incident' });
      expect(await create.isDisabled()).toBe(true);
      expect(await viewer.locator('[data-denied]').filter({ has: create }).getAttribute('title')).toBe('Your role cannot change incidents and their hypotheses (needs write on incident)');

      await openScreen(viewer, `/incidents/${incidentId}`);
      const main = viewer.getByRole('main');
      const status = main.getByRole('combobox', { name: 'Status', exact: true });
      await status.waitFor();
      expect(await status.isDisabled()).toBe(true);
      const addFactor = main.getByRole('listitem', { name: 'Hypothesis Checkout is down' }).getByRole('button', { name: 'Add factor' }).first();
      expect(await addFactor.isDisabled()).toBe(true);
      const addResponder = main.getByRole('region', { name: 'Responders' }).getByRole('button', { name: 'Add responder' });
      expect(await addResponder.isDisabled()).toBe(true);
      expect(await viewer.locator('[data-denied]').filter({ has: viewer.getByRole('button', { name: 'Add responder' }) }).getAttribute('title')).toContain('needs write on responder');
      expect(await main.getByRole('form', { name: 'Add comment' }).count()).toBe(0);
      await main.getByText('Your role cannot change comments (needs write on comments).').waitFor();
    } finally {
      await viewer.close();
    }
  });

  it.each(VIEWPORTS)('lists incidents without sideways scrolling at $width×$height', async (viewport) => {
    await page.setViewportSize(viewport);
    await openScreen(page, '/incidents?status=all');
    await page.getByRole('link', { name: /Checkout degraded/ }).waitFor();
    await expectNoHorizontalOverflow(page);
  });

  it.each(VIEWPORTS)('keeps a long definition-of-done script inside its panel at $width×$height', async (viewport) => {
    expect(incidentId).not.toBe('');
    const [root] = await dbRows<{ id: string }>(world.api, `hypotheses?incident_id=eq.${incidentId}&type=eq.root&select=id`);
    const script = `check.status == 'healthy' && age(check.last_transition_time) > duration('5m') && ${'check.labels.region_and_zone_of_the_checkout_service == "eu-west-1a" && '.repeat(4)}true`;
    const evidences = await dbRows<{ id: string }>(world.api, `evidences?hypothesis_id=eq.${root!.id}&type=eq.check&select=id`);
    if (evidences.length === 0) {
      const created = await world.api.post('/api/db/evidences', {
        headers: JSON_HEADERS,
        data: { hypothesis_id: root!.id, type: 'check', description: 'Checkout health check passes', definition_of_done: true, script },
      });
      expect(created.ok(), await created.text()).toBe(true);
    }
    await page.setViewportSize(viewport);
    await openScreen(page, `/incidents/${incidentId}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Definition of done' }).click();
    const panel = main.getByRole('region', { name: 'Definition of done' });
    await panel.getByText(script).waitFor();
    const overflowing = await panel.evaluate((section) => {
      const right = section.getBoundingClientRect().right;
      return Array.from(section.querySelectorAll<HTMLElement>('*'))
        .filter((element) => element.getBoundingClientRect().right > right + 1 || (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === "visible"))
        .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').slice(0, 40)}"`);
    });
    expect(overflowing).toEqual([]);
    await screenshot(page, `incident-definition-of-done-${viewport.width}`);
  });
});
