/**
 * `npm run bench:health-web`: the health dashboard in a browser with 10,000 checks and 30 days of history.
 *
 * 1. Builds the web app, seeds 10,000 checks in 1,000 canaries (health-web-seed.ts) in an embedded
 *    PostgreSQL, adds a person with a password and starts a real `pharos serve` on it (the script
 *    builds the server first with `tsc -b`).
 * 2. Signs in through the /login form in headless Chromium (a fresh context each time, cold cache) and
 *    times the click on 'Sign in' → /health painted with the pass/fail counts of all 10,000 checks and
 *    its pager counting all 10,000 rows (Hide Passing off, no grouping); next to it, in the same run,
 *    the same 10,000 rows as a static HTML page and the summary JSON fetched alone.
 * 3. On the signed-in page, the longest main-thread task (PerformanceObserver 'longtask') and the
 *    longest gap between frames while typing a search, clearing it, toggling a label filter, changing
 *    Group By and the page size, at the default page size and at the largest (1000).
 *
 * BENCH_HEALTH_WEB_RUNS (default 5) sign-ins; BENCH_HEALTH_WEB_DAYS (default 30) of history.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createIdentity } from '../../server/dist/auth/identity/identities.js';
import { transaction } from '../../server/dist/db/transaction.js';
import { healthReady, loadTimeline, probeScript, readJank, readyAt, resetJank, STATIC_READY, type Jank } from './health-web-probe.js';
import { seedDashboard } from './health-web-seed.js';
import { CleanUps, log, runBench, verdict } from './report.js';
import { freePort, ServeProcess } from './serve-process.js';
import { migrate, openDatabase } from './server.js';

const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const WEB_DIST = path.join(ROOT_DIR, 'web/dist');
const BASELINE_FILE = 'bench-health-baseline.html';
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CHECKS = 10_000;
const CHECKS_EACH = 10;
const DAYS = Number(process.env['BENCH_HEALTH_WEB_DAYS'] ?? 30);
const RUNS = Number(process.env['BENCH_HEALTH_WEB_RUNS'] ?? 5);
const EMAIL = 'bench-health-web@example.com';
const PASSWORD = 'a long bench password 42';
const DASHBOARD = '/health?hidePassing=false&groupBy=no-group';
const TARGET_LOAD_MS = 1000;
const TARGET_FRAME_MS = 100;
/** After an interaction's URL change: time for the render and any trailing work to show up as tasks. */
const SETTLE_MS = 800;

const cleanups = new CleanUps();
const cleanUp = cleanups.run;

/** `pharos serve` on the seeded database; resolves once /api/health answers. */
async function serve(dataDir: string, databaseUrl: string): Promise<string> {
  const server = await ServeProcess.start({ rootDir: ROOT_DIR, dataDir, databaseUrl, port: await freePort(), logLevel: 'warn', pollMs: 100 });
  cleanups.push(() => server.stop());
  return server.url;
}

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT_DIR, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build -w web exited with ${code}`))));
  });
}

/** The same 10,000 rows as the dashboard's table, as one static HTML page. */
function staticPage(rows: { name: string; canary: string; status: string; endpoint: string }[]): string {
  const body = rows
    .map((row, index) => `<tr${index === rows.length - 1 ? ' id="last-row"' : ''}><td>${row.name}</td><td>${row.canary}</td><td>${row.status}</td><td>${row.endpoint}</td></tr>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Health baseline</title></head>
