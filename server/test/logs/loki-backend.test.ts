import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLokiStandIn, type LokiStandIn, type LokiStream } from '../support/peers/loki-http.js';
import Fastify from 'fastify';
import { logsRoutes } from '../../src/logs/routes.js';
import { startTestServer, TEST_SECRETS, type TestServer } from '../support/server.js';
import { allPages, insertComponent, saveBackend, searchLogs, unique } from './helpers.js';

/**
 * Log backends of kind loki. Grafana Loki does not exist here (Debian's package named `loki` is an
 * unrelated genetics program), so these searches meet an honest stand-in of Loki's HTTP API on
 * loopback (server/test/support/peers/loki-http.ts): GET /loki/api/v1/query_range with LogQL
 * stream selectors and line filters, nanosecond start (inclusive) and end (exclusive), limit and
 * direction, basic auth and Loki's plain-text errors.
 */

let server: TestServer;
let admin: string;
let viewer: string;
let loki: LokiStandIn;
const NOW = Date.now();
const ns = (ms: number): bigint => BigInt(ms) * 1_000_000n;
const timeOf = (index: number): number => NOW - 3_600_000 + index * 1000;

function stream(labels: Record<string, string>, indices: number[], text: (index: number) => string): LokiStream {
  return { labels, entries: indices.map((index) => [ns(timeOf(index)), text(index)]) };
}

const evens = Array.from({ length: 100 }, (_, i) => i * 2);
const odds = Array.from({ length: 100 }, (_, i) => i * 2 + 1);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(['admin']);
  viewer = await server.tokenFor(['viewer']);
  loki = await startLokiStandIn({
    username: 'reader',
    password: 'loki-secret',
    slowMs: 30_000,
    streams: [
      stream({ app: 'api', level: 'info' }, evens, (i) => `GET /orders/${i} 200`),
      stream({ app: 'api', level: 'error' }, odds, (i) => `GET /orders/${i} 500 Upstream Timeout`),
      stream({ app: 'worker', level: 'info' }, evens, (i) => `job ${i} done`),
      // Two lines of one nanosecond in two streams, to page through ties.
      { labels: { app: 'ties', shard: 'a' }, entries: [[ns(NOW - 1000), 'tie a1'], [ns(NOW - 1000), 'tie a2'], [ns(NOW - 2000), 'older a']] },
      { labels: { app: 'ties', shard: 'b' }, entries: [[ns(NOW - 1000), 'tie b1']] },
      { labels: { app: 'slow', slow: 'true' }, entries: [[ns(NOW - 1000), 'eventually']] },
    ],
  });
});

afterAll(async () => {
  await loki?.close();
  await server?.close();
});

/** A backend through a saved http connection holding Loki's url and credentials. */
async function lokiBackend(extra: Record<string, unknown> = {}): Promise<string> {
  const connection = unique('loki-conn');
  const saved = await fetch(`${server.url}/api/connections`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: connection, type: 'http', url: loki.url, username: 'reader', password: 'loki-secret' }),
  });
  expect(saved.status).toBe(201);
  const backend = unique('loki');
  await saveBackend(server, admin, backend, { loki: { connection, ...extra } });
  return backend;
}

