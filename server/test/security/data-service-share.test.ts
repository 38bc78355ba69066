import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawFetch, uniqueSuffix, type RestErrorBody } from '../rest/helpers.js';
import { seedCompleteGraph } from '../support/config-graph.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';

/**
 * Anyone may register and become a viewer, so many viewer accounts sending the costliest reads
 * allowed must not take the whole data service: all viewers together hold at most their share of
 * its connections (PHAROS_DB_VIEWER_SHARE, half by default), and the rest wait their turn, while
 * an administrator's or a responder's read is admitted at once and health answers. Health asks the
 * database on a connection of its own, so it never waits in line behind the server's pool.
 */

const sfx = uniqueSuffix();
const GRAPH_TYPE = `Share::${sfx}`;
/** A complete graph of this many configs: walking it 30 levels deep runs for minutes. */
const GRAPH_SIZE = 60;
/** Connections of the data service in this test (the test server's pool size). */
const POOL_SIZE = 10;
const VIEWERS = 10;
const READS_PER_VIEWER = 3;

let server: TestServer;
let startConfig: string;

const slowWalk = (): string => `rpc/related_configs_recursive?config_id=${startConfig}&max_depth=30`;

/** Statements of the slow walk PostgreSQL is running now. */
async function walksRunning(): Promise<number> {
  const { rows } = await server.pool.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and query like '%related_configs_recursive%' and pid <> pg_backend_pid()",
  );
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  // Statements are not cut short here, so the viewers' walks hold their connections until they go away.
  server = await startTestServer({ dataService: { statementTimeoutMs: 300_000, viewerSharePercent: 50 } });
  startConfig = await seedCompleteGraph(server.pool, GRAPH_TYPE, GRAPH_SIZE);
});

afterAll(async () => {
  await server?.pool.query('delete from configs where type = $1', [GRAPH_TYPE]);
  await server?.close();
});

describe('many viewers sending the costliest reads at once', () => {
  it('hold half the data service together, while an administrator, a responder and health are answered', async () => {
    const viewers = await Promise.all(Array.from({ length: VIEWERS }, () => server.tokenFor(['viewer'])));
    const [admin, responder] = await Promise.all([server.tokenFor(['admin']), server.tokenFor(['responder'])]);
    // Walks of other tests on this database end within their statement timeout; only this test's are counted.
    await until(walksRunning, (running) => running === 0, { timeoutMs: 30_000 });
    const hostile = new AbortController();
    const requests = viewers.flatMap((token) =>
      Array.from({ length: READS_PER_VIEWER }, () =>
        rawFetch(server, token, slowWalk(), { signal: hostile.signal }).then(
          (response) => response.status,
          () => 0,
        ),
      ),
    );
    try {
      // Twenty pass their own caller's limit (2 each); only the viewers' share of the pool runs.
      await until(walksRunning, (running) => running >= POOL_SIZE / 2, { timeoutMs: 30_000 });

      const read = await rawFetch(server, admin, 'incidents?select=id,title&limit=25');
      expect(read.status).toBe(200);
      const responderRead = await rawFetch(server, responder, 'configs?select=id,name&limit=5');
      expect(responderRead.status).toBe(200);
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);

      // The viewers' walks were running all along, never more than their share.
      expect(await walksRunning()).toBe(POOL_SIZE / 2);
    } finally {
      hostile.abort();
      await Promise.all(requests);
    }
    // Once the viewers are gone, their statements stop and the next viewer is served.
    await until(walksRunning, (running) => running === 0, { timeoutMs: 10_000 });
    const after = await rawFetch(server, viewers[0] ?? '', 'incidents?select=id&limit=1');
    expect(after.status).toBe(200);
  });

  it('answer 429 past the line all viewers share', async () => {
    const small = await startTestServer({ dataService: { statementTimeoutMs: 300_000, viewerSharePercent: 10, viewerQueue: 2 } });
    const hostile = new AbortController();
    const viewers = await Promise.all(Array.from({ length: 6 }, () => small.tokenFor(['viewer'])));
    // One runs (10 % of 10 connections) and two wait: of six viewers' walks, three are refused at once.
    const refusals: Response[] = [];
    const requests = viewers.map((token) =>
      fetch(`${small.url}/api/db/${slowWalk()}`, { headers: { authorization: `Bearer ${token}` }, signal: hostile.signal }).then(
        (response) => {
          if (response.status === 429) refusals.push(response);
          return response.status;
        },
        () => 0,
      ),
    );
    try {
      await until(async () => refusals.length, (count) => count === 3, { timeoutMs: 30_000 });
      // The line is full of walks that run for minutes: another viewer's read is refused too, however small.
      const late = await small.tokenFor(['viewer']);
      const refused = await fetch(`${small.url}/api/db/incidents?select=id&limit=1`, { headers: { authorization: `Bearer ${late}` } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
      const body = (await refused.json()) as RestErrorBody;
      expect(body.code).toBe('53300');
      expect(body.message).toContain('for all viewers together');
      expect(body.hint).toContain('PHAROS_DB_VIEWER_SHARE');
      // An administrator is not in that line.
      const admin = await small.tokenFor(['admin']);
      expect((await fetch(`${small.url}/api/db/incidents?select=id&limit=1`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(200);
    } finally {
      hostile.abort();
      await Promise.all(requests);
      await small.close();
    }
  });

  it('leave health a connection of its own: it answers while every connection of the server’s pool is taken', async () => {
    // What a burst of requests does to the server's pool while the database is loaded: each holds a connection for its lookups.
    const taken = await Promise.all(Array.from({ length: POOL_SIZE }, () => server.pool.connect()));
    try {
      expect(server.pool.idleCount).toBe(0);
      const health = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(20_000) });
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
    } finally {
      for (const client of taken) client.release();
    }
  });
});
