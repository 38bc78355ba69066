/**
 * `npm run bench:web`: what a signed-in user's browser downloads and waits for to see the shell.
 *
 * 1. Builds the web app and reads Vite's manifest: the entry chunk and its static imports.
 * 2. Starts `pharos serve` on a fresh data folder, registers the first administrator with the setup
 *    link it prints, and opens /topology in headless Chromium: the JS files loaded until the shell is
 *    painted with data are the entry's closure plus the chunks the first route loads. Their gzipped
 *    sizes are summed against the 250 KB target.
 * 3. Times navigation → shell painted with data (sidebar items from whoami and the feature flags),
 *    each in a fresh browser context (cold cache), next to a static HTML page served by the same
 *    server as the baseline, and prints both and their ratio.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CleanUps, log } from './report.js';
import { freePort, ServeProcess } from './serve-process.js';

const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const WEB_DIST = path.join(ROOT_DIR, 'web/dist');
const MANIFEST = path.join(WEB_DIST, '.vite/manifest.json');
const BASELINE_FILE = 'bench-baseline.html';
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const TARGET_KB = 250;
const RUNS = Number(process.env['BENCH_WEB_RUNS'] ?? 15);
/** The shell is painted with data: the sidebar's items exist only once whoami and the flags loaded. */
const SHELL_READY = '[data-shell="ready"] nav[aria-label="Main navigation"] a[href="/topology"]';
const BASELINE_READY = 'nav[aria-label="Main navigation"] a[href="/topology"]';

const cleanups = new CleanUps();
const cleanUp = cleanups.run;

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

// ---------------------------------------------------------------------------------------------
// Sizes from the Vite manifest

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The entry chunk's key and the keys of everything it imports statically (transitively). */
function staticClosure(manifest: Manifest): string[] {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('the manifest has no entry chunk');
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  return [...seen];
}