describe('loki log backend', () => {
  it("searches the component's streams newest first across streams, with their labels", async () => {
    const component = await insertComponent(server, [{ name: await lokiBackend(), type: 'loki', labels: { app: 'api' } }]);
    const { status, body } = await searchLogs(server, viewer, { id: component, start: '2h', limit: 3 });
    expect(status).toBe(200);
    expect(body.results).toEqual([
      { timestamp: new Date(timeOf(199)).toISOString(), message: 'GET /orders/199 500 Upstream Timeout', labels: { app: 'api', level: 'error' } },
      { timestamp: new Date(timeOf(198)).toISOString(), message: 'GET /orders/198 200', labels: { app: 'api', level: 'info' } },
      { timestamp: new Date(timeOf(197)).toISOString(), message: 'GET /orders/197 500 Upstream Timeout', labels: { app: 'api', level: 'error' } },
    ]);
    const sent = loki.requests.at(-1)!;
    expect(sent.get('query')).toBe('{app="api"}');
    expect(sent.get('direction')).toBe('backward');
    expect(sent.get('limit')).toBe('3');
  });

  it('matches text case-insensitively with a line filter, labels of the search too, within the time range', async () => {
    const component = await insertComponent(server, [{ name: await lokiBackend(), type: 'loki', labels: { app: 'api' } }]);
    const { body } = await searchLogs(server, viewer, { id: component, query: 'upstream timeout', labels: { level: 'error' }, start: new Date(timeOf(10)).toISOString(), end: new Date(timeOf(20)).toISOString(), limit: 100 });
    expect(body.results.map((line) => line.message)).toEqual([19, 17, 15, 13, 11].map((i) => `GET /orders/${i} 500 Upstream Timeout`));
    expect(loki.requests.at(-1)!.get('query')).toBe('{app="api", level="error"} |~ "(?i)upstream timeout"');
  });

  it('pages through every line once, lines of the same nanosecond included', async () => {
    const backend = await lokiBackend({ selector: '{app="ties"}' });
    const pages = await allPages(server, viewer, { name: backend, start: '1h', limit: 2 });
    expect(pages.flat().map((line) => line.message).sort()).toEqual(['older a', 'tie a1', 'tie a2', 'tie b1']);
    expect(pages.flat().at(-1)!.message).toBe('older a');
    const api = await allPages(server, viewer, { name: await lokiBackend({ selector: '{app="worker"}' }), start: '2h', limit: 30 });
    expect(api.flat().map((line) => line.message)).toEqual([...evens].reverse().map((i) => `job ${i} done`));
  });

  it("needs a stream selector, and answers 502 with Loki's own message when Loki refuses the query or cannot be reached", async () => {
    const bare = await searchLogs(server, viewer, { name: await lokiBackend() });
    expect(bare).toEqual({ status: 400, body: expect.objectContaining({ message: expect.stringContaining('Loki searches need a stream selector') }) });
    const refused = await searchLogs(server, viewer, { name: await lokiBackend({ selector: '{app=~".*"}' }) });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(/^Loki answered HTTP 400: parse error : queries require at least one regexp or equality matcher/);
    const wrongPassword = unique('loki-denied');
    await saveBackend(server, admin, wrongPassword, { loki: { url: loki.url, username: 'reader', password: 'wrong', selector: '{app="api"}' } });
    expect(await searchLogs(server, viewer, { name: wrongPassword })).toEqual({ status: 502, body: expect.objectContaining({ message: 'Loki answered HTTP 401: no org id' }) });
    const gone = unique('loki-gone');
    await saveBackend(server, admin, gone, { loki: { url: 'http://127.0.0.1:9', selector: '{app="api"}' } });
    const unreachable = await searchLogs(server, viewer, { name: gone });
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.message).toMatch(/^Loki at http:\/\/127\.0\.0\.1:9 cannot be reached: .*ECONNREFUSED/);
  });

  it("abandons Loki's request when the client goes away", async () => {
    const backend = await lokiBackend({ selector: '{app="slow"}' });
    const before = loki.abandoned;
    // A client that goes away: its socket closes before the answer.
    const client = request(`${server.url}/api/logs`, { method: 'POST', agent: false, headers: { authorization: `Bearer ${viewer}`, 'content-type': 'application/json' } });
    client.on('error', () => undefined);
    client.end(JSON.stringify({ name: backend, start: '1h' }));
    await sleep(500);
    expect(loki.abandoned).toBe(before);
    client.destroy();
    for (let i = 0; i < 50 && loki.abandoned === before; i++) await sleep(100);
    expect(loki.abandoned).toBe(before + 1);
  });

  it('gives a search up after its time with 504, abandoning the request to Loki', async () => {
    // The route on its own with a short deadline: the app's is 20 s.
    const app = Fastify();
    app.decorateRequest('caller', undefined);
    app.addHook('onRequest', async (request) => {
      request.caller = { personId: '00000000-0000-4000-8000-000000000000', roles: ['viewer'] };
    });
    await app.register(logsRoutes, { pool: server.pool, secrets: TEST_SECRETS, timeoutMs: 300 });
    try {
      const backend = await lokiBackend({ selector: '{app="slow"}' });
      const before = loki.abandoned;
      const response = await app.inject({ method: 'POST', url: '/api/logs', payload: { name: backend, start: '1h' } });
      expect(response.statusCode).toBe(504);
      expect(response.json()).toMatchObject({ message: 'The log search took longer than 0.3 s and was stopped: narrow the time range or the query' });
      for (let i = 0; i < 50 && loki.abandoned === before; i++) await sleep(100);
      expect(loki.abandoned).toBe(before + 1);
    } finally {
      await app.close();
    }
  });
});
