import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASHED_ACTION_ERROR } from '../../src/playbooks/run-engine.js';
import { fileForCommands, folderForCommands } from '../support/commands-folder.js';
import { startEngineProcess, type EngineProcess } from '../support/engine-processes.js';
import { freshDatabase, startTestServer, type FreshDatabase, type TestServer } from '../support/server.js';

/**
 * A server process killed (SIGKILL) in the middle of an action loses nothing: another process finds
 * the action it left running, retries it when the action has `retry` or fails it with the reason, and
 * the run goes on. Real processes (support/playbook-engine-process.ts) with the real PlaybookRun job.
 */

const SCRIPT = fileURLToPath(new URL('../support/playbook-engine-process.ts', import.meta.url));

let database: FreshDatabase;
let server: TestServer;
let token: string;
let dir: string;
const processes: EngineProcess[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({}, database.url);
  token = await server.tokenFor(['admin']);
  dir = await folderForCommands('pharos-playbook-crash-');
  await fileForCommands(path.join(dir, 'pids'));
});

afterAll(async () => {
  await Promise.all(processes.map((engine) => engine.kill()));
  // The scripts the killed process started were left running, as on a real machine.
  const pids = await readFile(path.join(dir, 'pids'), 'utf8').catch(() => '');
  for (const pid of pids.split('\n').filter(Boolean)) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await server?.close();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function playbook(name: string, actions: unknown[]): Promise<string> {
  const { rows } = await server.pool.query<{ id: string }>(`insert into playbooks (name, title, spec) values ($1, $1, $2) returning id`, [name, JSON.stringify({ actions })]);
  return rows[0]!.id;
}

async function start(id: string): Promise<string> {
  const response = await fetch(`${server.url}/api/playbook/run`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ id }) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { run_id: string }).run_id;
}

interface ActionRow {
  name: string;
  status: string;
  error: string | null;
  retry_count: number;
  result: { stdout?: string } | null;
}

async function actions(runId: string): Promise<ActionRow[]> {
  const { rows } = await server.pool.query<ActionRow>('select name, status, error, retry_count, result from playbook_run_actions where playbook_run_id = $1 order by created_at', [runId]);
  return rows;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a server killed mid-action', () => {
  it('leaves its action to another process, which retries it or fails it with the reason, and the run goes on', async () => {
    const pids = path.join(dir, 'pids');
    // The test's own file, which outlives the runs' users (what they leave is removed with them).
    const started = await fileForCommands(path.join(dir, 'started'));
    const retried = await playbook('retried', [
      { name: 'work', retry: { limit: 1, duration: '0s' }, exec: { script: `if [ -s ${started} ]; then echo resumed; else echo started > ${started}; echo $$ >> ${pids}; sleep 60; fi` } },
    ]);
    const failing = await playbook('failing', [
      { name: 'work', exec: { script: `echo $$ >> ${pids}; sleep 60` } },
      { name: 'report', if: 'always()', exec: { script: 'echo reported' } },
    ]);

    processes.push(await startEngineProcess(database.url, 'first', SCRIPT));
    const [retriedRun, failingRun] = [await start(retried), await start(failing)];
    for (const run of [retriedRun, failingRun]) await until(() => actions(run), (rows) => rows[0]?.status === 'running');
    // Both scripts are under way (each wrote its pid) before their server dies.
    await until(() => readFile(pids, 'utf8'), (text) => text.trim().split('\n').filter(Boolean).length === 2);
    await processes[0]!.kill();

    processes.push(await startEngineProcess(database.url, 'second', SCRIPT));
    const status = (run: string) => server.pool.query<{ status: string; error: string | null }>('select status, error from playbook_runs where id = $1', [run]).then(({ rows }) => rows[0]!);
    expect(await until(() => status(retriedRun), (run) => run.status === 'completed')).toEqual({ status: 'completed', error: null });
    expect(await actions(retriedRun)).toEqual([{ name: 'work', status: 'completed', error: null, retry_count: 1, result: expect.objectContaining({ stdout: 'resumed' }) }]);

    expect(await until(() => status(failingRun), (run) => run.status === 'failed')).toEqual({ status: 'failed', error: `work: ${CRASHED_ACTION_ERROR}` });
    expect((await actions(failingRun)).map(({ name, status: state, error }) => [name, state, error])).toEqual([
      ['work', 'failed', CRASHED_ACTION_ERROR],
      ['report', 'completed', null],
    ]);
  });
});
