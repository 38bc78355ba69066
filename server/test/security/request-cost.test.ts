import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawFetch, uniqueSuffix, type RestErrorBody } from '../rest/helpers.js';
import { seedCompleteGraph } from '../support/config-graph.js';
import { browser } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * One signed-in viewer must not be able to stop the service: oversized queries are refused at
 * once with a 400 naming the limit, a slow query is cut by the statement timeout, a query whose
 * client went away stops running in PostgreSQL, one caller gets only a few connections at a time,
 * and health, sign-in and other people's reads answer while that caller hammers the data service.
 */

const sfx = uniqueSuffix();
const GRAPH_TYPE = `Cost::${sfx}`;
/** A complete graph of this many configs makes the recursive walk below run for many seconds. */
const GRAPH_SIZE = 60;
/** Statement timeout of the server most tests use; the slow walk runs far longer. */
const TIMEOUT_MS = 1_500;
/** A request that waited this long was queued behind the hammering caller's walks, not answered at once. */
const QUEUE_WAIT_MS = 10_000;

let server: TestServer;
let viewer: string;
let startConfig: string;

/** An allowed read that PostgreSQL needs seconds to minutes for: a deep walk over a dense graph. */
const slowWalk = (): string => `rpc/related_configs_recursive?config_id=${startConfig}&max_depth=30`;

/** `levels` embeds inside one another: incidents → created_by → teams → created_by → … */
function nestedSelect(levels: number): string {
  let select = 'id';
  for (let level = levels; level >= 1; level--) select = `id,${level % 2 === 1 ? 'created_by' : 'teams!team_members'}(${select})`;
  return select;
}

function wideSelect(embeds: number): string {
  return ['id', ...Array.from({ length: embeds }, (_, i) => `e${i}:created_by(id)`)].join(',');
}

async function timed(request: Promise<Response>): Promise<{ response: Response; ms: number }> {
  const start = performance.now();
  const response = await request;
  return { response, ms: performance.now() - start };
}

async function expectLimit(path: string, limit: string, value: number): Promise<void> {
  const { response, ms } = await timed(rawFetch(server, viewer, path));
  const body = (await response.json()) as RestErrorBody;
  expect(response.status).toBe(400);
  expect(body).toMatchObject({ code: 'PGRST100', details: `At most ${value} allowed` });
  expect(body.message).toContain(`${limit} = ${value}`);
  expect(typeof body.hint).toBe('string');
  expect(ms).toBeLessThan(1_000);
}

/** Whether a slow walk runs in this file's database (other files' databases run their own). */
async function walkRunning(): Promise<boolean> {
  const { rows } = await server.pool.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and query like '%related_configs_recursive%' and pid <> pg_backend_pid()",
  );
  return (rows[0]?.n ?? 0) > 0;
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

beforeAll(async () => {
  server = await startTestServer({ dataService: { statementTimeoutMs: TIMEOUT_MS } });
  viewer = await server.tokenFor(['viewer']);
  startConfig = await seedCompleteGraph(server.pool, GRAPH_TYPE, GRAPH_SIZE);
});

afterAll(async () => {
  await server?.close();
});

describe('oversized queries are refused before they run', () => {
  it.each([12, 14])('%i levels of embeds through created_by and teams answer 400 at once', async (levels) => {
    await expectLimit(`incidents?select=${nestedSelect(levels)}&limit=1`, 'embedDepth', 6);
  });

  it('6 levels, the limit, are still answered', async () => {
    const response = await rawFetch(server, viewer, `incidents?select=${nestedSelect(6)}&limit=1`);
    expect(response.status).toBe(200);
  });

  it('300 flat embeds answer 400 at once', async () => {
    await expectLimit(`incidents?select=${wideSelect(300)}&limit=1`, 'embedCount', 20);
  });

  it('a select of 5,000 nested parentheses answers 400, not a stack overflow', async () => {
    await expectLimit(`incidents?select=${'a('.repeat(5_000)}id${')'.repeat(5_000)}`, 'embedDepth', 6);
  });

  it('150 columns in select answer 400', async () => {
    await expectLimit(`incidents?select=${Array.from({ length: 150 }, () => 'id').join(',')}`, 'selectItems', 100);
  });

  it('an or of 150 filters answers 400', async () => {
    const filters = Array.from({ length: 150 }, (_, i) => `title.eq.t${i}`).join(',');
    await expectLimit(`incidents?or=(${filters})`, 'conditions', 100);
  });

  it('and/or nested 9 deep answers 400', async () => {
    let tree = 'title.eq.x';
    for (let level = 0; level < 8; level++) tree = `${level % 2 === 0 ? 'and' : 'or'}(${tree},title.eq.y)`;
    await expectLimit(`incidents?or=(${tree})`, 'logicDepth', 8);
  });

  it('an answer over 10 MB is refused with a 400 naming the limit, and stays in the database', async () => {
    await server.pool.query("insert into configs (name, type, labels) values ('cost-big', $1, jsonb_build_object('big', repeat('x', 11000000)))", [GRAPH_TYPE]);
    const { response, ms } = await timed(rawFetch(server, viewer, `configs?select=name,labels&type=eq.${encodeURIComponent(GRAPH_TYPE)}&name=eq.cost-big`));
    const body = (await response.json()) as RestErrorBody;
    expect(response.status).toBe(400);
    expect(body.message).toContain('answerBytes = 10000000');
    expect(body.details).toBe('It would be 11.0 MB');
    expect(ms).toBeLessThan(TIMEOUT_MS);
    const small = await rawFetch(server, viewer, `configs?select=name&type=eq.${encodeURIComponent(GRAPH_TYPE)}&name=eq.cost-big`);
    expect(await small.json()).toEqual([{ name: 'cost-big' }]);
  });

  it('the limit counts the filters of every tree together', async () => {
    const tree = Array.from({ length: 33 }, (_, i) => `title.eq.t${i}`).join(',');
    await expectLimit(`incidents?or=(${tree})&and=(${tree})&not.or=(${tree})&description=neq.x`, 'conditions', 100);
  });
});

