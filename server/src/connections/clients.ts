import type mysql from 'mysql2/promise';
import pg from 'pg';
import { refuseOwnDatabase } from './own-database.js';

/**
 * Clients of the databases connections and checks reach, opened the same way for both: the
 * credentials given win over those in the URL, and every wait is bounded.
 */
export interface Credentials {
  username?: string | null;
  password?: string | null;
}

export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A connected PostgreSQL client (pg lets the connection string win, so the credentials go into it),
 * never one into a Pharos database as a role that reads its private tables (own-database.ts).
 */
export async function openPostgres(target: string, credentials: Credentials, options: { queryTimeoutMs: number; insecureTls?: boolean }): Promise<pg.Client> {
  const url = new URL(target);
  if (credentials.username) url.username = encodeURIComponent(credentials.username);
  if (credentials.password) url.password = encodeURIComponent(credentials.password);
  const client = new pg.Client({
    connectionString: url.toString(),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: options.queryTimeoutMs,
    statement_timeout: options.queryTimeoutMs,
    ...(options.insecureTls ? { ssl: { rejectUnauthorized: false } } : {}),
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await refuseOwnDatabase(client);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}

/** Go's MySQL DSN, which canary-checker takes: `user:password@tcp(host:port)/database?options`, with or without `mysql://`. */
const GO_MYSQL_DSN = /^(?:(?:mysql|mariadb):\/\/)?(?:(.*)@)?tcp\(([^)]+)\)\/([^?]*)(\?.*)?$/;

/** A MySQL URL (`mysql://user:password@host:port/database`) of a URL or of Go's DSN. */
export function mysqlUrlOf(target: string): URL {
  const dsn = GO_MYSQL_DSN.exec(target);
  if (!dsn) return new URL(target.replace(/^mariadb:/, 'mysql:'));
  const url = new URL(`mysql://${dsn[2]}/${dsn[3] ?? ''}`);
  // The DSN's user and password are as written, split at the first colon as Go's driver splits them; a URL needs them escaped.
  const login = dsn[1] ?? '';
  const colon = login.indexOf(':');
  const [user, password] = colon < 0 ? [login, ''] : [login.slice(0, colon), login.slice(colon + 1)];
  if (user) url.username = encodeURIComponent(user);
  if (password) url.password = encodeURIComponent(password);
  return url;
}

/** A connected MySQL or MariaDB client (`mysql://` or `mariadb://host:port/database`, or Go's `user:password@tcp(host:port)/database`). */
export async function openMysql(target: string, credentials: Credentials): Promise<mysql.Connection> {
  const url = mysqlUrlOf(target);
  const { default: client } = await import('mysql2/promise');
  return client.createConnection({
    host: url.hostname,
    port: url.port ? Number(url.port) : 3306,
    user: credentials.username ?? decodeURIComponent(url.username),
    password: credentials.password ?? decodeURIComponent(url.password),
    ...(url.pathname.length > 1 ? { database: decodeURIComponent(url.pathname.slice(1)) } : {}),
    connectTimeout: CONNECT_TIMEOUT_MS,
  });
}

/** Connects to Redis and answers PING; the error Redis gave, not a generic one, when it fails. */
export async function pingRedis(url: string, credentials: Credentials, database: number): Promise<string> {
  const { createClient } = await import('redis');
  const client = createClient({
    url,
    ...(credentials.username ? { username: credentials.username } : {}),
    ...(credentials.password ? { password: credentials.password } : {}),
    database,
    socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: false },
  });
  let lastError: unknown;
  client.on('error', (error: unknown) => (lastError = error));
  try {
    await client.connect();
    return await client.ping();
  } catch (error) {
    throw lastError ?? error;
  } finally {
    if (client.isOpen) await client.quit().catch(() => undefined);
  }
}
