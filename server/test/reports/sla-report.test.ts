import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStatusRetention } from '../../src/health/retention.js';
import { syncCanary } from '../../src/health/sync.js';
import { silentLogger } from '../../src/logger.js';
import { slaReportMailJob } from '../../src/reports/sla/mail-job.js';
import type { SlaReport } from '@pharos/core';
import { TestSmtpServer } from '../support/smtp.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { pdfText } from './sla-pdf-text.js';

/** GET /api/reports/sla over the hourly, daily and monthly roll-ups; CSV, PDF and mailed reports. */

const HOUR = 3_600_000;
let server: TestServer;
let viewer: string;
let editor: string;
const ids: Record<string, string> = {};

async function get(path: string, token = viewer): Promise<Response> {
  return fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

async function report(query: string): Promise<SlaReport> {
  const response = await get(`/api/reports/sla?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SlaReport;
}

beforeAll(async () => {
  server = await startTestServer();
  viewer = await server.tokenFor(['viewer']);
  editor = await server.tokenFor(['editor']);
  const spec = {
    schedule: '@every 1m',
    http: [
      { name: 'storefront', url: 'http://127.0.0.1:9', labels: { tier: 'web' } },
      { name: 'orders-db', url: 'http://127.0.0.1:9', labels: { tier: 'db' } },
      { name: '=HYPERLINK("http://evil")', url: 'http://127.0.0.1:9' },
    ],
  };
  const canary = await server.pool.query<{ id: string }>(`insert into canaries (name, spec) values ('shop', $1) returning id`, [spec]);
  await syncCanary(server.pool, canary.rows[0]!.id);
  const { rows } = await server.pool.query<{ id: string; name: string }>('select id, name from checks where canary_id = $1', [canary.rows[0]!.id]);
  for (const row of rows) ids[row.name] = row.id;
  const component = await server.pool.query<{ id: string }>(`insert into components (name, type) values ('shop', 'Application') returning id`);
  await server.pool.query('insert into check_component_relationships (component_id, check_id) select $1, unnest($2::uuid[])', [component.rows[0]!.id, [ids['storefront'], ids['orders-db']]]);
  // The last 24 hours, four results an hour each; orders-db fails every result 5 to 3 hours ago.
  const now = Date.now();
  await server.pool.query(
    `insert into check_statuses (check_id, time, status, duration)
     select c, to_timestamp(($2::bigint - n * 900000) / 1000.0), not (c = $3 and n between 9 and 20), 100 + n
       from unnest($1::uuid[]) c, generate_series(0, 95) n`,
    [Object.values(ids), now, ids['orders-db']],
  );
});

afterAll(async () => {
  await server?.close();
});

describe('the SLA report', () => {
  it('gives uptime, latency, error budget and the downtime window of each check over a day, worst first', async () => {
    const body = await report('period=1d&target=99');
    expect(body).toMatchObject({ resolution: 'hour', group_by: 'check', target: 99 });
    const [worst, ...others] = body.rows;
    expect(worst).toMatchObject({ name: 'orders-db', checks: 1, failed: 12, breached: true });
    expect(others.find((row) => row.name === 'storefront')).toMatchObject({ name: 'storefront', failed: 0, uptime: 100, breached: false, windows: [] });
    const counted = worst!.passed + worst!.failed;
    expect(worst!.uptime).toBeCloseTo((100 * worst!.passed) / counted, 3);
    const periodSeconds = (Date.parse(body.to) - Date.parse(body.from)) / 1000;
    expect(worst!.downtime_seconds).toBe(Math.round((periodSeconds * 12) / counted));
    expect(worst!.budget_seconds).toBe(Math.round(periodSeconds * 0.01));
    expect(worst!.budget_burned).toBeGreaterThan(100);
    expect(worst!.latency_avg_ms).toBeGreaterThan(100);
    // One window: the failing results fall in three or four back-to-back hours.
    expect(worst!.windows).toHaveLength(1);
    const window = worst!.windows[0]!;
    const hours = (Date.parse(window.end) - Date.parse(window.start)) / HOUR;
    expect(hours).toBeGreaterThanOrEqual(3);
    expect(hours).toBeLessThanOrEqual(4);
    expect(window.failed).toBe(12);
  });

  it('groups by a label and by component', async () => {
    const byTier = await report('period=1d&group_by=label:tier');
    expect(byTier.rows.map((row) => [row.name, row.checks])).toEqual([
      ['db', 1],
      ['(no tier)', 1],
      ['web', 1],
    ]);
    const byComponent = await report('period=1d&group_by=component');
    expect(byComponent.rows).toHaveLength(1);
    expect(byComponent.rows[0]).toMatchObject({ name: 'shop', checks: 2, failed: 12 });
  });

  it('reads whole months for a long period, the current month from its days', async () => {
    const sixMonthsAgo = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 6, 1));
    await server.pool.query(
      `insert into check_statuses_1mo (check_id, time, total, passed, failed, duration_sum, duration_min, duration_max)
       values ($1, $2, 1000, 900, 100, 200000, 100, 900)`,
      [ids['storefront'], sixMonthsAgo],
    );
    const body = await report('period=400d');
    expect(body.resolution).toBe('month');
    const storefront = body.rows.find((row) => row.name === 'storefront')!;
    expect(storefront.failed).toBe(100);
    expect(storefront.passed).toBe(900 + 96);
    expect(storefront.latency_max_ms).toBe(900);
    expect(storefront.windows).toEqual([{ start: sixMonthsAgo.toISOString(), end: expect.any(String), failed: 100, passed: 900 }]);
  });

  it('rolls the days of the last ended month into the monthly roll-up', async () => {
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 10));
    await server.pool.query(
      `insert into check_statuses (check_id, time, status, duration) select $1, $2::timestamptz + n * interval '1 hour', n % 5 <> 0, 50 from generate_series(0, 9) n`,
      [ids['orders-db'], lastMonth],
    );
    await checkStatusRetention(server.pool).run({}, { signal: new AbortController().signal, attempt: 1, logger: silentLogger() });
    const { rows } = await server.pool.query('select passed, failed from check_statuses_1mo where check_id = $1 and time = date_trunc($2, $3::timestamptz, $4)', [ids['orders-db'], 'month', lastMonth, 'UTC']);
    expect(rows).toEqual([{ passed: 8, failed: 2 }]);
  });

  it('answers CSV with formulas escaped, and a PDF showing the rows', async () => {
    const csv = await get('/api/reports/sla?period=1d&format=csv');
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="sla-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toBe('name,checks,uptime_percent,passed,failed,latency_avg_ms,latency_max_ms,downtime_seconds,budget_seconds,budget_burned_percent,budget_remaining_seconds,breached,downtime_windows');
    expect(lines[1]).toMatch(/^orders-db,1,87\.5,84,12,/);
    expect(lines.some((line) => line.startsWith(`"'=HYPERLINK(""http://evil"")"`))).toBe(true);

    const pdf = await get('/api/reports/sla?period=1d&format=pdf');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('SLA report');
    expect(text).toContain('orders-db');
    expect(text).toContain('87.500 %');
  });

  it('refuses what it cannot answer, saying what to change', async () => {
    const cases: [string, string][] = [
      ['period=6y', 'A report covers at most 5 years: choose a later from'],
      ['period=soon', "period must be a duration such as 7d, 30d or 365d, not 'soon'"],
      ['target=100', "target must be a percentage above 0 and below 100 such as 99.9, not '100'"],
      ['group_by=team', "group_by must be check, component or label:<key>, not 'team'"],
      ['format=xlsx', "format must be json, csv or pdf, not 'xlsx'"],
      ['from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', 'from must be before to'],
      ['limit=0', "limit must be a whole number from 1 to 10000, not '0'"],
      ['check=1', 'Unknown parameter check: give from, to, period, group_by, target, format or limit'],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/reports/sla?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    expect((await fetch(`${server.url}/api/reports/sla`)).status).toBe(401);
  });
});

describe('scheduled SLA reports', () => {
  const schedule = { name: 'Weekly', schedule: '@weekly', recipients: ['ops@example.com', 'lead@example.com'], report: { period: '7d', format: 'pdf', target: 99.5 } };

  async function post(body: unknown, token = editor): Promise<Response> {
    return fetch(`${server.url}/api/reports/sla/schedules`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  it('lets an editor schedule one, refuses a viewer and a schedule mailing more than hourly', async () => {
    expect((await post(schedule, viewer)).status).toBe(403);
    const often = await post({ ...schedule, schedule: '@every 5m' });
    expect(often.status).toBe(400);
    expect(((await often.json()) as { message: string }).message).toBe('"@every 5m" mails too often: a report is sent at most once an hour');
    const bad = await post({ ...schedule, recipients: ['ops@example.com', 'not an address'] });
    expect(((await bad.json()) as { message: string }).message).toBe('Not an email address: not an address');
  });

  it('mails the report to its recipients as a PDF when its job runs, and stops when deleted', async () => {
    const smtp = new TestSmtpServer();
    const smtpUrl = await smtp.start();
    try {
      const created = await post(schedule);
      expect(created.status).toBe(201);
      const saved = (await created.json()) as { id: string };
      const jobs = await server.pool.query('select task, schedule, payload from job_schedules where key = $1', [`sla-report:${saved.id}`]);
      expect(jobs.rows).toEqual([{ task: 'SlaReportMail', schedule: '@weekly', payload: { id: saved.id } }]);

      const job = slaReportMailJob(server.pool, { smtpUrl, smtpFrom: 'Pharos <pharos@example.com>' });
      const outcome = await job.run({ id: saved.id }, { signal: new AbortController().signal, attempt: 1, logger: silentLogger(), tick: new Date() });
      expect(outcome).toMatchObject({ successCount: 2 });
      const mail = await smtp.waitFor('lead@example.com');
      expect(mail.to.sort()).toEqual(['lead@example.com', 'ops@example.com']);
      expect(mail.subject).toBe('SLA report: Weekly');
      expect(mail.raw).toMatch(/filename=sla-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf/);
      expect(mail.raw).toContain('orders-db');
      const listed = (await (await get('/api/reports/sla/schedules')).json()) as { id: string; last_sent_at: string | null }[];
      expect(listed.find((entry) => entry.id === saved.id)?.last_sent_at).not.toBeNull();

      const removed = await fetch(`${server.url}/api/reports/sla/schedules/${saved.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${editor}` } });
      expect(removed.status).toBe(204);
      expect((await server.pool.query('select 1 from job_schedules where key = $1', [`sla-report:${saved.id}`])).rowCount).toBe(0);
      expect(await job.run({ id: saved.id }, { signal: new AbortController().signal, attempt: 1, logger: silentLogger() })).toMatchObject({ details: { summary: { skipped: 'the schedule was deleted' } } });
    } finally {
      await smtp.close();
    }
  });
});
