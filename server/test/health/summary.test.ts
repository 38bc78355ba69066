import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStatusRetention } from '../../src/health/retention.js';
import { SUMMARY_BUILDER_APPLICATION } from '../../src/health/summary-builder.js';
import { keepMeasured } from '../../src/health/summary-cache.js';
import { rangeStart } from '../../src/health/summary.js';
import { syncCanary } from '../../src/health/sync.js';
import { silentLogger } from '../../src/logger.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';

/** GET /api/canary/api/summary over raw statuses and roll-ups, and the retention of check history. */

let database: FreshDatabase;
let server: TestServer;
let checkId: string;
const HOUR = 3_600_000;

interface Summary {
  id: string;
  name: string;
  canary_name: string;
  status: string;
  uptime: { passed: number; failed: number };
  latency: { p95: number | null; p97: number | null; p99: number | null; rolling1h: number | null };
  next_runtime: string | null;
  labels: Record<string, string>;
}

async function summary(start: string, token?: string): Promise<{ status: number; body: { checks_summary?: Summary[]; message?: string } }> {
  const response = await fetch(`${server.url}/api/canary/api/summary?start=${encodeURIComponent(start)}`, { headers: { authorization: `Bearer ${token ?? (await server.tokenFor(['viewer']))}` } });
  return { status: response.status, body: (await response.json()) as { checks_summary?: Summary[]; message?: string } };
}

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({}, database.url);
  const { rows } = await server.pool.query<{ id: string }>(
    `insert into canaries (name, spec) values ('shop', '{"schedule": "@every 1m", "http": [{"name": "checkout", "url": "http://127.0.0.1:9", "labels": {"tier": "web"}}]}') returning id`,
  );
  await syncCanary(server.pool, rows[0]!.id);
  checkId = (await server.pool.query<{ id: string }>('select id from checks where canary_id = $1', [rows[0]!.id])).rows[0]!.id;
  // 100 statuses in the last hour (durations 1..100 ms, every 10th failing), and 48 hourly ones 2 to 50 hours ago.
  const now = Date.now();
  await server.pool.query(
    `insert into check_statuses (check_id, time, status, duration)
     select $1, to_timestamp(($2::bigint - n * 30000) / 1000.0), n % 10 <> 0, n from generate_series(1, 100) n`,
    [checkId, now],
  );
  await server.pool.query(
    `insert into check_statuses (check_id, time, status, duration)
     select $1, to_timestamp(($2::bigint - n * ${HOUR}) / 1000.0), n % 4 <> 0, 500 from generate_series(2, 49) n`,
    [checkId, now],
  );
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('checks summary', () => {
  it('counts the last hour from raw statuses, with latency percentiles', async () => {
    const { status, body } = await summary('1h');
    expect(status).toBe(200);
    const check = body.checks_summary!.find((entry) => entry.id === checkId)!;
    expect(check).toMatchObject({ name: 'checkout', canary_name: 'shop', labels: { tier: 'web' }, uptime: { passed: 90, failed: 10 } });
    expect(check.latency).toEqual({ p95: 95, p97: 97, p99: 99, rolling1h: 51 });
    expect(check.next_runtime).not.toBeNull();
  });

  it('counts a week from the hourly roll-up', async () => {
    const { body } = await summary('7d');
    const check = body.checks_summary!.find((entry) => entry.id === checkId)!;
    // 100 recent (90 passed) and 48 hourly (36 passed: every 4th fails)
    expect(check.uptime).toEqual({ passed: 126, failed: 22 });
  });

  it('sends the answer gzip-encoded to a client that accepts it, and plain to one that does not', async () => {
    const authorization = `Bearer ${await server.tokenFor(['viewer'])}`;
    const zipped = await fetch(`${server.url}/api/canary/api/summary?start=3h`, { headers: { authorization, 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(((await zipped.json()) as { checks_summary: Summary[] }).checks_summary.map((check) => check.id)).toContain(checkId);
    const plain = await fetch(`${server.url}/api/canary/api/summary?start=3h`, { headers: { authorization, 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { checks_summary: Summary[] }).checks_summary.map((check) => check.id)).toContain(checkId);
  });

  it('builds on a connection of its own and answers again after that connection was cut', async () => {
    const first = await summary('4h');
    expect(first.body.checks_summary!.map((check) => check.id)).toContain(checkId);
    const { rows } = await server.pool.query<{ cut: boolean }>(
      'select pg_terminate_backend(pid) as cut from pg_stat_activity where application_name = $1 and datname = current_database()',
      [SUMMARY_BUILDER_APPLICATION],
    );
    expect(rows.map((row) => row.cut)).toEqual([true]);
    const again = await summary('5h');
    expect(again.status).toBe(200);
    expect(again.body.checks_summary!.find((check) => check.id === checkId)?.uptime).toEqual({ passed: 92, failed: 11 });
  });

  it('builds on a thread below the priority of the event loop, which starts the checks', async () => {
    expect((await summary('6h')).status).toBe(200);
    const niceness = (task: string): number => {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state is the 3rd, nice the 19th.
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    expect(niceness(String(process.pid))).toBe(0);
    expect(readdirSync('/proc/self/task').map(niceness)).toContain(10);
  });

  it('shows a canary synced since the last answer at the next request, though that answer is still fresh', async () => {
    const before = await summary('1h');
    expect(before.body.checks_summary!.map((check) => check.name)).not.toContain('just-added');
    const { rows } = await server.pool.query<{ id: string }>(
      `insert into canaries (name, spec) values ('late', '{"schedule": "@every 1m", "tcp": [{"name": "just-added", "endpoint": "127.0.0.1:9"}]}') returning id`,
    );
    await syncCanary(server.pool, rows[0]!.id);
    const after = await summary('1h');
    expect(after.body.checks_summary!.map((check) => check.name)).toContain('just-added');
  });

  it('refuses a start it cannot read, and a caller without a token', async () => {
    const { status, body } = await summary('yesterday-ish');
    expect(status).toBe(400);
    expect(body.message).toBe("start must be a duration such as 1h or 30d, or a time, not 'yesterday-ish'");
    expect((await fetch(`${server.url}/api/canary/api/summary`)).status).toBe(401);
    expect(rangeStart('now-2h', 10 * HOUR).getTime()).toBe(8 * HOUR);
  });

  it('answers a kept range from its measurement made before the request, with the state of the check read at the call', async () => {
    const stop = new AbortController();
    const errors: unknown[] = [];
    await keepMeasured(server.pool, [2 * HOUR], stop.signal, (error) => errors.push(error));
    try {
      // A failed run after the measurement: the check turns unhealthy at once, its counts at the next measurement.
      await server.pool.query('insert into check_statuses (check_id, time, status, duration) values ($1, now(), false, 7)', [checkId]);
      const { body } = await summary('2h');
      const check = body.checks_summary!.find((entry) => entry.id === checkId)!;
      expect(check.status).toBe('unhealthy');
      expect(check.uptime).toEqual({ passed: 90, failed: 10 });
      expect(errors).toEqual([]);
    } finally {
      stop.abort();
    }
  });
});

describe('retention', () => {
  it('deletes raw statuses past check.retention.raw days and keeps the roll-ups', async () => {
    await server.pool.query("insert into properties (name, value) values ('check.retention.raw', '1') on conflict (name) do update set value = excluded.value");
    const before = await server.pool.query<{ n: number }>('select count(*)::int as n from check_statuses_1h where check_id = $1', [checkId]);
    await checkStatusRetention(server.pool).run({}, { signal: new AbortController().signal, attempt: 1, logger: silentLogger() });
    const raw = await server.pool.query<{ oldest: Date }>('select min(time) as oldest from check_statuses where check_id = $1', [checkId]);
    expect(Date.now() - raw.rows[0]!.oldest.getTime()).toBeLessThan(24 * HOUR + 60_000);
    const after = await server.pool.query<{ n: number }>('select count(*)::int as n from check_statuses_1h where check_id = $1', [checkId]);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
