import { mkdir as makeDir, mkdtemp, rename, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { allPages, insertComponent, saveBackend, searchLogs, unique } from './helpers.js';

/**
 * Log backends of kind file: files and globs this test writes on the server (plain lines with a
 * timestamp pattern and layout, JSON lines, multi-line entries, rotated files), searched through
 * POST /api/logs: newest first, case-insensitive text, labels, time range and pages.
 */

let server: TestServer;
let token: string;
let folder: string;
const NOW = Date.now();
/** A line every 10 s for the last 100 minutes or so. */
const timeOf = (index: number): number => NOW - 6_000_000 + index * 10_000;
const iso = (ms: number): string => new Date(ms).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['viewer']);
  folder = await mkdtemp(path.join(os.tmpdir(), 'pharos-logs-'));
  // File backends read only the folders PHAROS_LOG_DIRS names (read at each search).
  process.env['PHAROS_LOG_DIRS'] = folder;
});

afterAll(async () => {
  delete process.env['PHAROS_LOG_DIRS'];
  await server?.close();
  await rm(folder, { recursive: true, force: true });
});

const mkdir = (dir: string) => makeDir(dir, { recursive: true });

async function writeLines(file: string, lines: string[], mtime = NOW): Promise<void> {
  await writeFile(file, `${lines.join('\n')}\n`);
  await utimes(file, mtime / 1000, mtime / 1000);
}

