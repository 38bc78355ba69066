import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { applyYaml, startCheckTarget, type CheckTarget } from '../support/health.js';
import { dbRows, JSON_HEADERS, openScreen, settingsWorld, type SettingsWorld } from '../support/settings.js';

interface EvidenceRow {
  id: string;
  type: string;
  description: string | null;
  definition_of_done: boolean;
  done: boolean;
  script: string | null;
  check_id: string | null;
  config_id: string | null;
  component_id: string | null;
  config_change_id: string | null;
  config_analysis_id: string | null;
  evidence: { comment?: string; lines?: { message?: string }[]; selected_lines?: number[]; start?: string; includeMessages?: boolean };
}

/** Writes rows through the data service as the administrator and answers them. */
async function insert<T>(world: SettingsWorld, relation: string, row: Record<string, unknown>): Promise<T> {
  const response = await world.api.post(`/api/db/${relation}`, { headers: { ...JSON_HEADERS, Prefer: 'return=representation' }, data: row });
  if (!response.ok()) throw new Error(`POST ${relation} answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as T[])[0]!;
}

async function waitForRow<T>(world: SettingsWorld, relationAndQuery: string, what: string): Promise<T> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const [row] = await dbRows<T>(world.api, relationAndQuery);
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not appear within 30 s`);
}

/**
 * Evidence of every type attached through the wizard on a real server: a check run by the engine
 * against a loopback HTTP server, a config with a change and an insight written through the data
 * service, a component the topology engine made, the lines of a file log backend, and a comment;
 * then the definition of done and an @mention, each read back from the database.
 */
