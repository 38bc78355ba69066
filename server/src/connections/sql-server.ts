import { withoutCredentials } from '@pharos/core';
import type { Connection, ConnectionConfiguration } from 'tedious';
import { CONNECT_TIMEOUT_MS, type Credentials } from './clients.js';

/**
 * SQL Server through tedious, for connections, scrapers and checks. Its URL is go-mssqldb's, as
 * config-db and the `sql_server` connection write it:
 * `sqlserver://user:password@host:port/instance?database=name&encrypt=true|false|strict&TrustServerCertificate=true`
 * (`mssql://` too). Credentials given win over those in the URL. `encrypt=true`, the default, is
 * tedious's: TLS when the server's PRELOGIN offers it, the login in clear when the server says it
 * cannot encrypt; `encrypt=strict` (TDS 8.0) always starts with TLS.
 */

const DEFAULT_PORT = 1433;

export interface SqlServerResult {
  columns: string[];
  rows: Record<string, unknown>[];
}

function option(url: URL, name: string): string | undefined {
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === name.toLowerCase()) return value;
  return undefined;
}

function encryptOf(text: string | undefined): boolean | 'strict' {
  const value = (text ?? 'true').toLowerCase();
  if (value === 'strict') return 'strict';
  if (['true', 'yes', 'mandatory'].includes(value)) return true;
  if (['false', 'no', 'optional', 'disable'].includes(value)) return false;
  throw new Error(`encrypt=${text} is not one of true, false, strict`);
}

/** tedious's configuration for a SQL Server URL. */
export function sqlServerConfig(target: string, credentials: Credentials, options: { queryTimeoutMs: number; insecureTls?: boolean }): ConnectionConfiguration {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new Error(`'${withoutCredentials(target)}' is not a SQL Server URL: sqlserver://host:port?database=name`);
  }
  if (url.protocol !== 'sqlserver:' && url.protocol !== 'mssql:') throw new Error(`'${url.protocol}//' is not a SQL Server URL: sqlserver://host:port?database=name`);
  if (!url.hostname) throw new Error('the SQL Server URL has no host: sqlserver://host:port?database=name');
  const instance = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const database = option(url, 'database') ?? option(url, 'initial catalog');
  return {
    server: url.hostname.replace(/^\[|\]$/g, ''),
    authentication: {
      type: 'default',
      options: { userName: credentials.username ?? decodeURIComponent(url.username), password: credentials.password ?? decodeURIComponent(url.password) },
    },
    options: {
      ...(url.port || !instance ? { port: url.port ? Number(url.port) : DEFAULT_PORT } : { instanceName: instance }),
      ...(database ? { database } : {}),
      encrypt: encryptOf(option(url, 'encrypt')),
      trustServerCertificate: options.insecureTls === true || option(url, 'TrustServerCertificate')?.toLowerCase() === 'true',
      connectTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: options.queryTimeoutMs,
      appName: 'pharos',
    },
  };
}

/** A URL naming where a SQL Server URL points, without credentials: sqlserver://host:port/database. */
export function sqlServerSource(target: string): string {
  const url = new URL(target);
  const database = option(url, 'database') ?? option(url, 'initial catalog') ?? '';
  return `sqlserver://${url.host}${url.pathname.length > 1 ? url.pathname : ''}/${database}`;
}

/** tedious says "Could not connect (sequence)" for every address it tried; this says what each one answered. */
function explained(error: Error): Error {
  const { cause } = error;
  if (cause instanceof AggregateError && cause.errors.length > 0) {
    error.message = error.message.replace(cause.message, cause.errors.map((inner) => (inner instanceof Error ? inner.message : String(inner))).join('; '));
  }
  return error;
}

// tedious (and the Azure identity library it brings) is loaded on the first SQL Server query, not at start.
const loadTedious = () => import('tedious');

async function connect(config: ConnectionConfiguration): Promise<Connection> {
  const { Connection } = await loadTedious();
  return new Promise((resolve, reject) => {
    const connection = new Connection(config);
    connection.on('error', () => undefined);
    connection.connect((error) => (error ? reject(explained(error)) : resolve(connection)));
  });
}

/** A column's value as JSON would keep it: bytes as base64, the rest as tedious gives them. */
const valueOf = (value: unknown): unknown => (Buffer.isBuffer(value) ? value.toString('base64') : value);

async function run(connection: Connection, sql: string): Promise<SqlServerResult> {
  const { Request } = await loadTedious();
  return new Promise((resolve, reject) => {
    let columns: string[] = [];
    const rows: Record<string, unknown>[] = [];
    const request = new Request(sql, (error) => (error ? reject(error) : resolve({ columns, rows })));
    // A batch of several SELECTs answers each result set; the last one is what it returns.
    request.on('columnMetadata', (metadata) => {
      columns = (Array.isArray(metadata) ? metadata : Object.values(metadata)).map((column) => column.colName);
      rows.length = 0;
    });
    request.on('row', (values: Array<{ value: unknown }>) => {
      const row: Record<string, unknown> = {};
      values.forEach((cell, index) => (row[columns[index]!] = valueOf(cell.value)));
      rows.push(row);
    });
    connection.execSqlBatch(request);
  });
}

/** Connects, runs `sql` as one batch and closes. */
export async function querySqlServer(target: string, credentials: Credentials, sql: string, options: { queryTimeoutMs: number; insecureTls?: boolean }): Promise<SqlServerResult> {
  const connection = await connect(sqlServerConfig(target, credentials, options));
  try {
    return await run(connection, sql);
  } finally {
    connection.close();
  }
}
