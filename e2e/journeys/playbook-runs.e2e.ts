import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { contextWithRole } from '../support/people.js';
import { JSON_HEADERS, openScreen, settingsWorld, toast, type SettingsWorld } from '../support/settings.js';
import type { TestUser } from '../support/session.js';

/** Applies a Playbook and answers its id. */
async function applyPlaybook(api: APIRequestContext, yaml: string): Promise<string> {
  const applied = await api.post('/api/apply', { headers: { 'Content-Type': 'application/yaml' }, data: yaml });
  expect(applied.status(), await applied.text()).toBe(200);
  const { resources } = (await applied.json()) as { resources: { kind: string; id: string }[] };
  return resources.find((resource) => resource.kind === 'Playbook')!.id;
}

/** Starts a run of a playbook that needs no resource, as `api`'s person. */
async function startRun(api: APIRequestContext, id: string): Promise<string> {
  const started = await api.post('/api/playbook/run', { headers: JSON_HEADERS, data: { id, params: {} } });
  expect(started.status(), await started.text()).toBe(201);
  return ((await started.json()) as { run_id: string }).run_id;
}

const playbook = (name: string, title: string, body: string) => `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: ${name}
spec:
  title: ${title}
${body}`;

/** A title as long as operators write them, with a URL that cannot wrap. */
const PURGE_TITLE = 'Purge the CDN cache of https://static.payments.example.com/checkout/assets/v2/bundles/production/eu-central-1/';

/** The run's status, as the badge beside its title shows it. */
const runStatus = async (page: Page) => (await page.locator('main header [data-tone]').first().textContent()) ?? '';