describe('incident evidence', () => {
  let world: SettingsWorld;
  let target: CheckTarget;
  let dir: string;
  let page: Page;
  let incidentId = '';

  beforeAll(async () => {
    world = await settingsWorld();
    target = await startCheckTarget();
    dir = await mkdtemp(path.join(tmpdir(), 'pharos-evidence-'));
    const file = path.join(dir, 'checkout.log');
    const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
    const messages = ['request 1 ok', 'request 2 ok', 'request 3 ok', 'request 4 ok', 'payment failed: card declined', 'request 6 ok', 'request 7 ok', 'request 8 ok', 'request 9 ok'];
    await writeFile(file, `${messages.map((message, n) => JSON.stringify({ timestamp: at(600 - n * 10), message })).join('\n')}\n`);
    await applyYaml(
      world,
      [
        'apiVersion: pharos.io/v1',
        'kind: LoggingBackend',
        'metadata: {name: e2e-checkout-files}',
        'spec:',
        '  file:',
        `    paths: [${JSON.stringify(file)}]`,
        '    format: json',
        '---',
        'apiVersion: canaries.flanksource.com/v1',
        'kind: Topology',
        'metadata: {name: e2e-shop}',
        'spec:',
        '  type: Shop',
        '  components:',
        '    - name: checkout',
        '      type: Service',
        '      logs:',
        '        - name: e2e-checkout-files',
        '          type: file',
        '---',
        'apiVersion: canaries.flanksource.com/v1',
        'kind: Canary',
        'metadata: {name: e2e-shop-checks}',
        'spec:',
        '  schedule: "@every 1m"',
        '  http:',
        '    - name: e2e-api-health',
        `      url: ${target.url}/down`,
        '',
      ].join('\n'),
    );
    const config = await insert<{ id: string }>(world, 'configs', { name: 'e2e-checkout-deploy', type: 'Kubernetes::Deployment', config_class: 'Deployment' });
    await insert(world, 'config_changes', { config_id: config.id, change_type: 'ScaleDown', summary: 'replicas 3 to 1', severity: 'high' });
    await insert(world, 'config_analysis', { config_id: config.id, analyzer: 'e2e-no-probes', message: 'no readiness probe', severity: 'medium', analysis_type: 'reliability' });
    const incident = await insert<{ id: string }>(world, 'incidents', { title: 'Checkout failing', severity: 'high', status: 'open', type: 'availability' });
    incidentId = incident.id;
    await insert(world, 'hypotheses', { incident_id: incidentId, title: 'Payments down', type: 'root', status: 'possible' });
    await waitForRow(world, 'components_with_logs?name=eq.checkout', 'The component checkout with logs');
    await waitForRow(world, 'checks?name=eq.e2e-api-health', 'The check e2e-api-health');
    page = await world.admin.newPage();
  });

  afterAll(async () => {
    await page?.close();
    await world?.close();
    await target?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const incidentEvidence = async () => {
    const hypotheses = await dbRows<{ id: string }>(world.api, `hypotheses?incident_id=eq.${incidentId}`);
    return dbRows<EvidenceRow>(world.api, `evidences?hypothesis_id=in.(${hypotheses.map((h) => h.id).join(',')})&order=created_at`);
  };

  /** Opens the wizard on the root hypothesis and goes to its Search step with the given type. */
  async function wizard(type: RegExp): Promise<Locator> {
    await page.getByRole('button', { name: 'Attach evidence to Payments down' }).click();
    const dialog = page.getByRole('dialog', { name: /^Add evidence/ });
    await dialog.getByRole('radio', { name: type }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    return dialog;
  }

  async function attach(type: RegExp, searchLabel: string, search: string, pick: RegExp): Promise<void> {
    const dialog = await wizard(type);
    await dialog.getByRole('searchbox', { name: searchLabel }).fill(search);
    await dialog.getByRole('status').filter({ hasText: /^1 found$/ }).waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('checkbox', { name: pick }).check();
    await dialog.getByRole('button', { name: 'Add evidence' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('attaches each evidence type through the wizard, keeps the definition of done and mentions a person', async () => {
    await openScreen(page, `/incidents/${incidentId}?comments=true`);
    const root = page.getByRole('listitem', { name: 'Hypothesis Payments down' });
    await root.getByText('No Evidence').waitFor();

    await attach(/Health check/, 'Search health checks', 'e2e-api', /e2e-api-health/);
    await attach(/^Config(?! change)/, 'Search configs', 'e2e-checkout', /e2e-checkout-deploy/);
    await attach(/Config change/, 'Search config changes', 'ScaleDown', /replicas 3 to 1/);
    await attach(/Insight/, 'Search insights', 'e2e-no-probes', /e2e-no-probes/);
    await attach(/Component/, 'Search components', 'checkout', /^checkout/);

    // Log lines of the component's file backend: one picked, kept with 3 lines around it.
    const logs = await wizard(/^Log/);
    await logs.getByRole('combobox', { name: 'Logs of' }).selectOption({ label: 'checkout' });
    await logs.getByRole('button', { name: 'Next' }).click();
    await logs.getByRole('checkbox', { name: /payment failed: card declined/ }).check();
    await screenshot(page, 'incident-evidence-log-lines');
    await logs.getByRole('textbox', { name: 'Description' }).fill('Card payments declined');
    await logs.getByRole('button', { name: 'Add evidence' }).click();
    await logs.waitFor({ state: 'detached' });

    const comment = await wizard(/^Comment/);
    await comment.getByRole('textbox', { name: 'Comment' }).fill('Customers confirm checkout works');
    await comment.getByRole('button', { name: 'Next' }).click();
    await comment.getByRole('checkbox', { name: 'Part of the definition of done' }).check();
    await comment.getByRole('button', { name: 'Add evidence' }).click();
    await comment.waitFor({ state: 'detached' });

    await expect.poll(async () => (await incidentEvidence()).map((e) => e.type)).toEqual(['check', 'config', 'config_change', 'config_analysis', 'topology', 'log', 'comment']);
    const rows = await incidentEvidence();
    const byType = new Map(rows.map((row) => [row.type, row]));
    const [check] = await dbRows<{ id: string }>(world.api, 'checks?name=eq.e2e-api-health');
    const [component] = await dbRows<{ id: string }>(world.api, 'components_with_logs?name=eq.checkout');
    expect(byType.get('check')).toMatchObject({ check_id: check!.id, description: 'e2e-api-health' });
    expect(byType.get('config')!.config_id).not.toBeNull();
    expect(byType.get('config_change')).toMatchObject({ config_id: byType.get('config')!.config_id });
    expect(byType.get('config_change')!.config_change_id).not.toBeNull();
    expect(byType.get('config_analysis')!.config_analysis_id).not.toBeNull();
    expect(byType.get('topology')!.component_id).toBe(component!.id);
    const log = byType.get('log')!;
    expect(log).toMatchObject({ component_id: component!.id, description: 'Card payments declined' });
    expect(log.evidence.lines!.map((line) => line.message)).toEqual(['request 2 ok', 'request 3 ok', 'request 4 ok', 'payment failed: card declined', 'request 6 ok', 'request 7 ok', 'request 8 ok']);
    expect(log.evidence).toMatchObject({ selected_lines: [3], start: '1h', includeMessages: true });
    expect(byType.get('comment')).toMatchObject({ definition_of_done: true, done: false, evidence: { comment: 'Customers confirm checkout works' } });

    // Each shown in the tree, linked to what it points at.
    const shown = root.getByRole('region', { name: 'Evidence' }).first();
    expect(await shown.getByRole('link', { name: 'e2e-api-health' }).getAttribute('href')).toBe(`/health?checkId=${check!.id}`);
    await shown.getByText('ScaleDown').waitFor();
    await shown.getByText('e2e-no-probes', { exact: true }).waitFor();
    expect(await shown.getByRole('link', { name: 'checkout', exact: true }).first().getAttribute('href')).toBe(`/topology/${component!.id}`);
    const lines = shown.getByRole('list', { name: 'Log lines' });
    expect(await lines.getByRole('listitem').count()).toBe(7);
    await lines.locator('[data-selected="true"]').getByText('payment failed: card declined').waitFor();
    await screenshot(page, 'incident-evidence');

    // The definition of done: the check added (with its script shortcut), then removed after confirmation.
    await page.getByRole('button', { name: 'Definition of done' }).click();
    const dod = page.getByRole('region', { name: 'Definition of done' });
    await dod.getByRole('listitem', { name: 'Customers confirm checkout works' }).waitFor();
    await dod.getByRole('button', { name: 'Add e2e-api-health to definition of done' }).click();
    await dod.getByRole('listitem', { name: 'e2e-api-health' }).waitFor();
    const checkRow = async () => (await incidentEvidence()).find((e) => e.type === 'check')!;
    await expect.poll(async () => (await checkRow()).definition_of_done).toBe(true);
    expect((await checkRow()).script).toBe("check.status == 'healthy' && age(check.last_transition_time) > duration('5m')");
    await dod.getByRole('button', { name: 'Remove e2e-api-health from definition of done' }).click();
    const remove = page.getByRole('alertdialog', { name: 'Remove from definition of done' });
    await remove.getByRole('button', { name: 'Remove' }).click();
    await remove.waitFor({ state: 'detached' });
    await expect.poll(async () => (await checkRow()).definition_of_done).toBe(false);
    await dod.getByRole('listitem', { name: 'e2e-api-health' }).waitFor({ state: 'detached' });

    // The comment marked resolved by hand, after confirmation.
    const item = dod.getByRole('listitem', { name: 'Customers confirm checkout works' });
    await item.getByRole('button', { name: 'Mark as resolved' }).click();
    await page.getByRole('alertdialog', { name: 'Mark as resolved' }).getByRole('button', { name: 'Mark as resolved' }).click();
    await expect.poll(async () => (await incidentEvidence()).find((e) => e.type === 'comment')!.done).toBe(true);
    await item.getByRole('button', { name: 'Mark as not resolved' }).waitFor();
    await item.getByRole('img', { name: 'Done' }).waitFor();
    await screenshot(page, 'incident-definition-of-done');

    // A comment mentioning the administrator, stored with their id and shown highlighted.
    const form = page.getByRole('form', { name: 'Add comment' });
    await form.getByRole('combobox', { name: 'Hypothesis' }).selectOption({ label: 'Payments down' });
    const box = form.getByRole('textbox', { name: 'Comment' });
    await box.pressSequentially('Over to @Gra');
    await form.getByRole('option', { name: 'Grace Hopper' }).click();
    await box.pressSequentially('for the rollback');
    await form.getByRole('button', { name: 'Send' }).click();
    const [me] = await dbRows<{ id: string }>(world.api, 'people?name=eq.Grace%20Hopper');
    await expect
      .poll(async () => (await dbRows<{ comment: string }>(world.api, `comments?incident_id=eq.${incidentId}`)).map((c) => c.comment))
      .toEqual([`Over to @[Grace Hopper](person:${me!.id}) for the rollback`]);
    const mention = root.getByRole('region', { name: 'Comments' }).locator('mark', { hasText: '@Grace Hopper' });
    await mention.waitFor();
    expect(await mention.getAttribute('data-person-id')).toBe(me!.id);
  });
});