describe('a slow allowed read', () => {
  it('is cut by the statement timeout with an error that says so', async () => {
    const { response, ms } = await timed(rawFetch(server, viewer, slowWalk()));
    const body = (await response.json()) as RestErrorBody;
    expect(response.status).toBe(504);
    expect(body.code).toBe('57014');
    expect(body.message).toBe(`The query ran longer than the statement timeout (${TIMEOUT_MS / 1000} s) and was cancelled`);
    expect(body.hint).toContain('PHAROS_STATEMENT_TIMEOUT');
    expect(ms).toBeLessThan(TIMEOUT_MS + 2_000);
    expect(await waitUntil(async () => !(await walkRunning()), 5_000)).toBe(true);
  });

  it('stops running in PostgreSQL when its client goes away', async () => {
    const patient = await startTestServer({ dataService: { statementTimeoutMs: 120_000 } });
    try {
      const token = await patient.tokenFor(['viewer']);
      const abort = new AbortController();
      const request = fetch(`${patient.url}/api/db/${slowWalk()}`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal }).catch(
        (error: unknown) => error,
      );
      expect(await waitUntil(walkRunning, 30_000)).toBe(true);
      abort.abort();
      await request;
      const stopped = await waitUntil(async () => !(await walkRunning()), 20_000);
      expect(stopped).toBe(true);
    } finally {
      await patient.close();
    }
  });
});

describe('one caller hammering the data service', () => {
  it('gets a few requests at a time, a bounded queue, then 429', async () => {
    // Walks that outlast the test: the queue stays full for as long as the test looks at it.
    const patient = await startTestServer({ dataService: { statementTimeoutMs: 120_000 } });
    const hostile = new AbortController();
    try {
      const token = await patient.tokenFor(['viewer']);
      let firstRefusal = (): void => undefined;
      const queueFull = new Promise<void>((resolve) => (firstRefusal = resolve));
      const requests = Array.from({ length: 23 }, () =>
        rawFetch(patient, token, slowWalk(), { signal: hostile.signal }).then(
          (response) => {
            if (response.status === 429) firstRefusal();
            return response.status;
          },
          () => 0,
        ),
      );
      // 2 run and 20 wait: the 23rd is turned away, and so is the next one, at once.
      await queueFull;
      const refused = await timed(rawFetch(patient, token, 'incidents?select=id&limit=1', { signal: AbortSignal.timeout(QUEUE_WAIT_MS) }));
      const body = (await refused.response.json()) as RestErrorBody;
      expect(refused.response.status).toBe(429);
      expect(refused.response.headers.get('retry-after')).toBe('1');
      expect(body.code).toBe('53300');
      expect(body.message).toContain('at most 2 running and 20 waiting');

      // Another person is not held up by that queue.
      const other = await patient.tokenFor(['viewer']);
      const read = await timed(rawFetch(patient, other, 'incidents?select=id,title&limit=25', { signal: AbortSignal.timeout(QUEUE_WAIT_MS) }));
      expect(read.response.status).toBe(200);

      hostile.abort();
      expect((await Promise.all(requests)).filter((status) => status !== 0)).toEqual([429]);
      // Once the client is gone, queued requests leave the queue and running ones are cancelled.
      expect(await waitUntil(async () => !(await walkRunning()), 20_000)).toBe(true);
      const after = await rawFetch(patient, token, 'incidents?select=id&limit=1');
      expect(after.status).toBe(200);
    } finally {
      hostile.abort();
      await patient.close();
    }
  });

  it('leaves health, sign-in and other people’s reads responsive while 20 hostile requests run', async () => {
    const hostile = new AbortController();
    const paths = [slowWalk(), `incidents?select=${nestedSelect(14)}`, `incidents?select=${wideSelect(300)}`, `incidents?select=${nestedSelect(6)}`];
    const requests = Array.from({ length: 20 }, (_, i) =>
      rawFetch(server, viewer, paths[i % paths.length] ?? '', { signal: hostile.signal }).then(
        (response) => response.status,
        () => 0,
      ),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const other = await server.tokenFor(['viewer']);
      for (let round = 0; round < 3; round++) {
        const health = await timed(fetch(`${server.url}/api/health`));
        expect(health.response.status).toBe(200);
        expect(health.ms).toBeLessThan(1_000);

        const whoami = await timed(fetch(`${server.url}/api/auth/whoami`, { headers: { authorization: `Bearer ${other}` } }));
        expect(whoami.response.status).toBe(200);
        expect(whoami.ms).toBeLessThan(2_000);

        const start = performance.now();
        const flow = await browser(server).api.createBrowserLoginFlow();
        expect(flow.id).toBeTruthy();
        expect(performance.now() - start).toBeLessThan(2_000);

        const read = await timed(rawFetch(server, other, 'incidents?select=id,title,created_by(id,name)&order=created_at.desc&limit=25'));
        expect(read.response.status).toBe(200);
        expect(read.ms).toBeLessThan(2_000);
      }
    } finally {
      hostile.abort();
      await Promise.all(requests);
    }
  });
});