/** Playbook runs on a real server: each playbook applied through /api/apply, each run started through the run API. */
describe('playbook runs', () => {
  let world: SettingsWorld;
  let approver: TestUser;
  let approverPage: Page;
  const runs: Record<string, string> = {};
  const playbooks: Record<string, string> = {};

  beforeAll(async () => {
    world = await settingsWorld();
    const second = await contextWithRole(world.browser, world.server, world.api, 'editor');
    world.contexts.set('editor', second.context);
    approver = second.user;
    approverPage = await second.context.newPage();

    playbooks['echo'] = await applyPlaybook(
      world.api,
      playbook(
        'e2e-echo',
        'Echo greeting',
        `  actions:
    - name: greet
      exec:
        script: printf '\\033[32mhello from pharos\\033[0m see https://docs.example/run and ftp://files.example/x\\n'
`,
      ),
    );
    playbooks['approval'] = await applyPlaybook(
      world.api,
      playbook(
        'e2e-approval',
        'Needs approval',
        `  approval:
    type: any
    approvers:
      people: [${approver.email}]
  actions:
    - name: go
      exec:
        script: echo approved run
`,
      ),
    );
    playbooks['long'] = await applyPlaybook(
      world.api,
      playbook(
        'e2e-long',
        'Long wait',
        `  actions:
    - name: wait
      exec:
        script: sleep 120
`,
      ),
    );
    playbooks['purge'] = await applyPlaybook(
      world.api,
      playbook('e2e-purge-cdn', PURGE_TITLE, `  actions:\n    - name: purge\n      exec:\n        script: echo purged\n`),
    );
    runs['purge'] = await startRun(world.api, playbooks['purge']);
  });

  afterAll(async () => {
    await world?.close();
  });

  it('opens a run that completes and shows its output with colours and only web links', async () => {
    runs['echo'] = await startRun(world.api, playbooks['echo']!);
    const page = await world.admin.newPage();
    try {
      await openScreen(page, `/playbooks/runs/${runs['echo']}`);
      await page.getByRole('heading', { name: 'Echo greeting' }).waitFor();
      await expect.poll(() => runStatus(page), { timeout: 30_000 }).toBe('completed');
      const steps = page.getByRole('list', { name: 'Actions' });
      expect(await steps.getByRole('button', { name: /greet/ }).getAttribute('aria-pressed')).toBe('true');
      const result = page.getByRole('region', { name: 'Result of greet' });
      const stdout = result.getByRole('region', { name: 'stdout' });
      await stdout.getByText('hello from pharos').waitFor();
      expect(await stdout.getByText('hello from pharos').evaluate((element) => getComputedStyle(element).color)).toBe('rgb(0, 187, 0)');
      expect(await stdout.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(['https://docs.example/run']);
      await screenshot(page, 'playbook-run-completed');
    } finally {
      await page.close();
    }
  });

  it('waits for approval: shows the requester why they may not approve, then runs once the named approver approves', async () => {
    runs['approval'] = await startRun(world.api, playbooks['approval']!);
    const page = await world.admin.newPage();
    try {
      await openScreen(page, `/playbooks/runs/${runs['approval']}`);
      await expect.poll(() => runStatus(page), { timeout: 15_000 }).toBe('waiting');
      // The requester is offered Approve disabled, with the server's reason on hover, not a 403 toast.
      const refused = page.getByRole('button', { name: 'Approve' });
      expect(await refused.isDisabled()).toBe(true);
      expect(await page.locator('[data-denied]').filter({ has: refused }).getAttribute('title')).toBe('You asked for this run: someone else must approve it');

      await openScreen(approverPage, `/playbooks/runs/${runs['approval']}`);
      await approverPage.getByRole('button', { name: 'Approve' }).click();
      await toast(approverPage, 'Run approved');
      await expect.poll(() => runStatus(approverPage), { timeout: 30_000 }).toBe('completed');
      const approvals = approverPage.getByRole('region', { name: 'Approvals' });
      await approvals.getByText(`${approver.first} ${approver.last}`).waitFor();
      await approverPage.getByRole('region', { name: 'Result of go' }).getByText('approved run').waitFor();

      // The requester's page follows the run while it waits, and sees it complete.
      await expect.poll(() => runStatus(page), { timeout: 30_000 }).toBe('completed');
      await screenshot(approverPage, 'playbook-run-approved');
    } finally {
      await page.close();
    }
  });

  it('cancels a long run from its page once confirmed', async () => {
    runs['long'] = await startRun(world.api, playbooks['long']!);
    const page = await world.admin.newPage();
    try {
      await openScreen(page, `/playbooks/runs/${runs['long']}`);
      await expect.poll(() => runStatus(page), { timeout: 20_000 }).toBe('running');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('alertdialog', { name: 'Cancel this run?' }).getByRole('button', { name: 'Cancel run' }).click();
      await toast(page, 'Run cancelled');
      await expect.poll(() => runStatus(page), { timeout: 15_000 }).toBe('cancelled');
      expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
      const run = (await (await world.api.get(`/api/playbook/run/${runs['long']}`)).json()) as { status: string };
      expect(run.status).toBe('cancelled');
    } finally {
      await page.close();
    }
  });

  it('lists the runs, a run still waiting for approval too, filtered by playbook and status in the URL, and opens one', async () => {
    await startRun(world.api, playbooks['approval']!);
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/playbooks/runs');
      const table = page.getByRole('table', { name: 'Playbook runs' });
      await table.getByText('Long wait').waitFor();
      await table.getByRole('row').filter({ hasText: 'Needs approval' }).filter({ hasText: 'waiting' }).waitFor();
      expect(await table.getByText('Echo greeting').count()).toBe(1);
      expect(await page.getByRole('button', { name: /^Time range:/ }).getAttribute('aria-label')).toBe('Time range: Last 7 days');

      await page.getByRole('combobox', { name: 'Status' }).selectOption('completed');
      await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('completed');
      await expect.poll(() => table.getByText('Long wait').count()).toBe(0);
      await table.getByText('Needs approval').waitFor();

      await page.getByRole('combobox', { name: 'Playbook' }).selectOption({ label: 'Echo greeting' });
      await expect.poll(() => new URL(page.url()).searchParams.get('playbook')).toBe(playbooks['echo']);
      await expect.poll(() => table.getByText('Needs approval').count()).toBe(0);
      await screenshot(page, 'playbook-runs-list');

      await table.getByText('Echo greeting').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/playbooks/runs/${runs['echo']}`);
      await page.getByRole('heading', { name: 'Echo greeting' }).waitFor();
    } finally {
      await page.close();
    }
  });

  it('records each run in Jobs History, linked to it, lists the runs and leaves no unconsumed run event pending, at both screen sizes without sideways scrolling', async () => {
    const page = await world.admin.newPage();
    try {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await openScreen(page, '/settings/jobs');
        const row = page.getByRole('table', { name: 'Jobs History' }).getByRole('row').filter({ hasText: 'e2e-long' });
        await row.getByText('STOPPED').waitFor({ timeout: 15_000 });
        expect(await row.getByRole('link', { name: 'e2e-long' }).getAttribute('href')).toBe(`/playbooks/runs/${runs['long']}`);
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `playbook-runs-job-history-${viewport.width}`);

        await openScreen(page, '/playbooks/runs');
        await page.getByRole('table', { name: 'Playbook runs' }).getByText(PURGE_TITLE).waitFor();
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `playbook-runs-list-${viewport.width}`);

        await openScreen(page, '/settings/event-queue-status');
        await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Event Queue').waitFor();
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
        expect(await page.getByText(/^playbook\.run\.(running|pending|scheduled|sleeping)$/).count()).toBe(0);
        await expectNoHorizontalOverflow(page);
      }
    } finally {
      await page.close();
    }
  });

  it("says 'Playbook run not found' for an unknown or malformed run id, with no stack", async () => {
    const page = await world.admin.newPage();
    try {
      for (const id of ['3f2b8c1e-5d4a-4e7b-9c21-8a6f0d2e4b17', 'nope']) {
        await openScreen(page, `/playbooks/runs/${id}`);
        await page.getByText('Playbook run not found').waitFor({ timeout: 15_000 });
        expect(await page.getByText('Stack').count()).toBe(0);
      }
    } finally {
      await page.close();
    }
  });
});

