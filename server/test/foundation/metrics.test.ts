import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor([]);
});

afterAll(async () => {
  await server?.close();
});

async function metrics(): Promise<string> {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of the sample with exactly this name and labels, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('needs a signed-in caller or a token, also under another spelling of the path', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/%6detrics`)).status).toBe(401);
  });

  it('counts requests by route pattern and status, with their durations', async () => {
    const series = 'pharos_http_requests_total{method="GET",route="/api/health",status="200"}';
    const before = sample(await metrics(), series) ?? 0;
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const text = await metrics();
    expect(sample(text, series)).toBe(before + 3);
    expect(sample(text, 'pharos_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}')).toBeGreaterThanOrEqual(3);
    // A data service read is labelled with its pattern, not the relation asked for.
    await fetch(`${server.url}/api/db/incidents?limit=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(await metrics()).toContain('route="/api/db/:relation",status="200"');
  });

  it('labels unknown paths as unmatched, so scanners cannot grow the series', async () => {
    const probe = `/api/nothing-here-${randomUUID()}`;
    expect((await fetch(`${server.url}${probe}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
    const text = await metrics();
    expect(text).not.toContain(probe);
    expect(text).toContain('route="unmatched",status="404"');
  });

  it('reports the connections of both database pools and the process', async () => {
    const text = await metrics();
    for (const pool of ['main', 'data']) {
      for (const state of ['total', 'idle', 'waiting']) {
        expect(sample(text, `pharos_db_pool_connections{pool="${pool}",state="${state}"}`)).toBeGreaterThanOrEqual(0);
      }
    }
    expect(sample(text, 'pharos_db_pool_connections{pool="main",state="total"}')).toBeGreaterThan(0);
    expect(text).toContain('pharos_process_cpu_seconds_total');
  });

  it('reports the depth of the event queue', async () => {
    const series = 'pharos_event_queue_depth{state="failed"}';
    const before = sample(await metrics(), series) ?? 0;
    await server.pool.query("insert into event_queue (name, error, attempts, last_attempt) values ('test.metrics', 'it broke', 1, now())");
    expect(sample(await metrics(), series)).toBe(before + 1);
    expect(sample(await metrics(), 'pharos_event_queue_depth{state="pending"}')).toBeGreaterThanOrEqual(0);
  });
});
