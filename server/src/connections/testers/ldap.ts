import { Client } from 'ldapts';
import { TEST_TIMEOUT_MS, failureOf, required, type ConnectionTester } from './types.js';

/** Binds with the connection's DN and password; with a search base, also reads that entry. */
export const testLdap: ConnectionTester = (connection) =>
  failureOf(async () => {
    const client = new Client({
      url: required(connection.url, 'URL'),
      timeout: TEST_TIMEOUT_MS,
      connectTimeout: TEST_TIMEOUT_MS,
      ...(connection.insecure_tls ? { tlsOptions: { rejectUnauthorized: false } } : {}),
    });
    try {
      await client.bind(required(connection.username, 'bind DN (username)'), connection.password ?? '');
      const base = connection.properties['searchBase'];
      if (base) await client.search(base, { scope: 'base', sizeLimit: 1 });
    } finally {
      await client.unbind().catch(() => undefined);
    }
  });