const gzipCache = new Map<string, number>();
async function gzipBytes(file: string): Promise<number> {
  const known = gzipCache.get(file);
  if (known !== undefined) return known;
  const size = gzipSync(await readFile(path.join(WEB_DIST, file))).length;
  gzipCache.set(file, size);
  return size;
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

// ---------------------------------------------------------------------------------------------
// The server

/** `pharos serve` on a fresh data folder with its own embedded PostgreSQL, stopped (SIGINT) at clean-up. */
async function startServer(dataDir: string): Promise<ServeProcess> {
  // All its output is kept: the setup link comes first.
  const server = await ServeProcess.start({ rootDir: ROOT_DIR, dataDir, port: await freePort(), logLevel: 'warn', stopSignal: 'SIGINT', outputChunks: Infinity, pollMs: 100 });
  cleanups.push(() => server.stop());
  return server;
}

/** Registers the first administrator with the setup token the server printed; the context keeps the session. */
async function signInAsAdministrator(context: BrowserContext, output: string): Promise<void> {
  const token = /registration\?setup_token=([A-Za-z0-9_-]{43})/.exec(output)?.[1];
  if (!token) throw new Error(`no setup link in the server output:\n${output}`);
  const { request } = context;
  const created = await request.get(`/api/.ory/self-service/registration/browser?setup_token=${token}`, { headers: { Accept: 'application/json' } });
  if (!created.ok()) throw new Error(`registration flow: ${created.status()} ${await created.text()}`);
  const flow = (await created.json()) as { ui: { action: string; nodes: { attributes: { name?: string; value?: unknown } }[] } };
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;
  const registered = await request.post(flow.ui.action, {
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    data: {
      method: 'password',
      csrf_token: csrf,
      setup_token: token,
      traits: { email: 'bench@example.com', name: { first: 'Bench', last: 'Mark' } },
      password: `bench-${Date.now()}-password-long-enough`,
    },
  });
  if (!registered.ok()) throw new Error(`registration: ${registered.status()} ${await registered.text()}`);
  const whoami = await request.get('/api/auth/whoami');
  if (!whoami.ok()) throw new Error(`whoami after registration: ${whoami.status()}`);
}

// ---------------------------------------------------------------------------------------------
// Timing in the browser

/** Records, in the page, the time from navigation start to the frame after `selector` appears. */
function readinessProbe(selector: string): string {
  return `(() => {
    const found = () => document.querySelector(${JSON.stringify(selector)});
    const done = () => requestAnimationFrame(() => { window.__benchReady = performance.now(); });
    const observer = new MutationObserver(() => { if (found()) { observer.disconnect(); done(); } });
    observer.observe(document, { childList: true, subtree: true });
  })();`;
}

interface Load {
  ms: number;
  /** Paths of the JS files the page loaded. */
  scripts: string[];
  /** Milestones of the load (ms from navigation start): document, scripts and API calls. */
  timeline: { name: string; start: number; end: number }[];
}

async function timeLoad(browser: Browser, baseUrl: string, storage: Awaited<ReturnType<BrowserContext['storageState']>>, url: string, selector: string): Promise<Load> {
  const context = await browser.newContext({ baseURL: baseUrl, storageState: storage, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith('.js')) scripts.push(pathname.replace(/^\//, ''));
    });
    await page.addInitScript(readinessProbe(selector));
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction('window.__benchReady !== undefined', undefined, { timeout: 30_000 });
    const ms = Number(await page.evaluate('window.__benchReady'));
    const timeline = (await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const rows = [{ name: 'document', start: 0, end: nav.responseEnd }, { name: 'DOMContentLoaded', start: nav.domContentLoadedEventStart, end: nav.domContentLoadedEventEnd }];
      for (const entry of performance.getEntriesByType('resource')) {
        rows.push({ name: new URL(entry.name).pathname, start: entry.startTime, end: entry.responseEnd });
      }
      return rows;
    })()`)) as Load['timeline'];
    return { ms, scripts, timeline };
  } finally {
    await context.close();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const BASELINE_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Pharos baseline</title></head>
  <body style="margin:0;font-family:system-ui,sans-serif">
    <aside style="width:14rem;height:100vh;border-right:1px solid #dce1e7;float:left">
      <nav aria-label="Main navigation"><ul>
        <li><a href="/topology">Dashboard</a></li><li><a href="/health">Health</a></li><li><a href="/incidents">Incidents</a></li>
        <li><a href="/catalog">Catalog</a></li><li><a href="/logs">Logs</a></li><li><a href="/playbooks">Playbooks</a></li>
      </ul></nav>
    </aside>
    <main><h1>Dashboard</h1></main>
  </body>
</html>
`;

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM} (set CHROMIUM_PATH, or apt-get install chromium)`);
  log('== building the web app');
  await run('npm', ['run', 'build', '-w', 'web'], ROOT_DIR);
  const manifest = JSON.parse(await readFile(MANIFEST, 'utf8')) as Manifest;
  const fileToKey = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const entryFiles = staticClosure(manifest).map((key) => manifest[key]?.file ?? key);

  const baselinePath = path.join(WEB_DIST, BASELINE_FILE);
  await writeFile(baselinePath, BASELINE_HTML);
  cleanups.push(() => rm(baselinePath, { force: true }));

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-bench-web-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  log('== starting pharos serve on a fresh data folder');
  const server = await startServer(dataDir);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  cleanups.push(() => browser.close());
  const signIn = await browser.newContext({ baseURL: server.url });
  await signInAsAdministrator(signIn, server.output());
  const storage = await signIn.storageState();
  await signIn.close();

  // One load to warm the server (first queries, file system cache), then the timed runs.
  const first = await timeLoad(browser, server.url, storage, '/topology', SHELL_READY);
  await timeLoad(browser, server.url, storage, `/${BASELINE_FILE}`, BASELINE_READY);

  // ---- sizes
  const routeFiles = first.scripts.filter((file) => !entryFiles.includes(file));
  const shellFiles = [...entryFiles, ...routeFiles];
  log('\n== JavaScript a signed-in user downloads to see the shell (gzip)');
  let total = 0;
  for (const file of shellFiles) {
    const size = await gzipBytes(file);
    total += size;
    const chunk = manifest[fileToKey.get(file) ?? ''];
    const origin = entryFiles.includes(file) ? 'entry + static imports' : 'loaded by the first route';
    log(`  ${kb(size).padStart(9)}  ${file}  (${chunk?.src ?? chunk?.name ?? '?'}; ${origin})`);
  }
  const unexpected = first.scripts.filter((file) => !shellFiles.includes(file));
  if (unexpected.length > 0) log(`  (also loaded: ${unexpected.join(', ')})`);
  const heavy = Object.values(manifest)
    .filter((chunk) => /code-editor-view|features\/(?!shell\/)/.test(chunk.src ?? '') && shellFiles.includes(chunk.file))
    .map((chunk) => chunk.src);
  log(`  total ${kb(total)} against the target of ${TARGET_KB} KB: ${total <= TARGET_KB * 1024 ? 'PASS' : 'FAIL'}`);
  log(`  code editor or feature screens in the shell's JavaScript: ${heavy.length === 0 ? 'none' : heavy.join(', ')}`);

  // ---- timing
  log(`\n== navigation → painted, ${RUNS} cold loads each (fresh browser context), signed in, on ${server.url}`);
  const shell: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    // Interleaved, so a hiccup of the machine hits both alike.
    baseline.push((await timeLoad(browser, server.url, storage, `/${BASELINE_FILE}`, BASELINE_READY)).ms);
    shell.push((await timeLoad(browser, server.url, storage, '/topology', SHELL_READY)).ms);
  }
  const row = (name: string, values: number[]): string =>
    `  ${name.padEnd(34)} median ${percentile(values, 50).toFixed(0).padStart(5)} ms   p90 ${percentile(values, 90).toFixed(0).padStart(5)} ms`;
  log(row('shell painted with data (/topology)', shell));
  log(row('static HTML page (baseline)', baseline));
  log(`  ratio shell / baseline (medians): ${(percentile(shell, 50) / percentile(baseline, 50)).toFixed(2)}`);

  // Where the time of one more cold shell load goes.
  const sample = await timeLoad(browser, server.url, storage, '/topology', SHELL_READY);
  log(`\n== one cold shell load (ms from navigation start), painted at ${sample.ms.toFixed(0)} ms`);
  for (const { name, start, end } of sample.timeline.sort((a, b) => a.start - b.start)) {
    log(`  ${start.toFixed(0).padStart(6)} → ${end.toFixed(0).padStart(6)}  ${name}`);
  }
}

let failed = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}
try {
  await main();
} catch (error) {
  failed = true;
  log(`bench:web failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
