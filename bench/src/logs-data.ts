import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, stat, utimes } from 'node:fs/promises';
import type pg from 'pg';

/** One line every 50 ms: 10,000,000 lines cover 5.8 days, the last one at the time of generation. */
export const LINE_EVERY_MS = 50;
/** Every 100th line is an error of the payments service: a query matching 1 % of the lines. */
export const ERROR_EVERY = 100;
/** Text found in one line only, half-way back: a search that must read everything after it. */
export const RARE_TEXT = `request ${4_242_421} served`;

export function lineText(index: number): { level: string; service: string; message: string } {
  const error = index % ERROR_EVERY === 0;
  return {
    level: error ? 'ERROR' : 'INFO',
    service: error ? 'payments' : index % 3 === 0 ? 'orders' : 'catalog',
    message: error ? `request ${index} failed: upstream timeout after 3000ms` : `request ${index} served in ${index % 97}ms`,
  };
}

/** Writes `lines` plain log lines (`ISO-time LEVEL service message`), streamed in blocks; skipped when the file is already whole. */
export async function ensureLogFile(file: string, lines: number, log: (message: string) => void): Promise<void> {
  const done = `${file}.done`;
  if (await stat(done).then(() => true, () => false)) return;
  const started = performance.now();
  const end = Date.now();
  const first = end - (lines - 1) * LINE_EVERY_MS;
  const partial = `${file}.partial`;
  const out = createWriteStream(partial);
  const BLOCK = 50_000;
  for (let from = 0; from < lines; from += BLOCK) {
    let block = '';
    for (let index = from; index < Math.min(lines, from + BLOCK); index++) {
      const { level, service, message } = lineText(index);
      block += `${new Date(first + index * LINE_EVERY_MS).toISOString()} ${level} ${service} ${message}\n`;
    }
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  await rename(partial, file);
  const time = new Date(end);
  await utimes(file, time, time);
  createWriteStream(done).end();
  log(`wrote ${lines.toLocaleString('en')} lines to ${file} (${((await stat(file)).size / 1e6).toFixed(0)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Where the rows are: a schema of their own, kept when Pharos's own schema is made afresh. */
export const LOG_TABLE = 'bench_logs.log_lines';

/** The same lines as rows of LOG_TABLE, made by generate_series, with the index newest-first searches use. */
export async function ensureLogTable(pool: pg.Pool, lines: number, log: (message: string) => void): Promise<void> {
  const existing = await pool.query<{ done: string | null }>("select to_regclass('bench_logs.done')::text as done");
  if (existing.rows[0]!.done !== null) return;
  const started = performance.now();
  await pool.query('drop schema if exists bench_logs cascade');
  await pool.query('create schema bench_logs');
  await pool.query(`create table ${LOG_TABLE} (id bigint generated always as identity, logged_at timestamptz not null, message text not null, labels jsonb not null)`);
  const STEP = 1_000_000;
  for (let from = 0; from < lines; from += STEP) {
    await pool.query(
      `insert into ${LOG_TABLE} (logged_at, message, labels)
       select now() - (($1::bigint - 1 - i) * $2::bigint) * interval '1 millisecond',
              case when i % ${ERROR_EVERY} = 0 then 'request ' || i || ' failed: upstream timeout after 3000ms'
                   else 'request ' || i || ' served in ' || (i % 97) || 'ms' end,
              jsonb_build_object('level', case when i % ${ERROR_EVERY} = 0 then 'ERROR' else 'INFO' end,
                                 'service', case when i % ${ERROR_EVERY} = 0 then 'payments' when i % 3 = 0 then 'orders' else 'catalog' end)
       from generate_series($3::bigint, $4::bigint) as i`,
      [lines, LINE_EVERY_MS, from, Math.min(lines, from + STEP) - 1],
    );
  }
  await pool.query(`create index log_lines_time on ${LOG_TABLE} (logged_at desc)`);
  await pool.query(`vacuum analyze ${LOG_TABLE}`);
  await pool.query('create table bench_logs.done ()');
  log(`inserted ${lines.toLocaleString('en')} rows into ${LOG_TABLE} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
