/**
 * `npm run bench:db`: the generic data service (/api/db, PostgREST) against the same query written
 * by hand, on 100,000 incidents, and the time from `npm start` to the first answered request.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFixture } from './fixture.js';
import { GENERIC_PATH, HANDWRITTEN_PATH } from './handwritten.js';
import { measure, type LoadOptions } from './load.js';
import { loadReport, log, MAX_STARTUP_MS, runBench, verdict, type ModeResult } from './report.js';
import { measureStartup } from './startup.js';
import { verifySameRows, type Endpoint } from './verify.js';

const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const INCIDENTS = 100_000;
const LOAD: LoadOptions = { connections: 10, warmupSeconds: 2, durationSeconds: 10 };
const WARM_STARTS = 3;


/** Clean-up steps, run last registered first, at the end or on SIGINT/SIGTERM. */
const cleanups: (() => Promise<unknown>)[] = [];

async function cleanUp(): Promise<void> {
  for (let step = cleanups.pop(); step; step = cleanups.pop()) {
    await step().catch((error: unknown) => log(`clean-up failed: ${String(error)}`));
  }
}

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

interface Mode {
  mode: string;
  generic: Endpoint;
  handwritten: Endpoint;
}

async function loadPhase(): Promise<ModeResult[]> {
  const databaseUrl = process.env['DATABASE_URL']?.trim() || undefined;
  const fixture = await startFixture({ databaseUrl, dataDir: await tempDir('pharos-bench-db-'), incidents: INCIDENTS, log });
  cleanups.push(() => fixture.close());
  try {
    const auth = { authorization: `Bearer ${fixture.token}` };
    const modes: Mode[] = [
      {
        mode: 'no count',
        generic: { url: `${fixture.baseUrl}${GENERIC_PATH}`, headers: auth },
        handwritten: { url: `${fixture.baseUrl}${HANDWRITTEN_PATH}`, headers: auth },
      },
      {
        mode: 'count=exact',
        generic: { url: `${fixture.baseUrl}${GENERIC_PATH}`, headers: { ...auth, prefer: 'count=exact' } },
        handwritten: { url: `${fixture.baseUrl}${HANDWRITTEN_PATH}?count=exact`, headers: auth },
      },
    ];
    for (const { mode, generic, handwritten } of modes) {
      await verifySameRows(generic, handwritten, mode !== 'no count');
      log(`verified ${mode}: the same rows, in the same order, with the same contents`);
    }

    const results: ModeResult[] = [];
    for (const { mode, generic, handwritten } of modes) {
      const target = async (name: string, endpoint: Endpoint) => {
        log(`loading ${mode} / ${name}: ${LOAD.warmupSeconds} s warm-up, ${LOAD.durationSeconds} s measured, ${LOAD.connections} connections`);
        return measure({ name, ...endpoint }, LOAD);
      };
      results.push({ mode, generic: await target('generic', generic), handwritten: await target('hand-written', handwritten) });
    }
    return results;
  } finally {
    await fixture.close();
  }
}

async function main(): Promise<void> {
  log(`Pharos data service benchmark: ${INCIDENTS} incidents, node ${process.version}, ${os.availableParallelism()} CPUs`);
  const loads = await loadPhase();

  log(`starting pharos serve: 1 first start to initialise the data folder, then ${WARM_STARTS} warm starts`);
  const startup = await measureStartup({ rootDir: ROOT_DIR, dataDir: await tempDir('pharos-bench-start-') }, WARM_STARTS);

  log('\nGeneric /api/db vs hand-written SQL (GET incidents, status=eq.open, order=created_at.desc, limit=100, created_by embedded)');
  log('req/s: autocannon mean of per-second counts; p95: nearest rank over every 2xx response time (autocannon has no p95)\n');
  log(loadReport(loads));
  log('\nStart to first answered request (GET /api/health = 200), warm data folder');
  log(`  first start (initialises and migrates, not counted): ${startup.coldMs.toFixed(0)} ms`);
  log(`  warm starts: ${startup.warmMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  log(`  median: ${startup.medianMs.toFixed(0)} ms (target <= ${MAX_STARTUP_MS} ms): ${verdict(startup.medianMs <= MAX_STARTUP_MS)}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

await runBench(main, cleanUp);
