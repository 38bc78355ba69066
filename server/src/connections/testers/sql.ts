import { openMysql, openPostgres } from '../clients.js';
import { querySqlServer } from '../sql-server.js';
import { TEST_TIMEOUT_MS, failureOf, required, type ConnectionTester } from './types.js';

/** Connects with the URL (credentials of the connection fields win) and runs SELECT 1. */
export const testPostgres: ConnectionTester = (connection) =>
  failureOf(async () => {
    const client = await openPostgres(required(connection.url, 'URL'), connection, { queryTimeoutMs: TEST_TIMEOUT_MS, insecureTls: connection.insecure_tls });
    try {
      await client.query('SELECT 1');
    } finally {
      await client.end().catch(() => undefined);
    }
  });

export const testMysql: ConnectionTester = (connection) =>
  failureOf(async () => {
    const client = await openMysql(required(connection.url, 'URL'), connection);
    try {
      await client.query({ sql: 'SELECT 1', timeout: TEST_TIMEOUT_MS });
    } finally {
      await client.end().catch(() => undefined);
    }
  });

export const testSqlServer: ConnectionTester = (connection) =>
  failureOf(async () => {
    await querySqlServer(required(connection.url, 'URL'), connection, 'SELECT 1', { queryTimeoutMs: TEST_TIMEOUT_MS, insecureTls: connection.insecure_tls });
  });
