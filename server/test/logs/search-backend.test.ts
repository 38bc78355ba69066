import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLogSearchStandIn, type LogSearchStandIn } from '../support/peers/log-search-http.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { allPages, insertComponent, saveBackend, searchLogs, unique } from './helpers.js';

/**
 * Log backends of kind opensearch and elasticsearch. Neither can be installed here (no Debian
 * package, no download), so they meet an honest stand-in of the `_search` API on loopback
 * (server/test/support/peers/log-search-http.ts) that runs the bool/range/term/wildcard queries,
 * sort, size and from a log search sends, with basic auth and the engines' error shape.
 */

let server: TestServer;
let admin: string;
let viewer: string;
let search: LogSearchStandIn;
const NOW = Date.now();
const timeOf = (index: number): string => new Date(NOW - 3_600_000 + index * 1000).toISOString();
const doc = (index: number) => ({
  '@timestamp': timeOf(index),
  message: index % 4 === 0 ? `payment ${index} DECLINED by bank` : `payment ${index} accepted`,
  level: index % 4 === 0 ? 'warn' : 'info',
  kubernetes: { namespace: index % 2 === 0 ? 'shop' : 'billing' },
});

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(['admin']);
  viewer = await server.tokenFor(['viewer']);
  // Two daily indices: the older half in one, the newer in the other.
  search = await startLogSearchStandIn({
    username: 'elastic',
    password: 'search-secret',
    indices: {
      'logs-day1': Array.from({ length: 50 }, (_, i) => doc(i)),
      'logs-day2': Array.from({ length: 50 }, (_, i) => doc(i + 50)),
      other: [{ '@timestamp': timeOf(99), message: 'not a log of ours' }],
    },
  });
});

afterAll(async () => {
  await search?.close();
  await server?.close();
});

async function backendOf(kind: 'opensearch' | 'elasticsearch', extra: Record<string, unknown> = {}): Promise<string> {
  const name = unique(kind);
  await saveBackend(server, admin, name, {
    [kind]: { url: search.url, username: 'elastic', password: { value: 'search-secret' }, index: 'logs-*', fields: { message: 'message', labels: ['level', 'kubernetes.namespace'] }, ...extra },
  });
  return name;
}

describe.each(['opensearch', 'elasticsearch'] as const)('%s log backend', (kind) => {
  it('searches every index of the pattern newest first, with the label fields', async () => {
    const component = await insertComponent(server, [{ name: await backendOf(kind), type: kind }]);
    const { status, body } = await searchLogs(server, viewer, { id: component, start: '2h', limit: 2 });
    expect(status).toBe(200);
    expect(body.results).toEqual([
      { timestamp: timeOf(99), message: 'payment 99 accepted', labels: { level: 'info', 'kubernetes.namespace': 'billing' } },
      { timestamp: timeOf(98), message: 'payment 98 accepted', labels: { level: 'info', 'kubernetes.namespace': 'shop' } },
    ]);
    expect(search.bodies.at(-1)).toMatchObject({ size: 2, sort: [{ '@timestamp': { order: 'desc' } }] });
  });

  it('matches text case-insensitively, labels by term, the time range, and pages through each match once', async () => {
    const component = await insertComponent(server, [{ name: 'payments', backend: await backendOf(kind), labels: { 'kubernetes.namespace': 'shop' } }]);
    const pages = await allPages(server, viewer, { id: component, name: 'payments', query: 'declined BY', start: timeOf(20), end: timeOf(80), limit: 4 });
    expect(pages.flat().map((line) => line.message)).toEqual([80, 76, 72, 68, 64, 60, 56, 52, 48, 44, 40, 36, 32, 28, 24, 20].map((i) => `payment ${i} DECLINED by bank`));
    expect(pages.flat().every((line) => line.labels['kubernetes.namespace'] === 'shop' && line.labels['level'] === 'warn')).toBe(true);
  });

  it("answers 502 with the engine's own error", async () => {
    const missing = await backendOf(kind, { index: 'nope' });
    expect(await searchLogs(server, viewer, { name: missing })).toEqual({ status: 502, body: expect.objectContaining({ message: `${kind === 'opensearch' ? 'OpenSearch' : 'Elasticsearch'} answered HTTP 404: index_not_found_exception: no such index [nope]` }) });
    const denied = await backendOf(kind, { password: 'wrong' });
    const answer = await searchLogs(server, viewer, { name: denied });
    expect(answer.status).toBe(502);
    expect(answer.body.message).toMatch(/answered HTTP 401: security_exception: missing authentication credentials/);
  });
});
