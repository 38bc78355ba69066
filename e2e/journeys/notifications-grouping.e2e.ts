import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { embeddedDatabaseUrl, query } from '../support/database.js';
import { applyYaml } from '../support/health.js';
import { dbRows, field, JSON_HEADERS, openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';
import { startLoopbackReceiver, type LoopbackReceiver } from '../support/webhook-receiver.js';

/**
 * A rule made with the notification form groups the failures of checks and components under their
 * unhealthy root: they are held (the silence preview and the send history show it) until the window
 * closes, when the webhook on loopback gets one message naming the root and how many failed.
 */

const ROOT = 'payments-platform';
const RULE_TITLE = '{{.name}} is down';
const HOOK = 'payments-hook';
/** Checks under the root: api-latency under payments-api, the db ones under payments-db. */
const DEPENDENT_CHECKS = ['api-latency', 'db-reads', 'db-writes'];
const DEPENDENT_COMPONENTS = ['payments-api', 'payments-db'];
const DEPENDENTS = [...DEPENDENT_CHECKS, ...DEPENDENT_COMPONENTS].sort();
/** A check under no component: its failure is sent at once. */
const LONE_CHECK = 'search-api';
const GROUPED_TITLE = `${ROOT} is down; ${DEPENDENTS.length} dependent checks failed`;
const WINDOW_MESSAGE = 'Enter a whole number of seconds, minutes or hours, such as 30s, 5m or 1h';
const SLOW = 30_000;

interface Rule {
  id: string;
  group_by_topology: boolean;
  group_window: string | null;
}

interface Send {
  status: string;
  resource_name: string | null;
  title: string | null;
}

interface PreviewGroup {
  root_name: string;
  title: string;
  dependents: { resource_name: string | null }[];
}

async function ruleOf(world: SettingsWorld): Promise<Rule> {
  const [rule] = await dbRows<Rule>(world.api, `notifications?title=eq.${encodeURIComponent(RULE_TITLE)}&deleted_at=is.null&select=id,group_by_topology,group_window`);
  if (!rule) throw new Error(`no notification titled ${RULE_TITLE}`);
  return rule;
}

/** What the server answers the silence preview of the rule (what the Add Silence form shows). */
async function openGroupsOf(world: SettingsWorld, notificationId: string): Promise<PreviewGroup[]> {
  const answer = await world.api.post('/api/notifications/silences/preview', {
    headers: JSON_HEADERS,
    data: { notification_id: notificationId, selectors: [{ type: 'check', name: '*' }] },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { groups: PreviewGroup[] }).groups;
}

async function sendsOf(databaseUrl: string, notificationId: string): Promise<Send[]> {
  return (await query<Send>(databaseUrl, 'select status, resource_name, title from notification_send_history where notification_id = $1 order by created_at', [notificationId])).rows;
}

async function openRule(page: Page): Promise<Locator> {
  await openScreen(page, '/settings/notifications');
  await page.getByRole('table', { name: 'Notifications' }).getByText(RULE_TITLE).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Notification' });
  await dialog.getByRole('tab', { name: 'Send History' }).click();
  return dialog;
}

/** The statuses the rule's Send History shows per resource, e.g. {'db-reads': ['held']}. */
async function historyOf(dialog: Locator): Promise<Record<string, string[]>> {
  const table = dialog.getByRole('table', { name: 'Send History' });
  await table.locator('[data-status]').first().waitFor({ timeout: SLOW });
  const shown: Record<string, string[]> = {};
  for (const row of await table.locator('tr[data-send]').all()) {
    const status = (await row.locator('[data-status]').getAttribute('data-status')) ?? '';
    const resource = (await row.getByRole('cell').nth(2).innerText()).replace(/^(check|component)\s+/, '').trim();
    shown[resource] = [...(shown[resource] ?? []), status].sort();
  }
  return shown;
}

describe('notifications: grouping dependent failures under their root', () => {
  let world: SettingsWorld;
  let databaseUrl: string;
  let receiver: LoopbackReceiver;
  let page: Page;
  const checkIds = new Map<string, string>();

  beforeAll(async () => {
    world = await settingsWorld();
    databaseUrl = await embeddedDatabaseUrl(world.server.dataDir);
    receiver = await startLoopbackReceiver();
    const hook = await world.api.post('/api/connections', {
      headers: JSON_HEADERS,
      data: { name: HOOK, namespace: 'default', type: 'generic_webhook', url: `${receiver.url}/hooks/payments`, properties: { method: 'POST', messageKey: 'message', titleKey: 'title' } },
    });
    expect(hook.ok(), await hook.text()).toBe(true);
    // The root is down because the catalog reports its load balancer unhealthy, not because of a check:
    // had its own check failed, whether that failure came before or after the root turned unhealthy
    // would decide whether the group held it, and the count would vary from run to run.
    const config = await world.api.post('/api/db/configs', {
      headers: JSON_HEADERS,
      data: { name: 'payments-lb', type: 'Network::LoadBalancer', config_class: 'LoadBalancer', health: 'unhealthy', status: 'Degraded' },
    });
    expect(config.ok(), await config.text()).toBe(true);
    // The checks pass while nothing is down; the topology links them once they exist.
    await applyYaml(
      world,
      `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: payments-checks}
spec:
  schedule: "@every 1h"
  http:
${[...DEPENDENT_CHECKS, LONE_CHECK].map((name) => `    - name: ${name}\n      url: ${receiver.url}/${name}\n`).join('')}`,
    );
    await applyYaml(
      world,
      `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata: {name: ${ROOT}}
spec:
  type: Platform
  schedule: "@every 1h"
  configs:
    - name: payments-lb
  components:
    - name: payments-api
      type: Service
      checks:
        - selector: {name: api-latency}
    - name: payments-db
      type: Database
      checks:
        - selector: {name: db-*}
`,
    );
    const wanted = JSON.stringify({
      checks: { 'api-latency': 'healthy', 'db-reads': 'healthy', 'db-writes': 'healthy', 'search-api': 'healthy' },
      components: { 'payments-api': 'healthy', 'payments-db': 'healthy', [ROOT]: 'unhealthy' },
    });
    let seen = '';
    for (const deadline = Date.now() + 60_000; seen !== wanted; ) {
      if (Date.now() > deadline) throw new Error(`the checks and components did not settle within 60 s: ${seen}`);
      const checks = await dbRows<{ id: string; name: string; status: string | null }>(world.api, 'checks?select=id,name,status,canaries!inner(name)&canaries.name=eq.payments-checks&deleted_at=is.null&order=name');
      for (const check of checks) checkIds.set(check.name, check.id);
      const components = await dbRows<{ name: string; health: string | null }>(world.api, 'components?select=name,health&deleted_at=is.null&order=name');
      seen = JSON.stringify({
        checks: Object.fromEntries(checks.map((check) => [check.name, check.status])),
        components: Object.fromEntries(components.map((component) => [component.name, component.health])),
      });
      if (seen !== wanted) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    page = await world.admin.newPage();
  }, 240_000);

  afterAll(async () => {
    await page?.close();
    await world?.close();
    await receiver?.close();
  });

  it('refuses a group window it cannot read, then saves the rule with grouping on', async () => {
    await openScreen(page, '/settings/notifications');
    await page.getByRole('button', { name: 'Create Notification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Notification' });
    await dialog.getByRole('button', { name: /^Events/ }).click();
    const events = page.getByRole('group', { name: 'Events' });
    for (const event of ['check.failed', 'component.unhealthy']) await events.getByLabel(event, { exact: true }).check();
    await page.keyboard.press('Escape');
    await events.waitFor({ state: 'detached' });
    await field(dialog, 'Title').fill(RULE_TITLE);
    await dialog.getByRole('tab', { name: 'Others' }).click();
    await dialog.getByRole('button', { name: /^Channels/ }).click();
    await page.getByRole('group', { name: 'Channels' }).getByLabel(`${HOOK} (generic_webhook)`, { exact: true }).check();
    await page.keyboard.press('Escape');

    expect(await dialog.getByLabel('Group Window').count()).toBe(0);
    await dialog.getByLabel('Group dependent failures under their root').check();
    await field(dialog, 'Group Window').fill('5 minutes');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(WINDOW_MESSAGE, { exact: true }).waitFor();
    expect(await field(dialog, 'Group Window').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'notifications-grouping-bad-window');
    expect(await dbRows(world.api, `notifications?title=eq.${encodeURIComponent(RULE_TITLE)}`)).toEqual([]);

    await field(dialog, 'Group Window').fill('1h');
    await dialog.getByText(WINDOW_MESSAGE, { exact: true }).waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Notification updated successfully');
    await dialog.waitFor({ state: 'detached' });
    expect(await ruleOf(world)).toMatchObject({ group_by_topology: true, group_window: '1h' });
  });

  it('holds the failures under the root, shown as one open group in the silence preview and as held in the history', async () => {
    const rule = await ruleOf(world);
    for (const name of [...DEPENDENT_CHECKS, LONE_CHECK]) receiver.down.add(`/${name}`);
    for (const name of [...DEPENDENT_CHECKS, LONE_CHECK]) {
      const ran = await world.api.post(`/api/canary/run/check/${checkIds.get(name)}`);
      expect(ran.ok(), await ran.text()).toBe(true);
      expect(((await ran.json()) as { status: string }).status).toBe('unhealthy');
    }
    // The lone check is sent at once; the dependents (the components that turn unhealthy too) wait in one group.
    await expect.poll(() => receiver.hooks().map((hook) => hook.body['title']), { timeout: SLOW }).toEqual([`${LONE_CHECK} is down`]);
    await expect
      .poll(async () => (await openGroupsOf(world, rule.id)).map((group) => ({ root: group.root_name, dependents: group.dependents.map((d) => d.resource_name).sort() })), { timeout: SLOW, interval: 500 })
      .toEqual([{ root: ROOT, dependents: DEPENDENTS }]);

    await openScreen(page, '/settings/notifications');
    await page.getByRole('tab', { name: 'Silences' }).click();
    await page.getByRole('button', { name: 'Add Silence' }).click();
    const form = page.getByRole('dialog', { name: 'Add Silence' });
    await field(form, 'Notification').selectOption({ label: RULE_TITLE });
    if ((await form.getByRole('group', { name: 'Selector 1' }).count()) === 0) await form.getByRole('button', { name: 'Add selector' }).click();
    const selector = form.getByRole('group', { name: 'Selector 1' });
    await selector.getByLabel('Type').selectOption('check');
    await selector.getByLabel('Name (glob)').fill('*');
    const preview = form.getByRole('region', { name: 'Preview' });
    const grouped = preview.getByRole('list', { name: 'Grouped under their root' });
    await grouped.getByText(GROUPED_TITLE, { exact: true }).waitFor({ timeout: SLOW });
    expect(await grouped.getByRole('listitem').count()).toBe(1);
    expect((await grouped.getByRole('listitem').innerText()).split(/[\s,]+/)).toEqual(expect.arrayContaining(DEPENDENTS));
    // The dependent checks' sends are listed as held, the lone check's as sent.
    for (const name of DEPENDENT_CHECKS) await preview.getByRole('listitem').filter({ hasText: name }).locator('[data-status="held"]').waitFor();
    await preview.getByRole('listitem').filter({ hasText: LONE_CHECK }).locator('[data-status="sent"]').waitFor();
    await screenshot(page, 'notifications-grouping-preview');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    // The rule's row counts what it holds as pending (the root's own unhealthy event is held too when it
    // reached delivery after the rule was made): pending, failed, sent.
    const held = (await sendsOf(databaseUrl, rule.id)).filter((send) => send.status === 'held').length;
    expect(held).toBeGreaterThanOrEqual(DEPENDENTS.length);
    await openScreen(page, '/settings/notifications');
    const row = page.getByRole('table', { name: 'Notifications' }).getByRole('row').filter({ hasText: RULE_TITLE });
    await row.waitFor({ timeout: SLOW });
    expect((await row.getByRole('cell').allInnerTexts()).slice(4, 7).map((text) => Number(text.trim()))).toEqual([held, 0, 1]);

    const dialog = await openRule(page);
    const history = await historyOf(dialog);
    for (const name of DEPENDENTS) expect(history[name], name).toEqual(['held']);
    expect(history[LONE_CHECK]).toEqual(['sent']);
    await screenshot(page, 'notifications-grouping-held');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('sends exactly one message naming the root and the count when the window closes', async () => {
    const rule = await ruleOf(world);
    // No interface ends a window early: the journey moves its end to now, as an hour passing would.
    const closed = await query(databaseUrl, "update notification_groups set closes_at = now() where notification_id = $1 and status = 'open'", [rule.id]);
    expect(closed.rowCount).toBe(1);
    // Everything the rule wrote has gone out once nothing is pending or held.
    await expect
      .poll(async () => (await sendsOf(databaseUrl, rule.id)).filter((send) => send.status === 'pending' || send.status === 'held').length, { timeout: SLOW, interval: 500 })
      .toBe(0);
    const hooks = receiver.hooks();
    expect(hooks.map((hook) => hook.body['title'])).toEqual([`${LONE_CHECK} is down`, GROUPED_TITLE]);
    const message = String(hooks[1]!.body['message']);
    expect(message).toContain(`**${ROOT}** is down; ${DEPENDENTS.length} dependent checks failed`);
    for (const name of DEPENDENT_CHECKS) expect(message).toContain(`- ${name} (check, check.failed)`);
    for (const name of DEPENDENT_COMPONENTS) expect(message).toContain(`- ${name} (component, component.unhealthy)`);
    expect(message).toMatch(/\[Open\]\(http:\/\/127\.0\.0\.1:\d+\/topology\/[0-9a-f-]{36}\)/);
    const sends = await sendsOf(databaseUrl, rule.id);
    expect(sends.filter((send) => send.status === 'sent').map((send) => send.title)).toEqual([`${LONE_CHECK} is down`, GROUPED_TITLE]);
    expect(await openGroupsOf(world, rule.id)).toEqual([]);

    const dialog = await openRule(page);
    const history = await historyOf(dialog);
    for (const name of DEPENDENTS) expect(history[name], name).toEqual(['grouped']);
    expect(history[ROOT]).toContain('sent');
    const groupedRow = dialog.getByRole('table', { name: 'Send History' }).locator('tr[data-send]').filter({ has: page.locator('[data-status="sent"]') }).filter({ hasText: ROOT });
    await groupedRow.getByRole('button', { name: 'Show body' }).click();
    await dialog.getByText(GROUPED_TITLE, { exact: true }).waitFor();
    expect(await dialog.getByLabel('Body', { exact: true }).innerText()).toContain(`**${ROOT}** is down; ${DEPENDENTS.length} dependent checks failed`);
    await screenshot(page, 'notifications-grouping-sent');
  });
});
