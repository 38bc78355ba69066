import { pingRedis } from '../clients.js';
import { failureOf, required, type ConnectionTester } from './types.js';

/** Connects, authenticates and answers PING. */
export const testRedis: ConnectionTester = (connection) =>
  failureOf(async () => {
    const db = Number(connection.properties['db'] ?? 0);
    await pingRedis(required(connection.url, 'URL'), connection, Number.isInteger(db) ? db : 0);
  });
