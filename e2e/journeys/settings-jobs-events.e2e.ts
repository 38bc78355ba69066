import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { embeddedDatabaseUrl, query } from '../support/database.js';
import { expectNoHorizontalOverflow, VIEWPORTS } from '../support/layout.js';
import { openScreen, settingsWorld, type SettingsWorld } from '../support/settings.js';

const HOUR = 3_600_000;

/** Names of this run, so rows written by anything else on the server do not matter. */
const run = randomUUID().slice(0, 8);
const JOB = {
  canary: `E2ECanaryRun-${run}`,
  scraper: `E2EScraperRun-${run}`,
  topology: `E2ETopologyRun-${run}`,
  yesterday: `E2EYesterdayRun-${run}`,
  old: `E2EOldRun-${run}`,
};

interface Seeded {
  canaryId: string;
  agentId: string;
  scraperId: string;
  /** When the old run happened (5 days ago, at 12:00 local time of the browser and the server). */
  oldRunAt: Date;
  /** The runs that started yesterday in local time: near midnight, the recent ones did too. */
  yesterdays: string[];
}

/** Job history as the engine will write it: one run per job, at known times, through SQL. */
async function seedJobs(databaseUrl: string): Promise<Seeded> {
  const agentId = randomUUID();
  const canaryId = randomUUID();
  const scraperId = randomUUID();
  await query(databaseUrl, 'insert into agents (id, name) values ($1, $2)', [agentId, `edge-${run}`]);
  await query(databaseUrl, 'insert into canaries (id, name, spec) values ($1, $2, $3)', [canaryId, `api-health-${run}`, {}]);
  const now = Date.now();
  const yesterday = new Date();
  yesterday.setDate(yesterday.getDate() - 1);
  yesterday.setHours(12, 0, 0, 0);
  const oldRunAt = new Date();
  oldRunAt.setDate(oldRunAt.getDate() - 5);
  oldRunAt.setHours(12, 0, 0, 0);
  const runs: [string, string, string | null, string, string, string, number, number, number, Date, object][] = [
    [JOB.canary, 'FAILED', agentId, canaryId, 'canary', `api-health-${run}`, 90_000, 2, 1, new Date(now - HOUR), { errors: [`dial tcp 10.9.9.9:443: connection refused ${run}`] }],
    [JOB.scraper, 'RUNNING', null, scraperId, 'config_scraper', `k8s-${run}`, 10_000, 0, 0, new Date(now - HOUR / 2), { scrape_summary: { 'Kubernetes::Pod': { added: 4 } } }],
    [JOB.topology, 'SUCCESS', null, randomUUID(), 'topology', `web-${run}`, 2_000, 5, 0, new Date(now - 2 * HOUR), {}],
    [JOB.yesterday, 'WARNING', null, canaryId, 'canary', `api-health-${run}`, 5_000, 1, 1, yesterday, {}],
    [JOB.old, 'WARNING', null, canaryId, 'canary', `api-health-${run}`, 5_000, 1, 1, oldRunAt, {}],
  ];
  for (const [name, status, agent, resourceId, resourceType, resourceName, duration, success, errors, at, details] of runs) {
    await query(
      databaseUrl,
      `insert into job_histories (name, status, agent_id, resource_id, resource_type, resource_name, duration_millis,
         success_count, error_count, time_start, created_at, details)
       values ($1, $2, coalesce($3::uuid, '00000000-0000-0000-0000-000000000000'), $4, $5, $6, $7, $8, $9, $10, $10, $11)`,
      [name, status, agent, resourceId, resourceType, resourceName, duration, success, errors, at, details],
    );
  }
  const startOfToday = new Date();
  startOfToday.setHours(0, 0, 0, 0);
  const startOfYesterday = new Date(startOfToday);
  startOfYesterday.setDate(startOfYesterday.getDate() - 1);
  const yesterdays = runs.filter(([, , , , , , , , , at]) => at >= startOfYesterday && at < startOfToday).map(([name]) => name);
  return { canaryId, agentId, scraperId, oldRunAt, yesterdays };
}

/** The names of this run's jobs the table shows. */
async function shownJobs(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Jobs History' });
  await table.waitFor();
  await page.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'));
  const cells = await table.getByRole('cell').allInnerTexts();
  return cells.filter((text) => text.endsWith(run) && text.startsWith('E2E')).sort();
}

async function expectJobs(page: Page, expected: string[]): Promise<void> {
  const want = [...expected].sort();
  await expect.poll(() => shownJobs(page), { timeout: 15_000 }).toEqual(want);
}