describe('file log backend', () => {
  let plainComponent: string;
  const level = (index: number) => (index % 5 === 0 ? 'ERROR' : 'INFO');

  beforeAll(async () => {
    const lines: string[] = [];
    for (let index = 0; index < 600; index++) {
      lines.push(`${iso(timeOf(index)).replace('T', ' ').replace('Z', '')} ${level(index)} request ${index} served`);
      if (index % 100 === 50) lines.push('    at handler (server.js:10)', '    at Caused by: Timeout');
    }
    await mkdir(path.join(folder, 'plain'));
    await writeLines(path.join(folder, 'plain', 'app.log'), lines);
    const backend = unique('files-plain');
    await saveBackend(server, await server.tokenFor(['admin']), backend, {
      file: { paths: [path.join(folder, 'plain', '*.log')], pattern: '^(?<timestamp>\\S+ \\S+) (?<level>[A-Z]+) ', layout: 'YYYY-MM-DD HH:mm:ss.SSS', labels: { app: 'api' } },
    });
    plainComponent = await insertComponent(server, [{ name: backend, type: 'file', labels: {} }]);
  });

  it('answers the newest lines first, with their time, message and labels', async () => {
    const { status, body } = await searchLogs(server, token, { id: plainComponent, start: iso(NOW - 7_200_000), limit: 3 });
    expect(status).toBe(200);
    expect(body.results).toEqual([599, 598, 597].map((index) => ({
      timestamp: iso(timeOf(index)),
      message: `${iso(timeOf(index)).replace('T', ' ').replace('Z', '')} ${level(index)} request ${index} served`,
      labels: { app: 'api', level: level(index) },
    })));
    expect(body.nextPage).toEqual(expect.any(String));
  });

  it('matches the query case-insensitively anywhere in the message, lines without a time joining the entry above', async () => {
    const { body } = await searchLogs(server, token, { id: plainComponent, start: iso(NOW - 7_200_000), query: 'CAUSED BY', limit: 10 });
    expect(body.results.map((line) => line.message.split('\n')[0]!.split(' ').slice(2).join(' '))).toEqual([550, 450, 350, 250, 150, 50].map((index) => `${level(index)} request ${index} served`));
    expect(body.results[0]!.message.split('\n')).toEqual([expect.stringContaining('request 550 served'), '    at handler (server.js:10)', '    at Caused by: Timeout']);
    expect(body.nextPage).toBeUndefined();
  });

  it('keeps to the time range: a relative start and an absolute end', async () => {
    const { body } = await searchLogs(server, token, { id: plainComponent, start: '15m', limit: 1000 });
    const times = body.results.map((line) => Date.parse(line.timestamp));
    // Lines every 10 s, the newest 10 s ago: 89 or 90 of them in the last 15 minutes, depending on how long the test took.
    expect(times[0]).toBe(timeOf(599));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW - 15 * 60_000);
    expect(times.length).toBeGreaterThanOrEqual(88);
    expect(times.length).toBeLessThanOrEqual(90);

    const window = await searchLogs(server, token, { id: plainComponent, start: iso(timeOf(100)), end: iso(timeOf(104)), limit: 100 });
    expect(window.body.results.map((line) => line.timestamp)).toEqual([104, 103, 102, 101, 100].map((index) => iso(timeOf(index))));
  });

  it('filters by labels and pages through every match once, in order', async () => {
    const pages = await allPages(server, token, { id: plainComponent, start: iso(NOW - 7_200_000), labels: { level: 'ERROR' }, query: 'request', limit: 25 });
    expect(pages.map((page) => page.length)).toEqual([25, 25, 25, 25, 20]);
    const indices = pages.flat().map((line) => Number(/request (\d+)/.exec(line.message)![1]));
    expect(indices).toEqual(Array.from({ length: 120 }, (_, i) => 595 - i * 5));
  });

  it('reads JSON lines with their timestamp, message and label fields (nested ones too)', async () => {
    await mkdir(path.join(folder, 'json'));
    const lines = Array.from({ length: 50 }, (_, index) => JSON.stringify({ ts: iso(timeOf(index)), msg: `job ${index} ${index % 2 ? 'done' : 'Failed'}`, kubernetes: { pod: `worker-${index % 3}` }, level: index % 2 ? 'info' : 'error' }));
    lines.splice(10, 0, 'not json at all', '{"broken": ');
    await writeLines(path.join(folder, 'json', 'jobs.jsonl'), lines);
    const backend = unique('files-json');
    await saveBackend(server, await server.tokenFor(['admin']), backend, {
      file: { paths: [path.join(folder, 'json', 'jobs.jsonl')], format: 'json', fields: { timestamp: 'ts', message: 'msg', labels: ['level', 'kubernetes.pod'] } },
    });
    const component = await insertComponent(server, [{ name: 'jobs', backend, type: 'file', labels: { 'kubernetes.pod': 'worker-1' } }]);
    const { status, body } = await searchLogs(server, token, { id: component, name: 'jobs', query: 'failed', start: '1d', limit: 3 });
    expect(status).toBe(200);
    expect(body.results).toEqual([46, 40, 34].map((index) => ({ timestamp: iso(timeOf(index)), message: `job ${index} Failed`, labels: { level: 'error', 'kubernetes.pod': 'worker-1' } })));
  });

  it('merges globbed and rotated files newest first, and keeps its place when the files rotate between pages', async () => {
    const dir = path.join(folder, 'rotated');
    await mkdir(dir);
    const line = (index: number) => `${iso(timeOf(index))} worker tick ${index}`;
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => line(from + i));
    // app.log.2 oldest, app.log newest; an unrelated compressed rotation is left out.
    await writeLines(path.join(dir, 'app.log.2'), range(0, 100), timeOf(99));
    await writeLines(path.join(dir, 'app.log.1'), range(100, 200), timeOf(199));
    await writeLines(path.join(dir, 'app.log'), range(200, 300), timeOf(299));
    await writeFile(path.join(dir, 'app.log.3.gz'), 'not text');
    const backend = unique('files-rotated');
    await saveBackend(server, await server.tokenFor(['admin']), backend, { file: { paths: [path.join(dir, 'app.log'), path.join(dir, 'app.log.*')] } });

    const first = await searchLogs(server, token, { name: backend, start: '1d', limit: 150 });
    expect(first.status).toBe(200);
    expect(first.body.results.map((entry) => entry.message)).toEqual(Array.from({ length: 150 }, (_, i) => line(299 - i)));

    // Rotation: every file moves one name up and a new app.log starts with newer lines.
    await rename(path.join(dir, 'app.log.2'), path.join(dir, 'app.log.3'));
    await rename(path.join(dir, 'app.log.1'), path.join(dir, 'app.log.2'));
    await rename(path.join(dir, 'app.log'), path.join(dir, 'app.log.1'));
    await writeLines(path.join(dir, 'app.log'), [line(300), line(301)]);

    const rest = await searchLogs(server, token, { name: backend, start: '1d', limit: 1000, page: first.body.nextPage });
    expect(rest.status).toBe(200);
    expect(rest.body.results.map((entry) => entry.message)).toEqual(Array.from({ length: 150 }, (_, i) => line(149 - i)));
    expect(rest.body.nextPage).toBeUndefined();

    const again = await searchLogs(server, token, { name: backend, start: '1d', limit: 3 });
    expect(again.body.results.map((entry) => entry.message)).toEqual([line(301), line(300), line(299)]);
  });

  it('finds a match far back in a large file by passing over the chunks without it, and seeks to a time range far back', async () => {
    const dir = path.join(folder, 'large');
    await mkdir(dir);
    const lines = Array.from({ length: 200_000 }, (_, i) => `${iso(NOW - 200_000 + i)} routine line ${i}`);
    lines[10] = `${iso(NOW - 200_000 + 10)} the Needle line`;
    await writeLines(path.join(dir, 'big.log'), lines);
    const backend = unique('files-large');
    await saveBackend(server, await server.tokenFor(['admin']), backend, { file: { paths: [path.join(dir, 'big.log')] } });
    const { body } = await searchLogs(server, token, { name: backend, query: 'needle', start: '1d', limit: 10 });
    expect(body.results.map((line) => line.message)).toEqual([`${iso(NOW - 200_000 + 10)} the Needle line`]);
    // Digits are looked for as bytes before a chunk is decoded.
    const numbered = await searchLogs(server, token, { name: backend, query: 'LINE 150000', start: '1d', limit: 10 });
    expect(numbered.body.results.map((line) => line.message)).toEqual([`${iso(NOW - 200_000 + 150_000)} routine line 150000`]);
    // A window far back: found by seeking, then read as usual.
    const window = await searchLogs(server, token, { name: backend, start: iso(NOW - 200_000 + 50_000), end: iso(NOW - 200_000 + 50_004), limit: 10 });
    expect(window.body.results.map((line) => line.message)).toEqual([50_004, 50_003, 50_002, 50_001, 50_000].map((i) => `${iso(NOW - 200_000 + i)} routine line ${i}`));
    const oldest = await searchLogs(server, token, { name: backend, start: '1d', end: iso(NOW - 200_000 + 1), limit: 10 });
    expect(oldest.body.results.map((line) => line.message)).toEqual([`${iso(NOW - 200_000 + 1)} routine line 1`, `${iso(NOW - 200_000)} routine line 0`]);
  });
});
