import { createClient } from 'redis';
import { TEST_TIMEOUT_MS, failureOf, required, type ConnectionTester } from './types.js';

/** Connects, authenticates and answers PING. */
export const testRedis: ConnectionTester = (connection) =>
  failureOf(async () => {
    const db = Number(connection.properties['db'] ?? 0);
    const client = createClient({
      url: required(connection.url, 'URL'),
      ...(connection.username ? { username: connection.username } : {}),
      ...(connection.password ? { password: connection.password } : {}),
      ...(Number.isInteger(db) ? { database: db } : {}),
      socket: { connectTimeout: TEST_TIMEOUT_MS, reconnectStrategy: false },
    });
    let lastError: unknown;
    client.on('error', (error: unknown) => {
      lastError = error;
    });
    try {
      await client.connect();
      await client.ping();
    } catch (error) {
      throw lastError ?? error;
    } finally {
      if (client.isOpen) await client.quit().catch(() => undefined);
    }
  });
