/**
 * `npm run bench:logs`: the first page of POST /api/logs over 10,000,000 lines, in a log file and in
 * a PostgreSQL table, against a plain read of the same data in the same run (`tail -n 100` of the
 * file; `SELECT … ORDER BY logged_at DESC LIMIT 100` of the table).
 *
 * The data is made once (streamed writes; generate_series) into BENCH_LOGS_DIR (default
 * $TMPDIR/pharos-bench-logs, about 1.5 GB with its embedded PostgreSQL) and reused by later runs;
 * Pharos's own schema in that embedded database is made afresh each run.
 * BENCH_LOGS_LINES changes the count (in a folder of its own), BENCH_LOGS_RUNS the runs per search
 * (default 5). DATABASE_URL uses that PostgreSQL instead of an embedded one.
 */
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { ServerSecrets } from '../../server/dist/secrets/server-secrets.js';
import { ensureLogFile, ensureLogTable, LINE_EVERY_MS, LOG_TABLE, RARE_TEXT } from './logs-data.js';
import { CleanUps, log, runBench, verdict } from './report.js';
import { buildApp, createToken, migrate, openDatabase } from './server.js';

const LINES = Number(process.env['BENCH_LOGS_LINES'] ?? 10_000_000);
const DIR = process.env['BENCH_LOGS_DIR']?.trim() || path.join(os.tmpdir(), LINES === 10_000_000 ? 'pharos-bench-logs' : `pharos-bench-logs-${LINES}`);
const RUNS = Number(process.env['BENCH_LOGS_RUNS'] ?? 5);
const PAGE = 100;
const TARGET_MS = 1000;
const FILE_BACKEND = 'bench-logs-file';
const TABLE_BACKEND = 'bench-logs-postgres';

const cleanups = new CleanUps();

interface Search {
  label: string;
  body: Record<string, unknown>;
  /** Reads everything: printed, without a verdict. */
  whole?: boolean;
}

function searches(newestMs: number): Search[] {
  // A window of an hour half-way back through the data.
  const windowEnd = newestMs - (LINES / 2) * LINE_EVERY_MS;
  return [
    { label: 'newest lines', body: {} },
    { label: 'text matching 1% ("failed")', body: { query: 'FAILED' } },
    { label: 'label level=ERROR + text', body: { labels: { level: 'ERROR' }, query: 'timeout' } },
    { label: '1 h window half-way back', body: { start: new Date(windowEnd - 3_600_000).toISOString(), end: new Date(windowEnd).toISOString() } },
    { label: 'text of 1 line half-way back', body: { query: RARE_TEXT }, whole: true },
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(runs: number, work: () => Promise<number>): Promise<{ median: number; max: number; rows: number }> {
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    rows = await work();
    times.push(performance.now() - started);
  }
  return { median: median(times), max: Math.max(...times), rows };
}

async function saveBackends(pool: pg.Pool, file: string): Promise<void> {
  await pool.query('delete from logging_backends where name = any($1)', [[FILE_BACKEND, TABLE_BACKEND]]);
  await pool.query('insert into logging_backends (name, spec) values ($1, $2), ($3, $4)', [
    FILE_BACKEND,
    { file: { paths: [file], pattern: '^(?<timestamp>\\S+) (?<level>[A-Z]+) (?<service>\\S+) ' } },
    TABLE_BACKEND,
    { postgres: { table: LOG_TABLE, columns: { timestamp: 'logged_at', message: 'message', labels: 'labels' } } },
  ]);
}

async function main(): Promise<void> {
  await mkdir(DIR, { recursive: true });
  const file = path.join(DIR, 'app.log');
  process.env['PHAROS_LOG_DIRS'] = DIR;
  log(`data in ${DIR} (made once, reused)`);
  await ensureLogFile(file, LINES, log);
  const databaseUrl = process.env['DATABASE_URL']?.trim() || undefined;
  const database = await openDatabase({ databaseUrl, dataDir: path.join(DIR, 'pharos'), poolSize: 10 });
  cleanups.push(() => database.close());
  const { pool } = database;
  // The embedded database's own tables are made afresh each run (the log rows live in a schema of their own).
  if (!databaseUrl) await pool.query('drop schema if exists public cascade; create schema public');
  await migrate(pool);
  await ensureLogTable(pool, LINES, log);
  await saveBackends(pool, file);
  const app = await buildApp({ pool, webDir: null, secrets: new ServerSecrets(Buffer.alloc(32, 7)) });
  cleanups.push(() => app.close());
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const token = await createToken(pool, { email: 'bench-logs@example.com', roles: ['viewer'], tokenName: 'bench-logs' });

  const post = async (body: Record<string, unknown>): Promise<number> => {
    const response = await fetch(`${url}/api/logs`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ start: '30d', limit: PAGE, ...body }) });
    const answer = (await response.json()) as { results?: unknown[]; message?: string };
    if (response.status !== 200 || !answer.results) throw new Error(`POST /api/logs answered ${response.status}: ${answer.message ?? ''}`);
    return answer.results.length;
  };

  const tail = await timed(RUNS, async () => {
    const { stdout } = await promisify(execFile)('tail', ['-n', String(PAGE), file], { maxBuffer: 1 << 20 });
    return stdout.split('\n').length - 1;
  });
  const select = await timed(RUNS, async () => (await pool.query(`select logged_at, message, labels from ${LOG_TABLE} order by logged_at desc limit ${PAGE}`)).rowCount ?? 0);
  const newest = await pool.query<{ newest: Date }>(`select max(logged_at) as newest from ${LOG_TABLE}`);

  const rows: string[][] = [];
  let pass = true;
  for (const [source, backend, baseline, newestMs] of [
    ['file', FILE_BACKEND, tail, Date.now()],
    ['postgres', TABLE_BACKEND, select, newest.rows[0]!.newest.getTime()],
  ] as const) {
    rows.push([source, source === 'file' ? `tail -n ${PAGE} (baseline)` : `SELECT … LIMIT ${PAGE} (baseline)`, baseline.median.toFixed(1), baseline.max.toFixed(1), String(baseline.rows), '1.0', '']);
    const fileNewest = source === 'file' ? Date.parse((await promisify(execFile)('tail', ['-n', '1', file])).stdout.slice(0, 24)) : newestMs;
    for (const search of searches(fileNewest)) {
      const result = await timed(RUNS, () => post({ name: backend, ...search.body }));
      const ok = result.max < TARGET_MS;
      if (!search.whole) pass &&= ok;
      rows.push([source, search.label, result.median.toFixed(1), result.max.toFixed(1), String(result.rows), (result.median / baseline.median).toFixed(1), search.whole ? '(reads all)' : verdict(ok)]);
    }
  }
  const header = ['source', 'first page of', 'median ms', 'max ms', 'lines', 'x baseline', `< ${TARGET_MS} ms`];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  log(`\nPOST /api/logs, ${LINES.toLocaleString('en')} lines, page of ${PAGE}, ${RUNS} runs each`);
  log(line(header));
  for (const row of rows) log(line(row));
  log(`\nfirst page under ${TARGET_MS} ms: ${verdict(pass)}`);
  if (!pass) process.exitCode = 1;
}

void runBench(main, cleanups.run);
