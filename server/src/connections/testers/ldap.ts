import { Client, ResultCodeError } from 'ldapts';
import { ConnectionTestFailure, TEST_TIMEOUT_MS, failureOf, required, type ConnectionTester } from './types.js';

/** `InvalidCredentialsError` → 'Invalid credentials (LDAP result 49)': ldapts leaves the message nearly empty. */
export function resultText(error: ResultCodeError): string {
  const words = error.name.replace(/Error$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} (LDAP result ${error.code})`;
}

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
    } catch (error) {
      throw error instanceof ResultCodeError ? new ConnectionTestFailure(resultText(error)) : error;
    } finally {
      await client.unbind().catch(() => undefined);
    }
  });
