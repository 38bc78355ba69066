import { envVarText, isRecord, withoutCredentials } from '@pharos/core';
import { openMysql, openPostgres, type Credentials } from '../../connections/clients.js';
import { isConnectionString } from '../../connections/connection-string.js';
import { findByReference, hydrate } from '../../connections/resolve.js';
import { querySqlServer, sqlServerSource } from '../../connections/sql-server.js';
import { resolveValue } from '../../secret-store/resolve.js';
import { FormatError, parseFormat } from '../parse-format.js';
import { text, type KindContext, type KindReader } from './types.js';

/** Longest a scraper's query may run. */
const QUERY_TIMEOUT_MS = 5 * 60_000;

type Driver = 'postgres' | 'mysql' | 'sqlserver';

interface Target {
  url: string;
  credentials: Credentials;
  /** The saved connection's type, when the spec names one. */
  type?: string;
  insecureTls?: boolean;
}

async function valueOf(field: unknown, context: KindContext): Promise<string | undefined> {
  const value = envVarText(field);
  return value === undefined || value === '' ? undefined : resolveValue(context.pool, context.secrets, value, context.namespace);
}

/** config-db's `connection`: a saved connection (connection://…, or its name), else the URL itself. */
async function targetOf(spec: Record<string, unknown>, context: KindContext): Promise<Target> {
  const auth = isRecord(spec['auth']) ? spec['auth'] : spec;
  const credentials: Credentials = { username: (await valueOf(auth['username'], context)) ?? null, password: (await valueOf(auth['password'], context)) ?? null };
  const reference = text(spec['connection']);
  const isUrl = reference !== undefined && isConnectionString(reference);
  if (reference && !isUrl) {
    const connection = await hydrate(context.pool, context.secrets, await findByReference(context.pool, reference, context.namespace));
    if (!connection.url) throw new Error(`connection ${reference} has no URL`);
    return {
      url: connection.url,
      credentials: { username: credentials.username ?? connection.username, password: credentials.password ?? connection.password },
      type: connection.type,
      insecureTls: connection.insecure_tls,
    };
  }
  const url = reference ?? text(spec['url']) ?? (await valueOf(spec['url'], context));
  if (!url) throw new Error('connection is required: a connection or a database URL');
  return { url, credentials };
}

function driverOf(spec: Record<string, unknown>, target: Target): Driver {
  const named = (text(spec['driver']) ?? (target.type === 'sql_server' ? 'sqlserver' : target.url.split(':')[0]) ?? '').toLowerCase();
  if (named === 'postgres' || named === 'postgresql') return 'postgres';
  if (named === 'mysql' || named === 'mariadb') return 'mysql';
  if (named === 'sqlserver' || named === 'mssql') return 'sqlserver';
  throw new Error(`no driver for ${named || withoutCredentials(target.url)}: postgres, mysql or sqlserver`);
}

async function query(driver: Driver, { url, credentials, insecureTls }: Target, sql: string): Promise<{ columns: string[]; rows: Record<string, unknown>[] }> {
  if (driver === 'sqlserver') return querySqlServer(url, credentials, sql, { queryTimeoutMs: QUERY_TIMEOUT_MS, insecureTls });
  if (driver === 'postgres') {
    const client = await openPostgres(url, credentials, { queryTimeoutMs: QUERY_TIMEOUT_MS });
    try {
      const result = await client.query(sql);
      return { columns: result.fields.map((field) => field.name), rows: result.rows as Record<string, unknown>[] };
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const client = await openMysql(url, credentials);
  try {
    const [rows, fields] = await client.query({ sql, timeout: QUERY_TIMEOUT_MS });
    return { columns: Array.isArray(fields) ? fields.map((field) => field.name) : [], rows: Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [] };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Where the rows came from, without credentials. */
function sourceOf(driver: Driver, url: string): string {
  if (driver === 'sqlserver') return sqlServerSource(url);
  const parsed = new URL(url.replace(/^mariadb:/, 'mysql:'));
  return `${driver}://${parsed.host}${parsed.pathname}`;
}

/** A row as JSON has it (dates as ISO text, numbers beyond JavaScript's as text), so that an unchanged row compares equal. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner))) as unknown;
}

/** A single column's value: its text read as JSON or YAML when it is, else the text. */
function columnDocument(value: unknown, format: string): unknown {
  if (typeof value !== 'string') return plain(value);
  try {
    return parseFormat(value, format);
  } catch (error) {
    if (error instanceof FormatError) return value;
    throw error;
  }
}

/**
 * `sql` (config-db's SQL scraper): `query` against PostgreSQL, MySQL/MariaDB or SQL Server (`driver`,
 * a `sql_server` connection, or the URL's scheme), through a saved `connection` or a URL, with `auth`
 * credentials; each row is what was scraped, or the value of the only column (JSON or YAML text read
 * as such).
 */
export const readSql: KindReader = async (spec, context) => {
  const sql = text(spec['query']);
  if (!sql) throw new Error('query is required');
  const target = await targetOf(spec, context);
  const driver = driverOf(spec, target);
  let result;
  try {
    result = await query(driver, target, sql);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`${code ? `${code}: ` : ''}${(error as Error).message}`);
  }
  const source = sourceOf(driver, target.url);
  const single = result.columns.length === 1 ? result.columns[0]! : undefined;
  return {
    inputs: result.rows.map((row) => ({ document: single === undefined ? plain(row) : columnDocument(row[single], text(spec['format']) ?? ''), source })),
    errors: [],
  };
};
