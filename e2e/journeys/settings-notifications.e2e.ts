import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { embeddedDatabaseUrl, query } from '../support/database.js';
import { applyYaml, startCheckTarget, type CheckTarget } from '../support/health.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { dbRows, field, JSON_HEADERS, openScreen, setEditorText, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

/** Names of this run, so rows written by anything else on the server do not matter. */
const run = randomUUID().slice(0, 8);
const TITLES = {
  person: `E2E person ${run}`,
  team: `E2E team ${run}`,
  deliver: `E2E deliver ${run}`,
  applied: `E2E applied ${run}`,
};
const CHECK = `e2e-api-${run}`;
const TEAM = `Ops ${run}`;

interface NotificationRow {
  id: string;
  title: string;
  events: string[];
  person_id: string | null;
  team_id: string | null;
  custom_services: { connection?: string; name: string }[] | null;
  template: string | null;
  repeat_interval: string | null;
  properties: Record<string, string> | null;
  source: string | null;
  created_by: string | null;
}

async function notificationTitled(world: SettingsWorld, title: string): Promise<NotificationRow> {
  const [row] = await dbRows<NotificationRow>(world.api, `notifications?title=eq.${encodeURIComponent(title)}&deleted_at=is.null`);
  if (!row) throw new Error(`no notification titled ${title}`);
  return row;
}

async function openCreate(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Create Notification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Notification' });
  await dialog.waitFor();
  return dialog;
}

async function pickEvents(page: Page, dialog: Locator, events: string[]): Promise<void> {
  await dialog.getByRole('button', { name: /^Events/ }).click();
  const list = page.getByRole('group', { name: 'Events' });
  for (const event of events) await list.getByLabel(event, { exact: true }).check();
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'detached' });
}

async function pickScript(dialog: Locator, type: string): Promise<void> {
  await dialog.getByRole('radiogroup', { name: 'Script type' }).getByText(type, { exact: true }).click();
}

/** Pending, Failed and Sent of the rule titled `title`, the page reloaded first. */
async function countsOf(page: Page, title: string): Promise<number[]> {
  await page.reload();
  const row = page.getByRole('table', { name: 'Notifications' }).getByRole('row').filter({ hasText: title });
  await row.waitFor({ timeout: 15_000 });
  const cells = await row.getByRole('cell').allInnerTexts();
  return cells.slice(4, 7).map((text) => Number(text.trim()));
}