<body style="font-family:system-ui,sans-serif"><h1>Health</h1><table aria-label="Checks"><thead><tr><th>Name</th><th>Canary</th><th>Status</th><th>Endpoint</th></tr></thead>
<tbody>${body}</tbody></table></body></html>\n`;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** Signs in through the form in a fresh context: ms from the click to /health painted with every check. */
async function timeSignIn(browser: Browser, baseUrl: string): Promise<{ ms: number; page: Page; clicked: number }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(probeScript(healthReady(CHECKS, CHECKS)));
  await page.goto(`/login?return_to=${encodeURIComponent(DASHBOARD)}`);
  await page.getByLabel('E-Mail').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  const button = page.getByRole('button', { name: 'Sign in', exact: true });
  await button.waitFor();
  const clicked = Date.now();
  await button.click();
  await page.waitForURL((url) => url.pathname === '/health', { timeout: 30_000 });
  const ready = await readyAt(page, 30_000);
  return { ms: ready - clicked, page, clicked };
}

/** A static page in a fresh context: ms from navigation start to the frame after its last row. */
async function timeStatic(browser: Browser, baseUrl: string): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(probeScript(STATIC_READY));
    const started = Date.now();
    await page.goto(`/${BASELINE_FILE}`, { waitUntil: 'commit' });
    return (await readyAt(page, 30_000)) - started;
  } finally {
    await context.close();
  }
}

/** In a signed-in page: ms to fetch and parse the summary JSON the dashboard reads. */
async function timeSummaryFetch(page: Page): Promise<number> {
  return Number(
    await page.evaluate(`(async () => {
      const started = performance.now();
      const body = await (await fetch('/api/canary/api/summary?start=1h', { cache: 'no-store' })).json();
      if (body.checks_summary.length !== ${CHECKS}) throw new Error('summary has ' + body.checks_summary.length + ' checks');
      return performance.now() - started;
    })()`),
  );
}

const pagerRows = async (page: Page): Promise<string> => /([\d,]+) rows?/.exec((await page.locator('nav[aria-label="Pagination"] [aria-live="polite"]').textContent()) ?? '')?.[1] ?? '?';

interface Step {
  name: string;
  act: (page: Page) => Promise<void>;
  /** The URL after the step. */
  done: (url: URL) => boolean;
}

async function measure(page: Page, step: Step): Promise<Jank & { rows: string }> {
  await resetJank(page);
  await step.act(page);
  await page.waitForURL(step.done, { timeout: 30_000 });
  await sleep(SETTLE_MS);
  return { ...(await readJank(page)), rows: await pagerRows(page) };
}

const select = (label: string, value: string) => async (page: Page) => void (await page.getByLabel(label, { exact: true }).selectOption(value));
const param = (name: string, value: string | null) => (url: URL) => url.searchParams.get(name) === value;

function interactions(prefix: string): Step[] {
  const search = 'shop-0042';
  return [
    { name: `${prefix}type a search`, act: (page) => page.getByRole('searchbox', { name: 'Search checks' }).pressSequentially(search, { delay: 60 }), done: param('query', search) },
    { name: `${prefix}clear the search`, act: (page) => page.getByRole('searchbox', { name: 'Search checks' }).press('Escape'), done: param('query', null) },
    { name: `${prefix}include label critical`, act: (page) => page.getByRole('button', { name: 'Include critical' }).click(), done: param('labels', 'critical=true:1') },
    { name: `${prefix}remove label critical`, act: (page) => page.getByRole('button', { name: 'Include critical' }).click(), done: param('labels', null) },
    { name: `${prefix}Group By Group Name`, act: select('Group By', 'canary_name'), done: param('groupBy', 'canary_name') },
    { name: `${prefix}Group By No Grouping`, act: select('Group By', 'no-group'), done: param('groupBy', 'no-group') },
  ];
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM} (set CHROMIUM_PATH, or apt-get install chromium)`);
  log('== building the web app');
  await build();
  log(`Pharos health dashboard benchmark: ${CHECKS} checks, ${DAYS} days of history, node ${process.version}, ${os.availableParallelism()} CPUs`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-bench-health-web-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const database = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 4 });
  cleanups.push(() => database.close());
  const { pool } = database;
  await migrate(pool);
  const seedStarted = performance.now();
  const { failing } = await seedDashboard(pool, { checks: CHECKS, checksEach: CHECKS_EACH, days: DAYS }, (message) =>
    log(`  seeded ${message} (${((performance.now() - seedStarted) / 1000).toFixed(1)} s)`),
  );
  await transaction(pool, (client) => createIdentity(client, { traits: { email: EMAIL, name: { first: 'Bench', last: 'Viewer' } }, password: PASSWORD, roles: ['viewer'], verified: true, adoptExistingPerson: false }));
  const { rows } = await pool.query<{ name: string; canary: string; status: string; endpoint: string }>(
    'select c.name, ca.name as canary, c.status, c.endpoint from checks c join canaries ca on ca.id = c.canary_id where c.deleted_at is null order by ca.name, c.name',
  );
  const baselinePath = path.join(WEB_DIST, BASELINE_FILE);
  await writeFile(baselinePath, staticPage(rows));
  cleanups.push(() => rm(baselinePath, { force: true }));

  const url = await serve(dataDir, database.url);
  log(`  ${failing} failing; pharos serve on ${url}`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  cleanups.push(() => browser.close());

  // A first sign-in and static load warm the server (summary cache, file system cache).
  await (await timeSignIn(browser, url)).page.context().close();
  await timeStatic(browser, url);

  log(`\n== click on 'Sign in' → ${DASHBOARD} painted with all ${CHECKS.toLocaleString('en-US')} checks, ${RUNS} cold sign-ins (fresh context)`);
  const signIns: number[] = [];
  const statics: number[] = [];
  const fetches: number[] = [];
  let page: Page | undefined;
  for (let run = 0; run < RUNS; run++) {
    statics.push(await timeStatic(browser, url));
    const signedIn = await timeSignIn(browser, url);
    signIns.push(signedIn.ms);
    fetches.push(await timeSummaryFetch(signedIn.page));
    if (page) await page.context().close();
    page = signedIn.page;
  }
  const row = (name: string, values: number[]): string => `  ${name.padEnd(48)} median ${percentile(values, 50).toFixed(0).padStart(5)} ms   max ${Math.max(...values).toFixed(0).padStart(5)} ms`;
  log(row('sign-in → dashboard of 10,000 checks', signIns));
  log(row('static HTML page of the 10,000 rows (baseline)', statics));
  log(row('summary JSON fetched and parsed alone', fetches));
  const median = percentile(signIns, 50);
  log(`  ratio dashboard / static page ${(median / percentile(statics, 50)).toFixed(2)}, dashboard / summary fetch ${(median / percentile(fetches, 50)).toFixed(2)}`);
  log(`  target under ${TARGET_LOAD_MS} ms (slowest run): ${verdict(Math.max(...signIns) < TARGET_LOAD_MS)}`);
  if (!page) throw new Error('no signed-in page');

  const sample = await timeSignIn(browser, url);
  const origin = Number(await sample.page.evaluate('performance.timeOrigin'));
  log(`\n== one sign-in, painted ${sample.ms.toFixed(0)} ms after the click; /health's document started ${(origin - sample.clicked).toFixed(0)} ms after it (ms from there)`);
  for (const { name, start, end } of await loadTimeline(sample.page)) log(`  ${start.toFixed(0).padStart(6)} → ${end.toFixed(0).padStart(6)}  ${name}`);
  await sample.page.context().close();

  log(`\n== filtering on the signed-in dashboard: longest task (PerformanceObserver longtask, 0 = none of 50 ms or more) and longest frame gap`);
  const steps: Step[] = [
    ...interactions('default page size: '),
    { name: 'page size → 1000 (largest)', act: select('Rows per page', '1000'), done: param('pageSize', '1000') },
    ...interactions('page size 1000: '),
  ];
  let worstTask = 0;
  let worstFrame = 0;
  for (const step of steps) {
    const jank = await measure(page, step);
    worstTask = Math.max(worstTask, jank.longestTask);
    worstFrame = Math.max(worstFrame, jank.longestFrame);
    log(`  ${step.name.padEnd(44)} longest task ${jank.longestTask.toFixed(0).padStart(4)} ms (${jank.longTasks} ≥ 50 ms)   longest frame ${jank.longestFrame.toFixed(0).padStart(4)} ms   ${jank.rows} rows`);
  }
  log(`  worst task ${worstTask.toFixed(0)} ms, worst frame ${worstFrame.toFixed(0)} ms; target no frame over ${TARGET_FRAME_MS} ms: ${verdict(worstTask <= TARGET_FRAME_MS && worstFrame <= TARGET_FRAME_MS)}`);
  await page.context().close();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
await runBench(main, cleanUp);
