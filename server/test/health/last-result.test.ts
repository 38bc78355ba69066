import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { databaseReader, type DatabaseReader } from '../support/database-reader.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { latestResults, saveCanary, type CheckResult } from './canary-runs.js';

/**
 * `last_result`, a check's previous run, as canary-checker's checks see it: in a sql query and a
 * folder's `filter.since` (Go templates rendered before the run) and as `last_result()` in CEL. Each
 * check is run with Run Now (POST /api/canary/run/check/:id), one run after another.
 */

let server: TestServer;
let sandbox: ExpressionSandbox;
let token: string;
let reader: DatabaseReader;
const folders: string[] = [];

beforeAll(async () => {
  sandbox = new ExpressionSandbox();
  server = await startTestServer({ sandbox });
  token = await server.tokenFor(['admin']);
  reader = await databaseReader(inject('databaseUrl'));
}, 60_000);

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  await server?.close();
  await sandbox?.close();
});

/** A canary of one check, saved and synced: its id and its check's. */
async function saveCheck(type: string, check: Record<string, unknown>): Promise<{ canaryId: string; checkId: string }> {
  const canaryId = await saveCanary(server, `last-result-${type}-${Date.now()}`, { [type]: [check] });
  const { rows } = await server.pool.query<{ id: string }>('select id from checks where canary_id = $1', [canaryId]);
  return { canaryId, checkId: rows[0]!.id };
}

/** Runs the check with Run Now and answers its result as written. */
async function runNow(check: { canaryId: string; checkId: string }, name: string): Promise<CheckResult> {
  const response = await fetch(`${server.url}/api/canary/run/check/${check.checkId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await latestResults(server, check.canaryId))[name]!;
}

async function emptyFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'pharos-last-result-'));
  folders.push(folder);
  return folder;
}

/** A file modified at `time` (ms). */
async function writeFileAt(folder: string, name: string, time: number): Promise<void> {
  await writeFile(path.join(folder, name), name);
  await utimes(path.join(folder, name), time / 1000, time / 1000);
}

describe('last_result', () => {
  it('a postgres query templated over the previous run\'s rows counts up from one run to the next', async () => {
    const check = await saveCheck('postgres', {
      name: 'counter',
      url: reader.url,
      username: { value: reader.username },
      password: { value: reader.password },
      query: 'select {{ if last_result.results.rows }}{{ (index last_result.results.rows 0).n }} + 1{{ else }}1{{ end }} as n, \'{{ last_result.message }}\' as previous',
    });
    const first = await runNow(check, 'counter');
    expect(first).toMatchObject({ status: true, detail: { rows: [{ n: 1, previous: '' }] } });
    const second = await runNow(check, 'counter');
    expect(second).toMatchObject({ status: true, detail: { rows: [{ n: 2, previous: '1 row' }] } });
    expect((await runNow(check, 'counter')).detail).toMatchObject({ rows: [{ n: 3 }] });
  });

  it('a folder\'s filter.since templated over the previous run lists only the files newer than its newest', async () => {
    const folder = await emptyFolder();
    const start = Date.now() - 3_600_000;
    await writeFileAt(folder, 'first.log', start);
    const check = await saveCheck('folder', {
      name: 'new files',
      path: folder,
      filter: { since: '{{ if last_result.results.newest }}{{ last_result.results.newest.modified }}{{ else }}now-1d{{ end }}' },
    });
    expect((await runNow(check, 'new files')).detail).toMatchObject({ count: 1, files: [{ name: 'first.log' }] });
    await writeFileAt(folder, 'second.log', start + 60_000);
    expect((await runNow(check, 'new files')).detail).toMatchObject({ count: 1, files: [{ name: 'second.log' }] });
    expect((await runNow(check, 'new files')).detail).toMatchObject({ count: 0, files: [] });
  });

  it('last_result() in CEL sees what the previous run\'s transform kept as its detail, and its status', async () => {
    const folder = await emptyFolder();
    const check = await saveCheck('folder', {
      name: 'runs',
      path: folder,
      transform: { expr: '{"detail": {"runs": last_result().results.?runs.orValue(0) + 1}}.toJSON()' },
      display: { expr: '"run " + string(last_result().results.?runs.orValue(0) + 1) + (last_result().createdAt == null ? ", the first" : ", after one that " + (last_result().status ? "passed" : "failed"))' },
    });
    expect(await runNow(check, 'runs')).toMatchObject({ status: true, message: 'run 1, the first', detail: { runs: 1 } });
    expect(await runNow(check, 'runs')).toMatchObject({ status: true, message: 'run 2, after one that passed', detail: { runs: 2 } });
  });

  it('a template that misuses last_result fails the check saying why', async () => {
    const query = await saveCheck('postgres', { name: 'broken', url: reader.url, username: { value: reader.username }, password: { value: reader.password }, query: 'select {{ last_result.results.rows 1 }}' });
    expect(await runNow(query, 'broken')).toMatchObject({ status: false, error: expect.stringMatching(/^query: .*last_result/) });
    const folder = await saveCheck('folder', { name: 'broken since', path: await emptyFolder(), filter: { since: '{{ last_result.results.newest.modified.nothing }}' }, display: { expr: 'results.files.size()' } });
    expect(await runNow(folder, 'broken since')).toMatchObject({ status: false, invalid: true, error: expect.stringMatching(/^failed to template check: .*nothing/) });
  });
});
