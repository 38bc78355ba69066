/**
 * `npm run bench:incidents`: 100,000 incidents, each with a root hypothesis and a factor, comments,
 * evidence and responders (seeded once in bulk into an embedded PostgreSQL kept in
 * .pharos/bench-incidents, or DATABASE_URL). A real `pharos serve` answers /incidents' list with each
 * of its filters and /incidents/{id}'s detail as the screens ask for them, each p50/p95 over repeated
 * requests next to the plain SELECT of the same rows in the same run. Then an incident rule over
 * 10,000 checks on 1,000 components that all fail at once: the time until every component has its
 * incident, with two rule runs at once, and that none is opened twice.
 *
 * BENCH_INCIDENTS_REQUESTS (default 200) is the requests per read; BENCH_INCIDENTS_SCALE (default 1)
 * shrinks the incidents for a quick try (its own data folder); BENCH_INCIDENTS_EXPLAIN=1 prints
 * EXPLAIN ANALYZE of the list's and the detail's statements.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from '../health-lag.js';
import { CleanUps, log, runBench, verdict } from '../report.js';
import { freePort, ServeProcess } from '../serve-process.js';
import { createToken } from '../server.js';
import { incidentProbes, type IncidentProbe } from './probes.js';
import { clearBurst, ruleBurst } from './rule-burst.js';
import { openSeededIncidents } from './store.js';
import { TITLE_WORDS, type IncidentsSize } from './seed.js';

const ROOT_DIR = fileURLToPath(new URL('../../../', import.meta.url));
const SCALE = Number(process.env['BENCH_INCIDENTS_SCALE'] ?? 1);
const SIZE: IncidentsSize = { incidents: Math.round(100_000 * SCALE), components: 1_000, people: 50 };
const DATA_DIR = process.env['BENCH_INCIDENTS_DATA_DIR']?.trim() || path.join(ROOT_DIR, '.pharos', SCALE === 1 ? 'bench-incidents' : `bench-incidents-${SCALE}`);
const REQUESTS = Number(process.env['BENCH_INCIDENTS_REQUESTS'] ?? 200);
const EXPLAIN = process.env['BENCH_INCIDENTS_EXPLAIN'] === '1';
const BURST = { checks: 10_000, components: 1_000, runners: 2 };
const DETAIL_INCIDENTS = 50;

const TARGET_P95_MS = 200;
const TARGET_BURST_MS = 10_000;

const cleanups = new CleanUps();
const ms = (value: number): string => value.toFixed(1);

interface Measured {
  name: string;
  p50: number;
  p95: number;
  plainP50: number;
  plainP95: number;
  rows: number;
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await work();
  return [performance.now() - started, value];
}

/** Two untimed requests, `REQUESTS` timed one after another, then as many plain reads the same way. */
async function measure(probe: IncidentProbe): Promise<Measured> {
  for (let i = 0; i < 2; i++) await probe.request(i);
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const [elapsed, count] = await timed(() => probe.request(i));
    times.push(elapsed);
    if (i === 0) rows = count;
  }
  const plainRows = await probe.plain(0);
  if (plainRows !== rows) throw new Error(`${probe.name} gave ${rows} rows, the plain SELECT of the same rows ${plainRows}`);
  await probe.plain(1);
  const plain: number[] = [];
  for (let i = 0; i < REQUESTS; i++) plain.push((await timed(() => probe.plain(i)))[0]);
  return { name: probe.name, p50: percentile(times, 50), p95: percentile(times, 95), plainP50: percentile(plain, 50), plainP95: percentile(plain, 95), rows };
}