describe('settings: notifications', () => {
  let world: SettingsWorld;
  let databaseUrl: string;
  let target: CheckTarget;
  let page: Page;
  let adminId: string;

  beforeAll(async () => {
    world = await settingsWorld(['responder']);
    databaseUrl = await embeddedDatabaseUrl(world.server.dataDir);
    target = await startCheckTarget();
    // Channels on loopback: the check target answers 200 on /ok and 503 anywhere else.
    for (const [name, path] of [
      [`hook-${run}`, '/ok'],
      [`broken-hook-${run}`, '/hook-down'],
    ] as const) {
      const created = await world.api.post('/api/connections', {
        headers: JSON_HEADERS,
        data: { name, namespace: 'default', type: 'generic_webhook', url: `${target.url}${path}`, properties: { method: 'POST', messageKey: 'message', titleKey: 'title' } },
      });
      expect(created.ok(), await created.text()).toBe(true);
    }
    await query(databaseUrl, 'insert into teams (name) values ($1)', [TEAM]);
    const [admin] = await dbRows<{ id: string }>(world.api, "people?name=eq.Grace%20Hopper&select=id");
    adminId = admin!.id;
    page = await world.admin.newPage();
  });

  afterAll(async () => {
    await page?.close();
    await target?.close();
    await world?.close();
  });

  it('creates notifications with each recipient tab and script type, each switch clearing the previous choice', async () => {
    await openScreen(page, '/settings/notifications');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe('/settings/jobs');

    let dialog = await openCreate(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('This field is required').waitFor();
    await pickEvents(page, dialog, ['check.failed', 'check.passed']);
    await field(dialog, 'Title').fill(TITLES.person);
    await field(dialog, 'Filter').fill("check.name == 'never-fails'");
    // Team, then Others and back: the team is gone; then Person
    await dialog.getByRole('tab', { name: 'Team' }).click();
    await field(dialog, 'Team').selectOption({ label: TEAM });
    await dialog.getByRole('tab', { name: 'Others' }).click();
    await dialog.getByRole('tab', { name: 'Team' }).click();
    expect(await field(dialog, 'Team').inputValue()).toBe('');
    await dialog.getByRole('tab', { name: 'Person' }).click();
    await field(dialog, 'Person').selectOption(adminId);
    // every script type in turn: each switch clears what was written for the previous one
    for (const [type, text] of [
      ['Go Template', '{{.check.name}} failed'],
      ['Javascript', 'check.name + " failed"'],
      ['Expr', 'check.name + " failed"'],
      ['JSONPath', '$.check.name'],
    ] as const) {
      await pickScript(dialog, type);
      expect(await field(dialog, 'Template body').inputValue()).toBe('');
      await field(dialog, 'Template body').fill(text);
    }
    await pickScript(dialog, 'None');
    expect(await dialog.getByLabel('Template body').count()).toBe(0);
    await pickScript(dialog, 'JSONPath');
    await field(dialog, 'Template body').fill('$.check.name');
    await field(dialog, 'Repeat Interval').selectOption('1d');
    await setEditorText(page, 'Properties', '{"priority": "high"}', dialog);
    await screenshot(page, 'settings-notifications-create');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Notification updated successfully');
    await dialog.waitFor({ state: 'detached' });
    const person = await notificationTitled(world, TITLES.person);
    expect(person).toMatchObject({
      events: ['check.failed', 'check.passed'],
      person_id: adminId,
      team_id: null,
      custom_services: null,
      template: '$.check.name',
      repeat_interval: '1d',
      properties: { priority: 'high', template_type: 'jsonpath' },
      source: 'UI',
      created_by: adminId,
    });

    dialog = await openCreate(page);
    await pickEvents(page, dialog, ['component.unhealthy']);
    await field(dialog, 'Title').fill(TITLES.team);
    await dialog.getByRole('tab', { name: 'Team' }).click();
    await field(dialog, 'Team').selectOption({ label: TEAM });
    await pickScript(dialog, 'Expr');
    await field(dialog, 'Template body').fill('component.name');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Notification updated successfully');
    await dialog.waitFor({ state: 'detached' });
    expect(await notificationTitled(world, TITLES.team)).toMatchObject({ person_id: null, team_id: expect.any(String), template: 'component.name', properties: { template_type: 'expr' } });

    // Others: the two webhooks, a Go template the server renders
    dialog = await openCreate(page);
    await pickEvents(page, dialog, ['check.failed']);
    await field(dialog, 'Title').fill(TITLES.deliver);
    await field(dialog, 'Filter').fill(`check.name == '${CHECK}'`);
    await dialog.getByRole('tab', { name: 'Others' }).click();
    await dialog.getByRole('button', { name: /^Channels/ }).click();
    const channels = page.getByRole('group', { name: 'Channels' });
    await channels.getByLabel(`hook-${run} (generic_webhook)`, { exact: true }).check();
    await channels.getByLabel(`broken-hook-${run} (generic_webhook)`, { exact: true }).check();
    await page.keyboard.press('Escape');
    await pickScript(dialog, 'Go Template');
    await field(dialog, 'Template body').fill('Check **{{.check.name}}** failed');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Notification updated successfully');
    await dialog.waitFor({ state: 'detached' });
    expect((await notificationTitled(world, TITLES.deliver)).custom_services).toEqual([
      { connection: `connection://generic_webhook/hook-${run}`, name: `hook-${run}` },
      { connection: `connection://generic_webhook/broken-hook-${run}`, name: `broken-hook-${run}` },
    ]);

    const rows = page.getByRole('table', { name: 'Notifications' }).getByRole('row');
    const team = await rows.filter({ hasText: TITLES.team }).getByRole('cell').allInnerTexts();
    expect(team[0]).toBe(TEAM);
    expect(team[1]).toBe('component.unhealthy');
    expect(team[11]).toContain('Grace Hopper');
  });

  it('edits a rule from its row: another recipient replaces the old one', async () => {
    await openScreen(page, '/settings/notifications');
    await page.getByRole('table', { name: 'Notifications' }).getByText(TITLES.team).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Notification' });
    expect(await field(dialog, 'Title').inputValue()).toBe(TITLES.team);
    expect(await dialog.getByRole('tab', { name: 'Team', selected: true }).count()).toBe(1);
    expect(await dialog.getByRole('radio', { name: 'Expr' }).isChecked()).toBe(true);
    await dialog.getByRole('tab', { name: 'Person' }).click();
    await field(dialog, 'Person').selectOption(adminId);
    await field(dialog, 'Repeat Interval').selectOption('1w');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Notification updated successfully');
    await dialog.waitFor({ state: 'detached' });
    expect(await notificationTitled(world, TITLES.team)).toMatchObject({ person_id: adminId, team_id: null, custom_services: null, repeat_interval: '1w' });
  });

  it('shows an applied notification read-only, and a responder neither creates nor edits notifications', async () => {
    await applyYaml(
      world,
      `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata: {name: e2e-applied-${run}, namespace: default}
spec:
  events: [check.passed]
  filter: check.name == 'never-${run}'
  title: ${TITLES.applied}
  to:
    url: https://hooks.example.com/notify
`,
    );
    await openScreen(page, '/settings/notifications');
    await page.getByRole('table', { name: 'Notifications' }).getByText(TITLES.applied).click();
    let dialog = page.getByRole('dialog', { name: 'Edit Notification' });
    await dialog.getByText(/^This notification comes from ConfigFile.*: it can only be edited there\.$/).waitFor();
    expect(await dialog.getByRole('button', { name: 'Update' }).count()).toBe(0);
    expect(await dialog.getByLabel('Title').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const responder = await world.contexts.get('responder')!.newPage();
    try {
      await openScreen(responder, '/settings/notifications');
      const rows = responder.getByRole('table', { name: 'Notifications' });
      await rows.getByText(TITLES.person).click();
      dialog = responder.getByRole('dialog', { name: 'Edit Notification' });
      await dialog.getByText('You may not change notifications.', { exact: true }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Update' }).count()).toBe(0);
      expect(await responder.getByRole('button', { name: 'Create Notification' }).count()).toBe(0);
      // The data service refuses the write the screen does not offer.
      const refused = await responder.request.patch(`/api/db/notifications?id=eq.${(await notificationTitled(world, TITLES.person)).id}`, {
        headers: JSON_HEADERS,
        data: { title: 'changed by a responder' },
      });
      expect(refused.status()).toBe(403);
    } finally {
      await responder.close();
    }
    expect((await notificationTitled(world, TITLES.person)).title).toBe(TITLES.person);
  });

  it('counts the sends of a real check failure, opens the most common error and the send history', async () => {
    // A check that fails on its first run: the rule's two webhooks are sent to, one answers 503.
    await applyYaml(
      world,
      `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: e2e-notify-${run}}
spec:
  schedule: "@every 1m"
  http:
    - name: ${CHECK}
      url: ${target.url}/down-${run}
`,
    );
    const rule = await notificationTitled(world, TITLES.deliver);
    await openScreen(page, '/settings/notifications');
    await expect.poll(async () => (await countsOf(page, TITLES.deliver))[2], { timeout: 90_000, interval: 2_000 }).toBe(1);
    // The broken hook is retried with backoff; the wait between attempts is cut short, the attempts are real.
    await expect
      .poll(
        async () => {
          await query(databaseUrl, "update notification_send_history set next_attempt_at = now() where notification_id = $1 and status = 'pending'", [rule.id]);
          return countsOf(page, TITLES.deliver);
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toEqual([0, 1, 1]);
    const [failed] = (await query<{ error: string; attempts: number }>(databaseUrl, "select error, attempts from notification_send_history where notification_id = $1 and status = 'failed'", [rule.id])).rows;
    expect(failed!.attempts).toBeGreaterThan(1);
    const row = page.getByRole('table', { name: 'Notifications' }).getByRole('row').filter({ hasText: TITLES.deliver });
    await row.getByRole('button', { name: '1 failed: show the most common error' }).click();
    const modal = page.getByRole('dialog', { name: 'Most Common Error' });
    await modal.getByText(failed!.error, { exact: true }).waitFor();
    await screenshot(page, 'settings-notifications-error');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    await row.getByText(TITLES.deliver).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Notification' });
    await dialog.getByRole('tab', { name: 'Send History' }).click();
    const history = dialog.getByRole('table', { name: 'Send History' });
    const sent = history.getByRole('row').filter({ has: page.locator('[data-status="sent"]') });
    await sent.waitFor();
    expect(await sent.innerText()).toContain(CHECK);
    expect(await sent.innerText()).toContain(`connection://generic_webhook/hook-${run}`);
    await sent.getByRole('button', { name: 'Show body' }).click();
    expect(await history.getByLabel('Body', { exact: true }).innerText()).toContain(`Check **${CHECK}** failed`);
    await screenshot(page, 'settings-notifications-history');
  });

  it('silences the resource of a failed send, previewing what it mutes, and shows a bad filter', async () => {
    await openScreen(page, '/settings/notifications');
    await page.getByRole('table', { name: 'Notifications' }).getByText(TITLES.deliver).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Notification' });
    await dialog.getByRole('tab', { name: 'Send History' }).click();
    const failed = dialog.getByRole('table', { name: 'Send History' }).getByRole('row').filter({ has: page.locator('[data-status="failed"]') });
    await failed.getByRole('button', { name: 'Silence' }).click();
    let form = page.getByRole('dialog', { name: 'Add Silence' });
    expect(await field(form, 'Name').inputValue()).toBe(`Silence ${CHECK}`);
    expect(await form.getByRole('group', { name: 'Selector 1' }).getByLabel('Type').inputValue()).toBe('check');
    // both sends of this rule about the check would have been muted
    await form.getByRole('region', { name: 'Preview' }).getByText('2 sends of the last 7 days would have been silenced.').waitFor({ timeout: 15_000 });
    await screenshot(page, 'settings-notifications-silence');
    await form.getByRole('button', { name: 'Save' }).click();
    // The rule's dialog is still open: the toast region is hidden from the accessibility tree meanwhile.
    await page.getByText('Silence saved successfully', { exact: true }).first().waitFor({ timeout: 15_000 });
    await form.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const [silence] = await dbRows<{ selectors: unknown; notification_id: string; created_by: string }>(
      world.api,
      `notification_silences?name=eq.${encodeURIComponent(`Silence ${CHECK}`)}&deleted_at=is.null`,
    );
    expect(silence).toMatchObject({ notification_id: (await notificationTitled(world, TITLES.deliver)).id, created_by: adminId });

    await page.getByRole('tab', { name: 'Silences' }).click();
    const silences = page.getByRole('table', { name: 'Silences' });
    await silences.getByRole('row').filter({ hasText: `Silence ${CHECK}` }).getByText('active').waitFor();
    await page.getByRole('button', { name: 'Add Silence' }).click();
    form = page.getByRole('dialog', { name: 'Add Silence' });
    await field(form, 'Name').fill(`Maintenance ${run}`);
    await field(form, 'Filter').fill("check.name = = 'x'");
    await form.getByText(/^filter: /).waitFor({ timeout: 15_000 });
    expect(await field(form, 'Filter').getAttribute('aria-invalid')).toBe('true');
    await field(form, 'Filter').fill(`check.name.startsWith('e2e-api-${run}')`);
    await form.getByRole('region', { name: 'Preview' }).getByText('2 sends of the last 7 days would have been silenced.').waitFor({ timeout: 15_000 });
    expect(await form.getByText(/^filter: /).count()).toBe(0);
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Silence saved successfully');
    await silences.getByRole('row').filter({ hasText: `Maintenance ${run}` }).waitFor();

    await silences.getByText(`Maintenance ${run}`).click();
    form = page.getByRole('dialog', { name: 'Edit Silence' });
    await form.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Silence deleted successfully');
    await silences.getByText(`Maintenance ${run}`).waitFor({ state: 'detached' });
  });

  it.each(VIEWPORTS)('shows every column of the notifications, Created By included, without sideways scrolling at $width×$height', async (viewport) => {
    await page.setViewportSize(viewport);
    await openScreen(page, '/settings/notifications');
    const table = page.getByRole('table', { name: 'Notifications' });
    await table.getByRole('row').filter({ hasText: TITLES.deliver }).waitFor();
    await table.getByRole('columnheader', { name: 'Created By' }).waitFor();
    await expectNoHorizontalOverflow(page);
    const header = await table.getByRole('columnheader', { name: 'Created By' }).boundingBox();
    const pane = await page.getByRole('main').boundingBox();
    expect(header!.x + header!.width).toBeLessThanOrEqual(pane!.x + pane!.width);
    await screenshot(page, `settings-notifications-${viewport.width}`);
  });
});
