import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphStart, graphWindow, type CheckGraph } from '../../src/health/graph.js';
import { syncCanary } from '../../src/health/sync.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * GET /api/canary/api/graph (the check drawer's graph): one check's history in buckets whose width
 * follows the range and `count`, from raw statuses up to a day and from the roll-ups beyond.
 */

let database: FreshDatabase;
let server: TestServer;
let viewer: string;
let checkId: string;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The start of the current minute, so each seeded run falls in a bucket of its own. */
const minute = Math.floor(Date.now() / MINUTE) * MINUTE;

async function graph(query: string, token = viewer): Promise<{ status: number; body: CheckGraph & { message?: string } }> {
  const response = await fetch(`${server.url}/api/canary/api/graph?${query}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as CheckGraph & { message?: string } };
}

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({}, database.url);
  viewer = await server.tokenFor(['viewer']);
  const { rows } = await server.pool.query<{ id: string }>(`insert into canaries (name, spec) values ('shop', '{"http": [{"name": "checkout", "url": "http://127.0.0.1:9"}]}') returning id`);
  await syncCanary(server.pool, rows[0]!.id);
  checkId = (await server.pool.query<{ id: string }>('select id from checks where canary_id = $1', [rows[0]!.id])).rows[0]!.id;
  // One run a minute for the last 50 minutes (duration n ms, every 10th failing), a second, failing
  // run of 100 ms in minute 5, and an invalid one that counts for nothing.
  await server.pool.query(
    `insert into check_statuses (check_id, time, status, duration)
     select $1, to_timestamp(($2::bigint - n * 60000 + 10000) / 1000.0), n % 10 <> 0, n from generate_series(1, 50) n`,
    [checkId, minute],
  );
  await server.pool.query(
    `insert into check_statuses (check_id, time, status, duration, invalid) values
       ($1, to_timestamp(($2::bigint - 5 * 60000 + 40000) / 1000.0), false, 100, false),
       ($1, to_timestamp(($2::bigint - 7 * 60000 + 40000) / 1000.0), false, 0, true)`,
    [checkId, minute],
  );
  // One run an hour 2 to 49 hours ago (every 4th failing, 500 ms), and one 120 days ago.
  await server.pool.query(
    `insert into check_statuses (check_id, time, status, duration)
     select $1, to_timestamp(($2::bigint - n * ${HOUR}) / 1000.0), n % 4 <> 0, 500 from generate_series(2, 49) n`,
    [checkId, minute],
  );
  await server.pool.query(`insert into check_statuses (check_id, time, status, duration) values ($1, $2, true, 700)`, [checkId, new Date(minute - 120 * DAY)]);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('the canary graph', () => {
  it('answers the last hour in one-minute buckets of raw runs, with uptime and latency', async () => {
    const { status, body } = await graph(`check=${checkId}&count=300&start=1h`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ window: 60, source: 'check_statuses', runnerName: 'local', uptime: { passed: 45, failed: 6 } });
    expect(body.status).toHaveLength(50);
    expect(body.status[0]).toEqual({ time: new Date(minute - 50 * MINUTE).toISOString(), status: false, duration: 50, passed: 0, failed: 1 });
    expect(body.status.at(-1)).toEqual({ time: new Date(minute - MINUTE).toISOString(), status: true, duration: 1, passed: 1, failed: 0 });
    // Minute 5: a pass of 5 ms and a failure of 100 ms.
    expect(body.status.find((point) => point.time === new Date(minute - 5 * MINUTE).toISOString())).toEqual({ status: false, duration: 53, passed: 1, failed: 1, time: new Date(minute - 5 * MINUTE).toISOString() });
    // Minute 7's invalid run is left out: its bucket holds the valid run only.
    expect(body.status.find((point) => point.time === new Date(minute - 7 * MINUTE).toISOString())).toMatchObject({ passed: 1, failed: 0, duration: 7 });
    // Durations 1..50 and 100: interpolated percentiles, and the mean of the last hour.
    expect(body.latency).toEqual({ p95: 49, p97: 50, p99: 75, rolling1h: 27 });
  });

  it('widens the buckets so the range fits in count', async () => {
    const { body } = await graph(`check=${checkId}&count=10&start=1h`);
    expect(body.window).toBe(15 * 60);
    expect(body.status.length).toBeLessThanOrEqual(5);
    expect(body.uptime).toEqual({ passed: 45, failed: 6 });
  });

  it('reads a week from the hourly roll-up and half a year from the daily one', async () => {
    const week = (await graph(`check=${checkId}&start=7d`)).body;
    expect(week).toMatchObject({ window: 3600, source: 'check_statuses_1h' });
    // 51 recent runs (45 passed) and 48 hourly ones (36 passed).
    expect(week.uptime).toEqual({ passed: 81, failed: 18 });
    const fourHoursAgo = week.status.find((point) => point.time === new Date(Math.floor((minute - 4 * HOUR) / HOUR) * HOUR).toISOString());
    expect(fourHoursAgo).toEqual(expect.objectContaining({ passed: 0, failed: 1, status: false, duration: 500 }));

    const halfYear = (await graph(`check=${checkId}&start=6mo`)).body;
    expect(halfYear).toMatchObject({ window: 86400, source: 'check_statuses_1d', uptime: { passed: 82, failed: 18 } });
    expect(halfYear.status[0]).toMatchObject({ time: new Date(Math.floor((minute - 120 * DAY) / DAY) * DAY).toISOString(), status: true, duration: 700, passed: 1 });
  });

  it('refuses what it cannot answer', async () => {
    expect(await graph('count=300&start=1h')).toMatchObject({ status: 400, body: { message: 'check must be the id of a check' } });
    expect(await graph(`check=${checkId}&count=0`)).toMatchObject({ status: 400, body: { message: 'count must be a whole number from 1 to 1000' } });
    expect(await graph(`check=${checkId}&start=soon`)).toMatchObject({ status: 400, body: { message: "start must be a duration such as 1h or 30d, or a time, not 'soon'" } });
    expect((await graph('check=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await fetch(`${server.url}/api/canary/api/graph?check=${checkId}`)).status).toBe(401);
  });

  it('reads ranges as the drawer sends them', () => {
    const now = 1_000 * DAY;
    expect(graphStart('3mo', now).getTime()).toBe(now - 90 * DAY);
    expect(graphStart('1y', now).getTime()).toBe(now - 365 * DAY);
    expect(graphStart('2w', now).getTime()).toBe(now - 14 * DAY);
    expect(graphWindow(DAY, 300)).toEqual({ windowMs: 5 * MINUTE, table: 'check_statuses' });
    expect(graphWindow(30 * DAY, 300)).toEqual({ windowMs: 3 * HOUR, table: 'check_statuses_1h' });
    expect(graphWindow(5 * 365 * DAY, 300)).toEqual({ windowMs: 7 * DAY, table: 'check_statuses_1d' });
  });
});