async function main(): Promise<void> {
  const external = process.env['DATABASE_URL']?.trim() || undefined;
  const seeded = await openSeededIncidents(DATA_DIR, external, SIZE, log);
  const { database } = seeded;
  cleanups.push(() => database.close());
  log(`incidents seeded in ${seeded.seedSeconds.toFixed(0)} s${seeded.seededNow ? '' : ' (reused)'}`);
  const { pool } = database;
  await clearBurst(pool);
  const { rows: sizes } = await pool.query<{ incidents: string; hypotheses: string; evidences: string; comments: string; responders: string; open: string }>(
    `select (select count(*) from incidents) as incidents, (select count(*) from incidents where status = 'open') as open, (select count(*) from hypotheses) as hypotheses,
            (select count(*) from evidences) as evidences, (select count(*) from comments) as comments, (select count(*) from responders) as responders`,
  );
  const n = (value: string): string => Number(value).toLocaleString('en');
  const s = sizes[0]!;
  log(`${n(s.incidents)} incidents (${n(s.open)} open), ${n(s.hypotheses)} hypotheses, ${n(s.evidences)} evidences, ${n(s.comments)} comments, ${n(s.responders)} responders`);

  const { rows: picks } = await pool.query<{ owner: string; component: string }>(
    `select (select created_by from incidents where created_by is not null limit 1) as owner,
            (select component_id from evidences where component_id is not null and type = 'topology' limit 1) as component`,
  );
  const { rows: details } = await pool.query<{ id: string }>('select id from incidents order by md5(id::text) limit $1', [DETAIL_INCIDENTS]);
  const token = await createToken(pool, { email: `bench-incidents-${Date.now()}@example.com`, roles: ['viewer'], tokenName: 'bench' });
  const server = await ServeProcess.start({ rootDir: ROOT_DIR, dataDir: DATA_DIR, databaseUrl: database.url, port: await freePort(), logLevel: 'warn' });
  cleanups.push(() => server.stop());
  // Page 50 of the open incidents, or the last full one of a smaller seed.
  const deepPage = Math.max(1, Math.min(49, Math.floor(Number(s.open) / 200) - 1));
  const probes = incidentProbes({ url: server.url, token, pool, detailIds: details.map((row) => row.id), owner: picks[0]!.owner, component: picks[0]!.component, word: TITLE_WORDS[0], deepPage });
  if (EXPLAIN) {
    const { explainReads } = await import('./explain.js');
    await explainReads(pool, picks[0]!.component, details[0]!.id, TITLE_WORDS[0], log);
  }
  const results: Measured[] = [];
  for (const probe of probes) {
    log(`measuring ${probe.name}: ${REQUESTS} requests`);
    results.push(await measure(probe));
  }
  await server.stop();

  log(`incident rule: ${BURST.checks.toLocaleString('en')} checks on ${BURST.components.toLocaleString('en')} components failing at once, ${BURST.runners} rule runs at once`);
  const burst = await ruleBurst(pool, BURST);
  await clearBurst(pool);

  log('');
  for (const r of results) {
    log(`${r.name}\n    p50 ${ms(r.p50)} ms, p95 ${ms(r.p95)} ms (${r.rows} rows); plain SELECT of the same rows p50 ${ms(r.plainP50)} ms, p95 ${ms(r.plainP95)} ms; p95 ratio ${(r.p95 / r.plainP95).toFixed(2)}`);
  }
  const opened = burst.outcomes.reduce((sum, o) => sum + o.opened, 0);
  const errors = [...burst.outcomes, burst.idle].flatMap((o) => o.errors);
  log(
    `incident rule over ${BURST.checks.toLocaleString('en')} failing checks: the failures recorded in one insert of their results in ${ms(burst.recordMs)} ms (not counted); every incident open ${ms(burst.openMs)} ms after (${burst.incidents.toLocaleString('en')} incidents for ${burst.subjects.toLocaleString('en')} components, ${burst.evidences.toLocaleString('en')} evidences, ${opened} opened by ${BURST.runners} runs, ${burst.duplicated} duplicated); plain SELECT of the failing checks with their components ${ms(burst.plainMs)} ms; a run that changes nothing ${ms(burst.idleMs)} ms (opened ${burst.idle.opened}, updated ${burst.idle.updated})`,
  );
  for (const error of errors.slice(0, 5)) log(`  rule error: ${error}`);
  log('');
  for (const r of results) log(`${r.name}: p95 ${ms(r.p95)} ms < ${TARGET_P95_MS} ms: ${verdict(r.p95 < TARGET_P95_MS)}`);
  const onePerComponent = burst.incidents === BURST.components && burst.subjects === BURST.components && burst.duplicated === 0 && burst.evidences === BURST.checks && errors.length === 0;
  log(`one incident per component within ${TARGET_BURST_MS / 1000} s: ${ms(burst.openMs / 1000)} s: ${verdict(burst.openMs < TARGET_BURST_MS)}`);
  log(`none duplicated, every failing check its evidence: ${verdict(onePerComponent)}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanups.run().finally(() => process.exit(130));
  });
}

await runBench(main, cleanups.run);