async function pickFilter(page: Page, filter: string, action: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${filter}:`) }).click();
  await page.getByRole('dialog', { name: filter }).getByRole('button', { name: action, exact: true }).click();
  await page.keyboard.press('Escape');
}

async function pickRange(page: Page, list: 'Relative time ranges' | 'Mapped time ranges', name: string): Promise<void> {
  await page.getByRole('button', { name: /^Time range:/ }).click();
  await page.getByRole('region', { name: list }).getByRole('button', { name, exact: true }).click();
}

const local = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

describe('settings: job history and event queue', () => {
  let world: SettingsWorld;
  let databaseUrl: string;
  let seeded: Seeded;

  beforeAll(async () => {
    world = await settingsWorld(['viewer']);
    databaseUrl = await embeddedDatabaseUrl(world.server.dataDir);
    seeded = await seedJobs(databaseUrl);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('filters job history by status, resource type, duration and name, all kept in the URL', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/jobs');
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Jobs History').waitFor();
      // default: the last 2 days without successes
      await expectJobs(page, [JOB.canary, JOB.scraper, JOB.yesterday]);
      expect(await page.getByRole('button', { name: 'Status: not SUCCESS' }).count()).toBe(1);
      const failed = page.getByRole('row').filter({ hasText: JOB.canary });
      expect(await failed.getByText('FAILED').getAttribute('data-colour')).toBe('red');
      expect(await page.getByRole('row').filter({ hasText: JOB.scraper }).getByText('RUNNING').getAttribute('data-colour')).toBe('yellow');
      await screenshot(page, 'settings-jobs');

      await pickFilter(page, 'Status', 'Exclude SUCCESS');
      await expectJobs(page, [JOB.canary, JOB.scraper, JOB.topology, JOB.yesterday]);
      expect(new URL(page.url()).searchParams.get('status')).toBe('');

      await pickFilter(page, 'Resource Type', 'Include Canary');
      await expectJobs(page, [JOB.canary, JOB.yesterday]);
      await pickFilter(page, 'Resource Type', 'Include Canary');
      await expectJobs(page, [JOB.canary, JOB.scraper, JOB.topology, JOB.yesterday]);

      await page.getByRole('combobox', { name: 'Run duration' }).selectOption('1m');
      await expectJobs(page, [JOB.canary]);
      expect(new URL(page.url()).searchParams.get('runDuration')).toBe('1m');
      await page.getByRole('combobox', { name: 'Run duration' }).selectOption('none');

      await pickFilter(page, 'Job Name', `Include ${JOB.scraper}`);
      await expectJobs(page, [JOB.scraper]);
      await pickFilter(page, 'Job Name', `Exclude ${JOB.yesterday}`);
      await pickFilter(page, 'Job Name', `Include ${JOB.scraper}`);
      await expectJobs(page, [JOB.canary, JOB.scraper, JOB.topology]);

      // the URL alone brings the same view back
      const bookmarked = page.url();
      await page.goto('about:blank');
      await openScreen(page, bookmarked.replace(world.server.url, ''));
      await expectJobs(page, [JOB.canary, JOB.scraper, JOB.topology]);
      expect(await page.getByRole('button', { name: `Job Name: not ${JOB.yesterday}` }).count()).toBe(1);
    } finally {
      await page.close();
    }
  });

  it('narrows job history by relative, mapped and absolute time ranges, remembering absolute ones', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/jobs?status=');
      await expectJobs(page, [JOB.canary, JOB.scraper, JOB.topology, JOB.yesterday]);

      await pickRange(page, 'Relative time ranges', 'Last 7 days');
      await expectJobs(page, [JOB.canary, JOB.scraper, JOB.topology, JOB.yesterday, JOB.old]);
      expect(new URL(page.url()).searchParams.get('range')).toBe('7d');

      await pickRange(page, 'Mapped time ranges', 'Yesterday');
      await expectJobs(page, seeded.yesterdays);
      expect(await page.getByRole('button', { name: 'Time range: Yesterday' }).count()).toBe(1);

      await page.getByRole('button', { name: /^Time range:/ }).click();
      const submit = page.getByRole('button', { name: 'Submit' });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel('From', { exact: true }).fill(local(new Date(seeded.oldRunAt.getTime() - HOUR)));
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel('To', { exact: true }).fill(local(new Date(seeded.oldRunAt.getTime() + HOUR)));
      await submit.click();
      await expectJobs(page, [JOB.old]);
      expect(new URL(page.url()).searchParams.get('rangeType')).toBe('absolute');

      await pickRange(page, 'Relative time ranges', 'Last 2 days');
      await expectJobs(page, [JOB.canary, JOB.scraper, JOB.topology, JOB.yesterday]);
      await page.getByRole('button', { name: /^Time range:/ }).click();
      const recent = page.getByRole('region', { name: 'Recently used absolute ranges' });
      expect(await recent.getByRole('button').count()).toBe(1);
      await recent.getByRole('button').click();
      await expectJobs(page, [JOB.old]);

      await page.goto('/settings/jobs?rangeType=mapped&display=Someday');
      await page.getByRole('alert').getByText('Invalid mapped time range').waitFor({ timeout: 15_000 });
    } finally {
      await page.close();
    }
  });

  it('opens the details of a run and follows its resource and agent links', async () => {
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/jobs');
      const row = page.getByRole('row').filter({ hasText: JOB.canary });
      await row.getByText(JOB.canary).click();
      const dialog = page.getByRole('dialog', { name: `Details for job ${JOB.canary}` });
      await dialog.getByText(`dial tcp 10.9.9.9:443: connection refused ${run}`).waitFor();
      expect(await dialog.getByText('1.5m').count()).toBe(1);
      await screenshot(page, 'settings-jobs-details');
      // the open details are part of the URL: a reload (or a shared link) opens them again
      expect(new URL(page.url()).searchParams.get('job')).not.toBeNull();
      await page.reload();
      await dialog.getByText(`dial tcp 10.9.9.9:443: connection refused ${run}`).waitFor({ timeout: 15_000 });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      await row.getByRole('link', { name: `edge-${run}` }).click();
      await page.waitForURL((url) => url.pathname === '/settings/agents' && url.searchParams.get('id') === seeded.agentId);
      await page.goBack();

      await page.getByRole('row').filter({ hasText: JOB.scraper }).getByRole('link', { name: `k8s-${run}` }).click();
      await page.waitForURL((url) => url.pathname === `/catalog/scrapers/${seeded.scraperId}`);
      await page.goBack();

      await row.getByRole('link', { name: `api-health-${run}` }).click();
      await page.waitForURL((url) => url.pathname === `/settings/canaries/${seeded.canaryId}`);
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.getByRole('tab', { name: 'Job History' }).click();
      const history = page.getByRole('table', { name: 'Job History' });
      await history.getByText(JOB.canary).waitFor();
      await history.getByText(JOB.old).waitFor();
      expect(await history.getByText(JOB.scraper).count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('summarises the event queue, failures with their most common error first', async () => {
    const names = { failed: `e2e.failed.${run}`, older: `e2e.older.${run}`, pending: `e2e.pending.${run}` };
    const now = Date.now();
    const events: [string, string | null, number, Date | null][] = [
      [names.pending, null, 0, null],
      [names.pending, null, 0, null],
      [names.failed, 'smtp: connection refused', 2, new Date(now - 10 * 60_000)],
      [names.failed, 'smtp: connection refused', 3, new Date(now - 5 * 60_000)],
      [names.failed, 'smtp: timeout', 1, new Date(now - 20 * 60_000)],
      [names.older, 'webhook answered 500', 4, new Date(now - 5 * HOUR)],
    ];
    for (const [name, error, attempts, lastAttempt] of events) {
      await query(databaseUrl, 'insert into event_queue (name, error, attempts, last_attempt) values ($1, $2, $3, $4)', [
        name,
        error,
        attempts,
        lastAttempt,
      ]);
    }
    const page = await world.admin.newPage();
    try {
      await openScreen(page, '/settings/event-queue-status');
      const table = page.getByRole('table', { name: 'Event Queue' });
      const failed = table.getByRole('row').filter({ hasText: names.failed });
      await failed.waitFor();
      const cells = await failed.getByRole('cell').allInnerTexts();
      expect(cells[0]).toBe(names.failed);
      expect(cells.slice(1, 4)).toEqual(['0', '3', '2']);
      expect(cells[6]).toBe('smtp: connection refused');
      expect(await table.getByRole('row').filter({ hasText: names.pending }).getByRole('cell').nth(1).innerText()).toBe('2');
      const order = (await table.getByRole('row').allInnerTexts()).map((text) => text.split('\t')[0]?.trim());
      const ours = order.filter((name) => name?.endsWith(run));
      expect(ours.slice(0, 2)).toEqual([names.failed, names.older]);
      await screenshot(page, 'settings-event-queue');
    } finally {
      await page.close();
    }
  });

  it('keeps the Settings menu, and so the event queue, from viewers', async () => {
    const page = await world.contexts.get('viewer')!.newPage();
    try {
      await openScreen(page, '/topology');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(await nav.getByRole('button', { name: 'Settings' }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it.each(VIEWPORTS)('shows the job history without sideways scrolling at $width×$height', async (viewport) => {
    const page = await world.admin.newPage();
    try {
      await page.setViewportSize(viewport);
      await openScreen(page, '/settings/jobs?status=');
      await expectJobs(page, [JOB.canary, JOB.scraper, JOB.topology, JOB.yesterday]);
      await expectNoHorizontalOverflow(page);
    } finally {
      await page.close();
    }
  });
});
