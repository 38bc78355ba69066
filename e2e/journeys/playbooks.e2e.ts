import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { applyYaml, startCheckTarget, type CheckTarget } from '../support/health.js';
import { dbRows, field, JSON_HEADERS, openScreen, setEditorText, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';

interface RunAnswer {
  id: string;
  status: string;
  error: string | null;
  check_id: string | null;
  parameters: Record<string, unknown>;
  actions: { name: string; status: string; result: { stdout?: string } | null }[];
}

/** The run the page landed on, once it has ended, as GET /api/playbook/run/{id} answers it. */
async function finishedRun(api: APIRequestContext, page: Page): Promise<RunAnswer> {
  await page.waitForURL(/\/playbooks\/runs\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  const runId = new URL(page.url()).pathname.split('/').pop() ?? '';
  let run: RunAnswer | undefined;
  await expect
    .poll(
      async () => {
        const response = await api.get(`/api/playbook/run/${runId}`, { headers: { Accept: 'application/json' } });
        run = (await response.json()) as RunAnswer;
        return run.status;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toMatch(/^(completed|failed|cancelled)$/);
  return run!;
}

const SPEC = `category: Operations
description: Scales an app and says what it did
icon: restart
parameters:
  - name: app
    label: App
    required: true
    properties: {format: dns1123}
  - name: replicas
    label: Replicas
    default: "2"
    properties: {format: number, min: 1, max: 10}
  - name: memory
    label: Memory
    properties: {format: bytes}
  - name: cpu
    label: CPU
    properties: {format: millicores}
  - name: env
    label: Environment
    type: list
    default: dev
    properties:
      options: [dev, prod]
  - name: dry
    label: Dry run
    type: checkbox
    default: "true"
  - name: owner
    label: Owner
    type: people
  - name: notes
    label: Notes
    properties: {multiline: true, maxLength: 40}
actions:
  - name: scale
    exec:
      script: echo "scale {{.params.app}} to {{.params.replicas}} with {{.params.memory}} {{.params.cpu}} in {{.params.env}} dry={{.params.dry}} owner={{.params.owner}}"
`;

/** Playbooks made with the /playbooks form and from YAML, run from their card and from a check's drawer. */
describe('playbooks', () => {
  let world: SettingsWorld;
  let target: CheckTarget;

  beforeAll(async () => {
    world = await settingsWorld();
    target = await startCheckTarget();
  });

  afterAll(async () => {
    await target?.close();
    await world?.close();
  });

  it('creates a playbook with the form, runs it from its card with parameters of several kinds and lands on its run', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/playbooks');
      await page.getByText('There are no playbooks yet.').waitFor();
      await page.getByRole('button', { name: 'Create Playbook' }).click();
      const form = page.getByRole('form', { name: 'Create playbook' });
      await field(form, 'Title').fill('Scale App');
      await setEditorText(page, 'Spec', SPEC, form);
      await screenshot(page, 'playbooks-form');
      await form.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Playbook Spec created successfully');

      const saved = await dbRows<{ id: string; name: string; source: string; category: string; created_by: string | null }>(world.api, 'playbooks?title=eq.Scale%20App&select=id,name,source,category,created_by');
      expect(saved).toHaveLength(1);
      expect(saved[0]).toMatchObject({ name: 'scale-app', source: 'UI', category: 'Operations' });
      expect(saved[0]!.created_by).toMatch(/^[0-9a-f-]{36}$/);

      const group = page.getByRole('region', { name: 'Operations' });
      const card = group.getByRole('article', { name: 'Scale App' });
      await card.getByText('Scales an app and says what it did').waitFor();
      await screenshot(page, 'playbooks-cards');
      expect(await card.getByRole('link', { name: 'History' }).getAttribute('href')).toBe(`/playbooks/runs?playbook=${saved[0]!.id}`);
      await card.getByRole('button', { name: 'Run' }).click();

      const modal = page.getByRole('dialog', { name: 'Run Scale App' });
      await modal.getByText('Playbook Parameters').waitFor();
      const run = modal.getByRole('button', { name: 'Run', exact: true });
      await field(modal, 'App').fill('Web_1');
      await field(modal, 'Replicas').focus();
      await modal.getByText(/^Must be lowercase letters/).waitFor();
      expect(await run.isDisabled()).toBe(true);
      await field(modal, 'App').fill('web-1');
      await field(modal, 'Replicas').fill('12');
      await field(modal, 'Memory').focus();
      await modal.getByText('Must be at most 10').waitFor();
      await field(modal, 'Replicas').fill('3');
      expect(await modal.getByLabel('Memory unit').inputValue()).toBe('Mi');
      await field(modal, 'Memory').fill('2');
      await modal.getByLabel('Memory unit').selectOption('Gi');
      await field(modal, 'CPU').fill('250');
      await field(modal, 'Environment').selectOption('prod');
      await modal.getByRole('checkbox', { name: 'Dry run' }).uncheck();
      const owner = field(modal, 'Owner');
      await expect.poll(() => owner.locator('option', { hasText: 'Grace Hopper' }).count(), { timeout: 10_000 }).toBe(1);
      await owner.selectOption((await owner.locator('option', { hasText: 'Grace Hopper' }).getAttribute('value')) ?? '');
      await field(modal, 'Notes').fill('first\nsecond');
      await expect.poll(() => run.isEnabled()).toBe(true);
      await screenshot(page, 'playbooks-run-modal');
      await run.click();

      const finished = await finishedRun(world.api, page);
      expect(finished.status, finished.error ?? '').toBe('completed');
      const grace = (await dbRows<{ id: string }>(world.api, 'people?name=eq.Grace%20Hopper&select=id'))[0]!.id;
      expect(finished.parameters).toMatchObject({ app: 'web-1', replicas: '3', memory: '2Gi', cpu: '250m', env: 'prod', dry: false, notes: 'first\nsecond', owner: grace });
      expect(finished.actions[0]!.result?.stdout?.trim()).toBe(`scale web-1 to 3 with 2Gi 250m in prod dry=false owner=${grace}`);
    } finally {
      await page.close();
    }
  });

  it("runs a playbook on a check from the check's drawer, with defaults rendered for the check", async () => {
    await applyYaml(
      world,
      `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: storefront}
spec:
  schedule: "@every 1m"
  http:
    - name: storefront-home
      url: ${target.url}/ok
      responseCodes: [200]
---
apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: {name: diagnose-check}
spec:
  title: Diagnose check
  checks:
    - name: storefront-home
  parameters:
    - name: subject
      label: Subject
      default: "{{.check.name}}"
    - name: depth
      label: Depth
      type: list
      default: deep
      properties: {options: [shallow, deep]}
  actions:
    - name: diagnose
      exec:
        script: echo "diagnosing {{.params.subject}} {{.params.depth}}ly"
`,
    );
    let checkId = '';
    await expect
      .poll(async () => {
        checkId = (await dbRows<{ id: string }>(world.api, 'checks?name=eq.storefront-home&deleted_at=is.null&select=id'))[0]?.id ?? '';
        return checkId;
      }, { timeout: 15_000 })
      .not.toBe('');

    const page = await world.admin.newPage();
    try {
      let drawer = page.getByRole('dialog', { name: 'storefront-home' });
      await expect
        .poll(
          async () => {
            await openScreen(page, `/health?hidePassing=false&checkId=${checkId}`);
            await drawer.waitFor({ timeout: 5_000 }).catch(() => undefined);
            return drawer.count();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(1);
      drawer = page.getByRole('dialog', { name: 'storefront-home' });
      const menu = drawer.getByRole('button', { name: 'Playbooks' });
      await expect.poll(() => menu.isEnabled(), { timeout: 10_000 }).toBe(true);
      await menu.click();
      expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Diagnose check']);
      await page.getByRole('menuitem', { name: 'Diagnose check' }).click();

      const modal = page.getByRole('dialog', { name: 'Run Diagnose check' });
      await expect.poll(() => field(modal, 'Subject').inputValue(), { timeout: 10_000 }).toBe('storefront-home');
      expect(await modal.getByRole('combobox', { name: /Resource/ }).count()).toBe(0);
      await field(modal, 'Depth').selectOption('shallow');
      await screenshot(page, 'playbooks-run-from-check');
      await modal.getByRole('button', { name: 'Run', exact: true }).click();

      const finished = await finishedRun(world.api, page);
      expect(finished.status, finished.error ?? '').toBe('completed');
      expect(finished.check_id).toBe(checkId);
      expect(finished.actions[0]!.result?.stdout?.trim()).toBe('diagnosing storefront-home shallowly');
    } finally {
      await page.close();
    }
  });

  it('runs a playbook on checks from its card: the resource comes first, then its parameters', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/playbooks');
      await page.getByRole('article', { name: 'Diagnose check' }).getByRole('button', { name: 'Run' }).click();
      const modal = page.getByRole('dialog', { name: 'Run Diagnose check' });
      await modal.getByText('Please select a resource to see the parameters.').waitFor();
      expect(await modal.getByRole('button', { name: 'Run', exact: true }).isDisabled()).toBe(true);
      const picker = modal.getByRole('combobox', { name: /Resource/ });
      await expect.poll(() => picker.locator('option', { hasText: 'storefront-home' }).count(), { timeout: 10_000 }).toBe(1);
      await picker.selectOption({ label: 'storefront-home (http)' });
      await expect.poll(() => field(modal, 'Subject').inputValue(), { timeout: 10_000 }).toBe('storefront-home');
      await modal.getByRole('button', { name: 'Run', exact: true }).click();
      const finished = await finishedRun(world.api, page);
      expect(finished.status, finished.error ?? '').toBe('completed');
      expect(finished.actions[0]!.result?.stdout?.trim()).toBe('diagnosing storefront-home deeply');
    } finally {
      await page.close();
    }
  });

  it("runs a playbook on a config from its Playbooks tab and on a component from its side panel", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pharos-playbook-config-'));
    try {
      await writeFile(path.join(dir, 'apps.json'), JSON.stringify({ apps: [{ name: 'billing', replicas: 2 }] }));
      await applyYaml(
        world,
        `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata: {name: apps}
spec:
  schedule: "@every 5s"
  file:
    - type: Shop::App
      id: $.name
      name: $.name
      items: $.apps[*]
      paths: [${JSON.stringify(path.join(dir, 'apps.json'))}]
---
apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata: {name: shop}
spec:
  schedule: "@every 5m"
  components:
    - name: payments
      type: service
---
apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: {name: describe-resource}
spec:
  title: Describe resource
  configs:
    - types: [Shop::App]
  components:
    - types: [service]
  parameters:
    - name: reason
      label: Reason
      required: true
  actions:
    - name: describe
      exec:
        script: 'echo "{{if .config}}config {{.config.name}}{{else}}component {{.component.name}}{{end}}: {{.params.reason}}"'
`,
      );
      let configId = '';
      let componentId = '';
      await expect
        .poll(
          async () => {
            configId = (await dbRows<{ id: string }>(world.api, 'configs?name=eq.billing&deleted_at=is.null&select=id'))[0]?.id ?? '';
            componentId = (await dbRows<{ id: string }>(world.api, 'components?name=eq.payments&deleted_at=is.null&select=id'))[0]?.id ?? '';
            return Boolean(configId && componentId);
          },
          { timeout: 60_000, interval: 500 },
        )
        .toBe(true);

      const page = await world.admin.newPage();
      try {
        await openScreen(page, `/catalog/${configId}/playbooks`);
        const applies = page.getByRole('list', { name: 'Playbooks that apply' });
        await applies.getByRole('button', { name: 'Run Describe resource' }).click();
        const modal = page.getByRole('dialog', { name: 'Run Describe resource' });
        await field(modal, 'Reason').fill('audit');
        await modal.getByRole('button', { name: 'Run', exact: true }).click();
        const fromConfig = await finishedRun(world.api, page);
        expect(fromConfig.status, fromConfig.error ?? '').toBe('completed');
        expect(fromConfig.actions[0]!.result?.stdout?.trim()).toBe('config billing: audit');

        await openScreen(page, `/topology/${componentId}`);
        const runs = page.getByRole('region', { name: 'Playbook runs' });
        await runs.getByRole('button', { name: 'Playbooks' }).click();
        await page.getByRole('menuitem', { name: 'Describe resource' }).click();
        const panelModal = page.getByRole('dialog', { name: 'Run Describe resource' });
        await field(panelModal, 'Reason').fill('review');
        await screenshot(page, 'playbooks-run-from-component');
        await panelModal.getByRole('button', { name: 'Run', exact: true }).click();
        const fromComponent = await finishedRun(world.api, page);
        expect(fromComponent.status, fromComponent.error ?? '').toBe('completed');
        expect(fromComponent.actions[0]!.result?.stdout?.trim()).toBe('component payments: review');
      } finally {
        await page.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('lists the playbooks and their runs with long titles without sideways scrolling at both screen sizes', async () => {
    const title = 'Rotate the settlement export credentials of https://sftp.settlements.payments.example.com/exports/eu_central_1/nightly_reconciliation/';
    await applyYaml(
      world,
      `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata: {name: rotate-settlement-export-credentials}
spec:
  title: ${JSON.stringify(title)}
  category: Finance settlement and reconciliation
  description: Rotates the SFTP key of the nightly settlement export at https://sftp.settlements.payments.example.com/exports/eu-central-1/ and tells finance
  actions:
    - name: rotate
      exec:
        script: echo rotated
`,
    );
    const [rotate] = await dbRows<{ id: string }>(world.api, 'playbooks?name=eq.rotate-settlement-export-credentials&select=id');
    const started = await world.api.post('/api/playbook/run', { headers: JSON_HEADERS, data: { id: rotate!.id, params: {} } });
    expect(started.status(), await started.text()).toBe(201);
    const page = await world.admin.newPage();
    try {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await openScreen(page, '/playbooks');
        await page.getByRole('article', { name: title }).waitFor();
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `playbooks-list-${viewport.width}`);
        await openScreen(page, '/playbooks/runs');
        await page.getByRole('table', { name: 'Playbook runs' }).getByText(title).waitFor();
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `playbooks-runs-${viewport.width}`);
      }
    } finally {
      await page.close();
    }
  });
});
