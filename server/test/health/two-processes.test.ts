import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineProcesses, type EngineProcess } from '../support/engine-processes.js';
import { freshDatabase, type FreshDatabase } from '../support/server.js';

/**
 * Two server processes on one database run canaries between them: every tick of a canary runs in
 * one of them, once, a canary's runs never overlap (a slow one skips the ticks it is still busy
 * on), and each run measures each check once. Real processes (see support/health-engine-process.ts)
 * with the real CanaryRun job, against an HTTP server on loopback that counts what reaches it.
 */

const SCRIPT = fileURLToPath(new URL('../support/health-engine-process.ts', import.meta.url));
const CANARIES = 12;
const CHECKS_EACH = 4;

let database: FreshDatabase;
let pool: pg.Pool;
let target: Server;
let targetUrl: string;
/** Requests per path that reached the target. */
const requests = new Map<string, number>();
const processes: EngineProcess[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  await pool.query(`create table health_test_runs (
    id bigserial primary key,
    canary_id uuid not null,
    tick timestamptz,
    process text not null,
    started_at timestamptz not null default clock_timestamp(),
    finished_at timestamptz
  )`);
  target = createServer((request, response) => {
    requests.set(request.url ?? '', (requests.get(request.url ?? '') ?? 0) + 1);
    if (request.url?.startsWith('/slow/')) setTimeout(() => response.writeHead(200).end('late'), 1_500);
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const engine of processes) engine.child.kill('SIGKILL');
  await new Promise((resolve) => target?.close(resolve));
  await pool?.end();
  await database?.drop();
});

interface Run {
  canary_id: string;
  tick: Date | null;
  process: string;
  started_at: Date;
  finished_at: Date | null;
}

describe('two server processes on one database', () => {
  it('run each tick of a canary once between them, one run of a canary at a time, each check once per run', async () => {
    const canary = (index: number, path: string) => ({
      schedule: '@every 1s',
      http: Array.from({ length: CHECKS_EACH }, (_, check) => ({ name: `check-${check}`, url: `${targetUrl}/${path}/${index}/${check}`, responseCodes: [200] })),
    });
    const specs = [...Array.from({ length: CANARIES }, (_, index) => canary(index, 'fast')), canary(0, 'slow')];
    const names = specs.map((_, index) => (index < CANARIES ? `fast-${index}` : 'slow'));
    await pool.query('insert into canaries (name, spec) select n, s::jsonb from unnest($1::text[], $2::text[]) as u(n, s)', [names, specs.map((spec) => JSON.stringify(spec))]);

    processes.push(...(await startEngineProcesses(database.url, ['first', 'second'], SCRIPT)));
    // Until every canary finished several runs (fast ones more), however busy the machine.
    const finishedRuns = async () =>
      (
        await pool.query<{ name: string; n: number }>(
          'select c.name, count(r.finished_at)::int as n from canaries c left join health_test_runs r on r.canary_id = c.id group by c.name',
        )
      ).rows;
    await expect
      .poll(async () => (await finishedRuns()).every((row) => row.n >= (row.name === 'slow' ? 4 : 8)), { timeout: 80_000, interval: 500 })
      .toBe(true);
    await Promise.all(processes.map((engine) => engine.stop()));

    const { rows: ids } = await pool.query<{ id: string; name: string }>('select id, name from canaries');
    const nameOf = new Map(ids.map((row) => [row.id, row.name]));
    const { rows: runs } = await pool.query<Run>('select canary_id, tick, process, started_at, finished_at from health_test_runs order by canary_id, started_at');
    const byCanary = new Map<string, Run[]>();
    for (const run of runs) byCanary.set(run.canary_id, [...(byCanary.get(run.canary_id) ?? []), run]);
    expect(byCanary.size).toBe(CANARIES + 1);

    for (const [canaryId, own] of byCanary) {
      const name = nameOf.get(canaryId)!;
      // no tick twice
      const ticks = own.map((run) => run.tick?.getTime());
      expect(new Set(ticks).size, name).toBe(ticks.length);
      // never two runs of a canary at once, across the processes
      for (let index = 1; index < own.length; index++) {
        expect(own[index]!.started_at.getTime(), name).toBeGreaterThanOrEqual(own[index - 1]!.finished_at!.getTime());
      }
      // every run wrote one status per check, no more
      const { rows: statuses } = await pool.query<{ name: string; n: number }>(
        'select c.name, count(s.time)::int as n from checks c left join check_statuses s on s.check_id = c.id where c.canary_id = $1 group by c.name',
        [canaryId],
      );
      expect(statuses, name).toHaveLength(CHECKS_EACH);
      for (const status of statuses) expect(status.n, `${name} ${status.name}`).toBe(own.filter((run) => run.finished_at).length);
    }

    // each finished run's requests reached the target once per check
    for (let index = 0; index < CANARIES; index++) {
      const finished = byCanary.get(ids.find((row) => row.name === `fast-${index}`)!.id)!.filter((run) => run.finished_at).length;
      expect(finished).toBeGreaterThanOrEqual(8);
      for (let check = 0; check < CHECKS_EACH; check++) expect(requests.get(`/fast/${index}/${check}`), `fast-${index} check-${check}`).toBe(finished);
    }
    // the slow canary (1.5 s a run on a 1 s schedule) skipped the ticks it was busy on: consecutive runs are
    // more than one interval apart (the first run of a new schedule is at once, off the whole seconds of the
    // later ticks, so that gap may be anything between one and two intervals)
    const slow = byCanary.get(ids.find((row) => row.name === 'slow')!.id)!;
    expect(slow.length).toBeGreaterThanOrEqual(4);
    for (let index = 1; index < slow.length; index++) expect(slow[index]!.tick!.getTime() - slow[index - 1]!.tick!.getTime()).toBeGreaterThan(1_000);
    // both processes ran canaries
    const perProcess = new Map<string, number>();
    for (const run of runs) perProcess.set(run.process, (perProcess.get(run.process) ?? 0) + 1);
    expect(perProcess.get('first')).toBeGreaterThan(runs.length / 10);
    expect(perProcess.get('second')).toBeGreaterThan(runs.length / 10);
  }, 120_000);
});
