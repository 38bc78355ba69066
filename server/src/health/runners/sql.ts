import { withoutCredentials } from '@pharos/core';
import { openMysql, openPostgres, type Credentials } from '../../connections/clients.js';
import { querySqlServer } from '../../connections/sql-server.js';
import { renderField } from './field-template.js';
import { failed, number, slower, text, type CheckOutcome, type CheckRunner, type RunContext } from './types.js';

/** Longest a query of a check may run. */
const QUERY_TIMEOUT_MS = 30_000;
/** Rows kept for the expressions. */
const MAX_ROWS = 1_000;

type Driver = 'postgres' | 'mysql' | 'sqlserver';

function driverOf(spec: Record<string, unknown>, url: string, type: string): Driver | undefined {
  const named = (text(spec['driver']) ?? (type === 'sql' ? '' : type)).toLowerCase();
  if (named === 'postgres' || named === 'postgresql' || url.startsWith('postgres')) return 'postgres';
  if (named === 'mysql' || named === 'mariadb' || url.startsWith('mysql') || url.startsWith('mariadb')) return 'mysql';
  if (named === 'mssql' || named === 'sqlserver' || named === 'sql_server' || url.startsWith('sqlserver') || url.startsWith('mssql')) return 'sqlserver';
  return undefined;
}

async function query(driver: Driver, url: string, credentials: Credentials, sql: string): Promise<Record<string, unknown>[]> {
  if (driver === 'sqlserver') return (await querySqlServer(url, credentials, sql, { queryTimeoutMs: QUERY_TIMEOUT_MS })).rows;
  if (driver === 'postgres') {
    const client = await openPostgres(url, credentials, { queryTimeoutMs: QUERY_TIMEOUT_MS });
    try {
      return (await client.query(sql)).rows as Record<string, unknown>[];
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const client = await openMysql(url, credentials);
  try {
    const [rows] = await client.query({ sql, timeout: QUERY_TIMEOUT_MS });
    return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Runs `query` (default SELECT 1; a Go template over the check and `last_result`, as canary-checker
 * renders it); `results` is the number of rows it must return. Variables: rows, count, and the same
 * under `results` (`results.rows`), as canary-checker names them.
 */
function sqlCheckOf(type: string): CheckRunner {
  return async (spec: Record<string, unknown>, context: RunContext): Promise<CheckOutcome> => {
    const target = text(spec['url']) ?? (await context.value(spec['url']));
    if (!target) return failed('url (or a connection) is required');
    const driver = driverOf(spec, target, type);
    if (!driver) return failed(`no driver for '${withoutCredentials(target)}': postgres, mysql or sqlserver`);
    let sql: string;
    try {
      sql = await renderField(text(spec['query']) ?? 'SELECT 1', context);
    } catch (error) {
      return failed(`query: ${(error as Error).message}`);
    }
    const started = performance.now();
    let rows: Record<string, unknown>[];
    try {
      rows = await query(driver, target, { username: await context.value(spec['username']), password: await context.value(spec['password']) }, sql);
    } catch (error) {
      return failed(`${(error as NodeJS.ErrnoException).code ? `${(error as NodeJS.ErrnoException).code}: ` : ''}${(error as Error).message}`, Math.round(performance.now() - started));
    }
    const duration = Math.round(performance.now() - started);
    const found = { rows: rows.slice(0, MAX_ROWS), count: rows.length };
    const data = { ...found, results: found, duration };
    const expected = number(spec['results']);
    if (expected !== undefined && expected > 0 && rows.length !== expected) return failed(`the query returned ${rows.length} rows, expected ${expected}`, duration, data);
    const tooSlow = slower(duration, spec);
    return tooSlow ? failed(tooSlow, duration, data) : { pass: true, duration, message: `${rows.length} row${rows.length === 1 ? '' : 's'}`, data };
  };
}

export const sqlCheck = sqlCheckOf('sql');
export const postgresCheck = sqlCheckOf('postgres');
export const mysqlCheck = sqlCheckOf('mysql');
export const mssqlCheck = sqlCheckOf('mssql');
