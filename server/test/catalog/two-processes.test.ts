import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineProcesses, type EngineProcess } from '../support/engine-processes.js';
import { freshDatabase, type FreshDatabase } from '../support/server.js';

/**
 * Two server processes on one database (see scraper-process.ts): a scraper saved once is scheduled
 * once, and its runs, slower than its schedule, never overlap, whichever process takes each tick.
 */

const SCRIPT = fileURLToPath(new URL('./scraper-process.ts', import.meta.url));

let database: FreshDatabase;
let pool: pg.Pool;
const processes: EngineProcess[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  processes.push(...(await startEngineProcesses(database.url, ['first', 'second'], SCRIPT)));
}, 90_000);

afterAll(async () => {
  await Promise.all(processes.map((engine) => engine.stop()));
  await pool?.end();
  await database?.drop();
});

describe('scrapers on two processes', () => {
  it('are scheduled once and never run twice at once', async () => {
    const spec = { schedule: '@every 1s', exec: [{ type: 'Host::Clock', id: '$.host', script: "sleep 1.5; echo '{\"host\": \"build-box\"}'" }] };
    const { rows } = await pool.query<{ id: string }>("insert into config_scrapers (name, spec) values ('clock', $1) returning id", [spec]);
    const id = rows[0]!.id;
    const finished = async () =>
      (
        await pool.query<{ status: string; time_start: Date; time_end: Date }>(
          "select status, time_start, time_end from job_histories where name = 'Scraper' and resource_id = $1 and status <> 'RUNNING' order by time_start",
          [id],
        )
      ).rows;
    await expect.poll(async () => (await finished()).length, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(3);
    const runs = await finished();
    for (let index = 1; index < runs.length; index += 1) expect(runs[index]!.time_start.getTime()).toBeGreaterThanOrEqual(runs[index - 1]!.time_end.getTime());
    expect(runs.every((run) => run.status === 'SUCCESS')).toBe(true);
    const { rows: schedules } = await pool.query("select 1 from job_schedules where key = 'scraper:' || $1", [id]);
    expect(schedules).toHaveLength(1);
    const { rows: items } = await pool.query<{ external_id: string }>('select external_id from configs where scraper_id = $1', [id]);
    expect(items).toEqual([{ external_id: 'build-box' }]);
  }, 60_000);
});
