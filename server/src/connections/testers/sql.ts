import mysql from 'mysql2/promise';
import pg from 'pg';
import { TEST_TIMEOUT_MS, failureOf, required, type ConnectionTester } from './types.js';

/** Connects with the URL (credentials of the connection fields win) and runs SELECT 1. */
export const testPostgres: ConnectionTester = (connection) =>
  failureOf(async () => {
    // pg lets the connection string win over user and password: put them in it.
    const url = new URL(required(connection.url, 'URL'));
    if (connection.username) url.username = encodeURIComponent(connection.username);
    if (connection.password) url.password = encodeURIComponent(connection.password);
    const client = new pg.Client({
      connectionString: url.toString(),
      connectionTimeoutMillis: TEST_TIMEOUT_MS,
      query_timeout: TEST_TIMEOUT_MS,
      ...(connection.insecure_tls ? { ssl: { rejectUnauthorized: false } } : {}),
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
    } finally {
      await client.end().catch(() => undefined);
    }
  });

export const testMysql: ConnectionTester = (connection) =>
  failureOf(async () => {
    const url = new URL(required(connection.url, 'URL').replace(/^mariadb:/, 'mysql:'));
    const client = await mysql.createConnection({
      host: url.hostname,
      port: url.port ? Number(url.port) : 3306,
      user: connection.username ?? decodeURIComponent(url.username),
      password: connection.password ?? decodeURIComponent(url.password),
      ...(url.pathname.length > 1 ? { database: decodeURIComponent(url.pathname.slice(1)) } : {}),
      connectTimeout: TEST_TIMEOUT_MS,
    });
    try {
      await client.query({ sql: 'SELECT 1', timeout: TEST_TIMEOUT_MS });
    } finally {
      await client.end().catch(() => undefined);
    }
  });
