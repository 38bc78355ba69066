import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { syncCanary } from '../../src/health/sync.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';

/**
 * Expression previews cannot take the server's capacity: a backtracking regular expression is
 * answered in linear time (RE2), previews run apart from checks and jobs so Run Now answers while
 * ten viewers keep the preview processes busy, one person gets a few previews at once and then 429,
 * and a preview whose client went away stops: its process is killed and its queue dropped.
 */

const BACKTRACKING = `"${'a'.repeat(40)}!".matches("^(a+)+$")`;
/** A filter that runs until a time limit stops it. */
const SLOW = 'lists.range(20000).map(x, lists.range(20000).map(y, x * y).size()).size() > 0';

let target: Server;
let targetUrl: string;
let sandbox: ExpressionSandbox;
let server: TestServer;
let admin: string;
let checkId: string;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  at: number;
}

async function preview(token: string, filter: string, signal?: AbortSignal, on: TestServer = server): Promise<Answer> {
  const response = await fetch(`${on.url}/api/notifications/silences/preview`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ filter }),
    ...(signal ? { signal } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, at: performance.now() };
}

async function runNow(): Promise<Answer> {
  const response = await fetch(`${server.url}/api/canary/run/check/${checkId}`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, at: performance.now() };
}

/** `count` configs that each had a send in the last days: the resources a preview matches its filter against. */
async function seedSends(prefix: string, count: number, on: TestServer = server): Promise<void> {
  const { rows } = await on.pool.query<{ id: string }>(`insert into notifications (name, title, events) values ($1, $1, '{config.unhealthy}') returning id`, [prefix]);
  await on.pool.query(
    `with made as (insert into configs (name, type, health) select $2 || g, 'Test::Preview', 'unhealthy' from generate_series(1, $3) g returning id, name)
     insert into notification_send_history (notification_id, status, source_event, resource_id, resource_type, resource_name, recipient)
     select $1, 'sent', 'config.unhealthy', id, 'config', name, 'ops@example.com' from made`,
    [rows[0]!.id, prefix, count],
  );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  target = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox });
  admin = await server.tokenFor(['admin']);
  const applied = await fetch(`${server.url}/api/apply`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/yaml' },
    body: `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: capacity-probe
spec:
  schedule: "@every 1h"
  http:
    - name: capacity-probe
      url: ${targetUrl}/
      test:
        expr: "code == 200"
`,
  });
  expect(applied.status, await applied.clone().text()).toBe(200);
  const { rows: canaries } = await server.pool.query<{ id: string }>(`select id from canaries where name = 'capacity-probe'`);
  // The engine makes a canary's checks from its spec; this file runs no engine.
  await syncCanary(server.pool, canaries[0]!.id);
  const { rows } = await server.pool.query<{ id: string }>('select id from checks where canary_id = $1', [canaries[0]!.id]);
  checkId = rows[0]!.id;
  await seedSends('capacity-', 1);
});

afterAll(async () => {
  await server?.close();
  await sandbox?.close();
  await new Promise((resolve) => target?.close(resolve));
});

describe('expression previews and the rest of the server', () => {
  it('answer a backtracking regular expression for ten viewers at once, and Run Now meanwhile', async () => {
    const viewers = await Promise.all(Array.from({ length: 10 }, () => server.tokenFor(['viewer'])));
    const [run, ...answers] = await Promise.all([runNow(), ...viewers.map((viewer) => preview(viewer, `!${BACKTRACKING}`))]);
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body['matches']).toBe(1);
    }
    expect(run!.status, JSON.stringify(run!.body)).toBe(200);
    expect(run!.body['status']).toBe('healthy');
  }, 120_000);

  it('keep previews apart from scheduled work: Run Now answers while ten viewers wait for theirs', async () => {
    const viewers = await Promise.all(Array.from({ length: 10 }, () => server.tokenFor(['viewer'])));
    const previews = viewers.map((viewer) => preview(viewer, SLOW));
    // Once the preview process is busy with the first of them, the other nine queue behind it.
    await until(async () => sandbox.activity.interactive.busy.length, (count) => count > 0, { timeoutMs: 30_000 });
    const run = await runNow();
    const answers = await Promise.all(previews);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body['status']).toBe('healthy');
    expect(answers.filter((answer) => answer.at > run.at).length).toBeGreaterThanOrEqual(5);
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body['message']).toMatch(/^filter: the expression took longer than \d+ ms and was stopped$/);
    }
  }, 180_000);

  it('give one person a few previews at once, then 429 with what to do', async () => {
    const viewer = await server.tokenFor(['viewer']);
    const answers = await Promise.all(Array.from({ length: 6 }, () => preview(viewer, SLOW)));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const answer of refused) expect(answer.body['message']).toBe('Too many expression previews at once; wait for the ones running to finish');
    expect(answers.filter((answer) => answer.status === 400).length).toBeGreaterThanOrEqual(1);
    // Once those are done, the same person previews again.
    expect((await preview(viewer, 'true')).status).toBe(200);
  }, 180_000);
});

describe('a preview whose client went away', () => {
  /** A time limit far beyond the test's, so that only the client going away can end the evaluation. */
  let patient: ExpressionSandbox;
  let own: TestServer;

  beforeAll(async () => {
    patient = new ExpressionSandbox({ timeoutMs: 120_000 });
    own = await startTestServer({ sandbox: patient });
    await seedSends('patient-', 1, own);
  });

  afterAll(async () => {
    await own?.close();
    await patient?.close();
  });

  it('stops: the process evaluating it is killed and the preview queued behind it is dropped', async () => {
    const running = new AbortController();
    const waiting = new AbortController();
    const first = preview(await own.tokenFor(['viewer']), SLOW, running.signal, own).catch((error: unknown) => error);
    const [pid] = await until(async () => patient.activity.interactive.busy, (busy) => busy.length > 0, { timeoutMs: 30_000 });
    const second = preview(await own.tokenFor(['viewer']), SLOW, waiting.signal, own).catch((error: unknown) => error);
    await until(async () => patient.activity.interactive.queued, (queued) => queued > 0, { timeoutMs: 30_000 });

    waiting.abort();
    expect(await second).toBeInstanceOf(Error);
    await until(async () => patient.activity.interactive.queued, (queued) => queued === 0, { timeoutMs: 15_000 });
    expect(alive(pid!)).toBe(true);

    running.abort();
    expect(await first).toBeInstanceOf(Error);
    await until(async () => alive(pid!), (still) => !still, { timeoutMs: 15_000 });
    expect(patient.activity.interactive).toEqual({ busy: [], queued: 0 });
    // The next preview is served by a fresh process.
    expect((await preview(await own.tokenFor(['viewer']), 'true', undefined, own)).status).toBe(200);
  }, 120_000);

  it('is dropped with the others still waiting when the server closes, instead of holding the close', async () => {
    const closing = new ExpressionSandbox({ timeoutMs: 120_000 });
    const doomed = await startTestServer({ sandbox: closing });
    try {
      await seedSends('closing-', 1, doomed);
      const previews = await Promise.all(Array.from({ length: 4 }, () => doomed.tokenFor(['viewer'])));
      const answers = previews.map((viewer) => preview(viewer, SLOW, undefined, doomed).catch((error: unknown) => error));
      await until(async () => closing.activity.interactive, (activity) => activity.busy.length > 0 && activity.queued > 0, { timeoutMs: 30_000 });
      await doomed.close();
      for (const answer of await Promise.all(answers)) expect(answer instanceof Error || (answer as Answer).status !== 200).toBe(true);
    } finally {
      await closing.close();
    }
  }, 60_000);
});
