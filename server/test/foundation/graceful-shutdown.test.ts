import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { exited } from '../support/cli.js';
import { startServeProcess, type ServeProcess } from '../support/serve-process.js';
import { until } from '../support/until.js';

/**
 * SIGTERM to `pharos serve` in its own process while a request is running: the request is answered,
 * then the process exits 0; a request that never ends holds the exit only until PHAROS_SHUTDOWN_TIMEOUT.
 * The long request is Run Now of an HTTP check whose target (a server of the test) answers when told.
 */

interface HeldTarget {
  url: string;
  /** Responses held back since `hold()`; requests before it are answered at once. */
  held: ServerResponse[];
  /** How many requests were answered at once. */
  answered(): number;
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

async function heldTarget(): Promise<HeldTarget> {
  let holding = false;
  let answered = 0;
  const held: ServerResponse[] = [];
  const server = createServer((_request, response) => {
    if (holding) held.push(response);
    else {
      answered += 1;
      response.writeHead(200).end('ok');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/held`,
    held,
    answered: () => answered,
    hold: () => (holding = true),
    release: () => {
      holding = false;
      for (const response of held.splice(0)) response.writeHead(200).end('late but fine');
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

let serve: ServeProcess | undefined;
let target: HeldTarget | undefined;

afterEach(async () => {
  target?.release();
  await serve?.stop();
  await target?.close();
});

/** A canary with one HTTP check on the target, whose first scheduled run is over; answers the check's id. */
async function checkOnTarget(server: ServeProcess, target: HeldTarget): Promise<string> {
  const { url } = target;
  const token = await server.tokenFor(['admin']);
  const yaml = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: held
spec:
  schedule: "@every 24h"
  http:
    - name: held-target
      url: ${url}
`;
  const applied = await fetch(`${server.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' }, body: yaml });
  expect(applied.status, await applied.clone().text()).toBe(200);
  const check = await until(
    () => server.pool.query<{ id: string }>("select id from checks where name = 'held-target' and deleted_at is null"),
    (result) => result.rows.length === 1,
  );
  // A new schedule runs at once, then a day later: once that first run reached the target, only Run Now will.
  await until(async () => target.answered(), (count) => count >= 1);
  return check.rows[0]!.id;
}

function runNow(server: ServeProcess, checkId: string, token: string): Promise<Response> {
  return fetch(`${server.url}/api/canary/run/check/${checkId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
}

describe('pharos serve on SIGTERM', () => {
  it('answers the request in progress, then exits 0', async () => {
    target = await heldTarget();
    serve = await startServeProcess({ LOG_LEVEL: 'info', PHAROS_SHUTDOWN_TIMEOUT: '60' });
    const running = serve;
    const checkId = await checkOnTarget(running, target);
    const token = await running.tokenFor(['admin']);
    target.hold();
    const answer = runNow(running, checkId, token);
    const held = target;
    await until(async () => held.held.length, (count) => count === 1);

    running.cli.child.kill('SIGTERM');
    await until(async () => running.cli.stdout(), (out) => out.includes('SIGTERM received: shutting down'));
    expect(running.alive()).toBe(true);
    held.release();

    const response = await answer;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'healthy' });
    expect(await exited(running.cli.child, 30_000)).toBe(0);
  });

  it('lets a scheduled check run in progress finish and record its result, then exits 0', async () => {
    target = await heldTarget();
    serve = await startServeProcess({ LOG_LEVEL: 'info', PHAROS_SHUTDOWN_TIMEOUT: '60' });
    const running = serve;
    const held = target;
    // A new canary's schedule runs at once: that run, a job, is the one held.
    held.hold();
    const token = await running.tokenFor(['admin']);
    const yaml = `apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: held-job\nspec:\n  schedule: "@every 24h"\n  http:\n    - name: held-job-target\n      url: ${held.url}\n`;
    const applied = await fetch(`${running.url}/api/apply`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/yaml' }, body: yaml });
    expect(applied.status, await applied.clone().text()).toBe(200);
    await until(async () => held.held.length, (count) => count === 1);

    running.cli.child.kill('SIGTERM');
    await until(async () => running.cli.stdout(), (out) => out.includes('SIGTERM received: shutting down'));
    held.release();

    expect(await exited(running.cli.child, 30_000)).toBe(0);
    const { rows } = await running.pool.query<{ status: boolean }>(
      "select s.status from check_statuses s join checks c on c.id = s.check_id where c.name = 'held-job-target'",
    );
    expect(rows).toEqual([{ status: true }]);
  });

  it('exits 1 once PHAROS_SHUTDOWN_TIMEOUT has passed with a request still running, saying what it waited for', async () => {
    target = await heldTarget();
    serve = await startServeProcess({ LOG_LEVEL: 'info', PHAROS_SHUTDOWN_TIMEOUT: '2' });
    const running = serve;
    const checkId = await checkOnTarget(running, target);
    const token = await running.tokenFor(['admin']);
    target.hold();
    const answer = runNow(running, checkId, token).catch((error: unknown) => error);
    const held = target;
    await until(async () => held.held.length, (count) => count === 1);

    running.cli.child.kill('SIGTERM');
    expect(await exited(running.cli.child, 30_000)).toBe(1);
    expect(running.cli.stdout()).toContain('shutdown: still waiting for http after 2 s (PHAROS_SHUTDOWN_TIMEOUT): exiting');
    await answer;
  });
});
