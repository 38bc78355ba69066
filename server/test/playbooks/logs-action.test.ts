import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playbookTest } from './helpers.js';

/** The logs action searches a saved log backend (JSON lines in a file the test writes) and hands the lines to the next action. */

const env = playbookTest();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pharos-playbook-logs-'));
  // File backends read only the folders PHAROS_LOG_DIRS names (read at each search).
  process.env['PHAROS_LOG_DIRS'] = dir;
  const now = Date.now();
  const line = (ago: number, level: string, msg: string) => JSON.stringify({ ts: new Date(now - ago).toISOString(), level, msg });
  await writeFile(path.join(dir, 'app.jsonl'), [line(60_000, 'info', 'started'), line(30_000, 'error', 'payment timeout'), line(10_000, 'error', 'payment declined')].join('\n') + '\n');
});

afterAll(async () => {
  delete process.env['PHAROS_LOG_DIRS'];
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the logs action', () => {
  it('finds the lines of a log backend matching a query and label, newest first, for the next action', async () => {
    await env.apply(`apiVersion: pharos.io/v1
kind: LoggingBackend
metadata:
  name: app-logs
spec:
  file:
    paths: [${path.join(dir, 'app.jsonl')}]
    format: json
    fields: {timestamp: ts, message: msg, labels: [level]}`);
    const id = await env.apply(`apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: payment-errors
spec:
  actions:
    - name: errors
      logs:
        name: app-logs
        query: payment
        labels: {level: error}
        start: 1h
    - name: report
      exec:
        script: echo "{{(index .actions "errors").result.count}} errors, last {{(index (index .actions "errors").result.logs 0).message}}"`);
    const run = await env.until((await env.start({ id })).body.run_id!);
    expect(run.status, JSON.stringify(run.actions)).toBe('completed');
    expect((run.actions[0]!.result as { logs: { message: string; labels: Record<string, string> }[] }).logs).toEqual([
      expect.objectContaining({ message: 'payment declined', labels: { level: 'error' } }),
      expect.objectContaining({ message: 'payment timeout', labels: { level: 'error' } }),
    ]);
    expect(run.actions[1]!.result).toMatchObject({ stdout: '2 errors, last payment declined' });
  });
});
