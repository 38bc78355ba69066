import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { startMailbox, waitForMail, type Mailbox } from '../support/mailbox.js';
import { dbRows, JSON_HEADERS, openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

interface ResponderRow {
  id: string;
  type: string;
  team_id: string | null;
  person_id: string | null;
  properties: Record<string, unknown>;
  external_id: string | null;
  created_by: string | null;
  deleted_at: string | null;
}

const REPRESENTATION = { ...JSON_HEADERS, Prefer: 'return=representation' };

async function created<T>(response: { ok: () => boolean; status: () => number; text: () => Promise<string>; json: () => Promise<unknown> }): Promise<T> {
  if (!response.ok()) throw new Error(`seeding answered ${response.status()}: ${await response.text()}`);
  const body = (await response.json()) as T | T[];
  return Array.isArray(body) ? body[0]! : body;
}

/** The progress steps of a responder row, each with whether it is reached. */
async function strip(row: Locator): Promise<string[]> {
  return row.getByRole('list', { name: 'Progress' }).getByRole('listitem').evaluateAll((items) => items.map((item) => `${item.firstElementChild?.textContent}:${item.getAttribute('data-state')}`));
}

/**
 * Responders on a real server: a team whose email client points at an email connection to an
 * SMTP server on loopback started here, and a person; both written through the data service and
 * read back from the database, one deleted again.
 */
describe('incident responders', () => {
  let world: SettingsWorld;
  let page: Page;
  let mailbox: Mailbox;
  let incidentId: string;

  beforeAll(async () => {
    mailbox = await startMailbox();
    world = await settingsWorld();
    page = await world.admin.newPage();
    const smtp = new URL(mailbox.url);
    await created(
      await world.api.post('/api/connections', {
        headers: JSON_HEADERS,
        data: { name: 'oncall-mail', namespace: 'default', type: 'email', properties: { host: smtp.hostname, port: smtp.port, from: 'pharos@example.com', encryptionMethod: 'None', authMethod: 'None' } },
      }),
    );
    await created(
      await world.api.post('/api/db/teams', {
        headers: REPRESENTATION,
        data: { name: 'Payments', spec: { responder_clients: { email: { connection: 'connection://default/oncall-mail', to: 'payments-oncall@example.com' } } } },
      }),
    );
    const incident = await created<{ id: string }>(
      await world.api.post('/api/db/incidents', { headers: REPRESENTATION, data: { title: 'Checkout is down', severity: 'high', status: 'open', type: 'availability' } }),
    );
    incidentId = incident.id;
    await created(await world.api.post('/api/db/hypotheses', { headers: REPRESENTATION, data: { incident_id: incidentId, title: 'Checkout is down', type: 'root', status: 'possible' } }));
  }, 240_000);

  afterAll(async () => {
    await page?.close();
    await world?.close();
    await mailbox?.close();
  });

  it('adds a team responder through its email client and a person, shows their progress and deletes one', { timeout: 180_000 }, async () => {
    await openScreen(page, `/incidents/${incidentId}`);
    const section = page.getByRole('main').getByRole('region', { name: 'Responders' });
    await section.getByText('No responders').waitFor();

    // The team: its only client is email, whose recipient the team sets.
    await section.getByRole('button', { name: 'Add responder' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add responder' });
    const next = dialog.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'Payments' });
    await next.click();
    expect(await dialog.getByRole('radio').count()).toBe(1);
    await dialog.getByRole('radio', { name: 'Email' }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const form = dialog.getByRole('form', { name: 'Save Team Responder' });
    expect(await form.getByRole('textbox', { name: 'To' }).inputValue()).toBe('payments-oncall@example.com');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await form.getByText('Please provide valid value').count()).toBe(2);
    await form.getByRole('textbox', { name: 'Subject' }).fill('Checkout is down');
    await form.getByRole('textbox', { name: 'Body' }).fill('Orders fail since 10:00, please join the incident.');
    await screenshot(page, 'incident-add-responder');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Responder added successfully');
    await dialog.waitFor({ state: 'detached' });

    const list = section.getByRole('list', { name: 'Responder list' });
    const team = list.getByRole('listitem', { name: 'Payments' });
    await team.waitFor();
    expect(await team.getByText('Email', { exact: true }).count()).toBe(1);
    expect((await strip(team))[0]).toBe('Created:reached');

    const [teamRow] = await dbRows<ResponderRow>(world.api, `responders?incident_id=eq.${incidentId}&team_id=not.is.null`);
    expect(teamRow).toMatchObject({
      type: 'system',
      deleted_at: null,
      properties: { responderType: 'email', to: 'payments-oncall@example.com', subject: 'Checkout is down', body: 'Orders fail since 10:00, please join the incident.' },
    });
    expect(teamRow!.created_by).not.toBeNull();

    // The server sends the team's email through its connection on its next run (every 30 s) and keeps the Message-ID.
    const mail = await waitForMail(mailbox.dir, 'payments-oncall@example.com', { subject: /^Checkout is down$/, timeoutMs: 75_000 });
    expect(mail.text).toContain('Orders fail since 10:00, please join the incident.');
    await expect.poll(async () => (await dbRows<ResponderRow>(world.api, `responders?id=eq.${teamRow!.id}`))[0]?.external_id, { timeout: 10_000 }).toMatch(/^<.+@.+>$/);
    const [sent] = await dbRows<ResponderRow>(world.api, `responders?id=eq.${teamRow!.id}`);
    await page.reload();
    await team.getByText(sent!.external_id!, { exact: true }).waitFor();
    expect(sent!.properties['error']).toBeUndefined();

    // A person, added directly, from the keyboard alone.
    await section.getByRole('button', { name: 'Add responder' }).press('Enter');
    dialog = page.getByRole('dialog', { name: 'Add responder' });
    await dialog.getByRole('radio', { name: 'Team' }).press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: 'Person' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    await page.keyboard.press('Tab');
    const people = dialog.getByRole('combobox', { name: 'Person' });
    expect(await people.evaluate((element) => element === document.activeElement)).toBe(true);
    await people.getByRole('option', { name: 'Grace Hopper' }).waitFor({ state: 'attached' });
    await page.keyboard.type('Grace');
    expect(await people.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('Grace Hopper');
    await dialog.getByRole('button', { name: 'Add' }).press('Enter');
    await toast(page, 'Responder added successfully');
    const person = list.getByRole('listitem', { name: 'Grace Hopper' });
    await person.waitFor();
    expect(await strip(person)).toEqual(['Created:reached', 'Acknowledged(not yet):pending', 'Resolved(not yet):pending', 'Closed(not yet):pending']);
    await screenshot(page, 'incident-responders');

    // The team responder's long Message-ID stays inside the incident's pane.
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await team.getByText(sent!.external_id!, { exact: true }).waitFor();
      await expectNoHorizontalOverflow(page);
    }

    // The person again removed: a soft delete.
    await person.getByRole('button', { name: 'Delete responder Grace Hopper' }).click();
    await page.getByRole('alertdialog', { name: 'Delete responder' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Responder deleted successfully');
    await person.waitFor({ state: 'detached' });
    await team.waitFor();
    const rows = await dbRows<ResponderRow>(world.api, `responders?incident_id=eq.${incidentId}&order=created_at`);
    expect(rows.map((row) => [row.type, row.deleted_at === null])).toEqual([
      ['system', true],
      ['person', false],
    ]);

    // The changelog the database wrote for both.
    await page.getByRole('main').getByRole('button', { name: 'Changelog' }).click();
    const entries = page.getByRole('main').getByRole('list', { name: 'Changelog entries' });
    await entries.waitFor();
    expect(await entries.getByText('Responder added', { exact: true }).count()).toBe(2);
  });
});
