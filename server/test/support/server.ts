import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Role } from '@pharos/core';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app.js';
import { createToken } from '../../src/auth/tokens.js';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';
import { copyTemplateDatabase, type DatabaseCopy } from './template-copy.js';

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  pool: pg.Pool;
  /**
   * A bearer token for a person with these roles. Without `email` the person is new each time; with
   * one, roles are only ever added to that person.
   */
  tokenFor(roles: Role[], email?: string): Promise<string>;
  close(): Promise<void>;
}

export type TestServerOptions = Omit<AppOptions, 'pool'>;

/** One server key for every test server, as the processes of one installation share theirs. */
export const TEST_SECRETS = new ServerSecrets(Buffer.alloc(32, 42));

/**
 * The real app listening on 127.0.0.1 on a free port, on the test file's database unless
 * `databaseUrl` names another (see `freshDatabase`).
 */
export async function startTestServer(options: TestServerOptions = {}, databaseUrl = inject('databaseUrl')): Promise<TestServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = await buildApp({ webDir: null, secrets: TEST_SECRETS, ...options, pool });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pool,
    tokenFor: (roles, email) => createToken(pool, { email: email ?? `test-${randomUUID()}@example.com`, roles }),
    close: async () => {
      const closing = app.close();
      // A client stopped between connecting and sending its request (an agent loop aborted mid-poll)
      // would hold the close until Node's headers timeout (a minute): after a grace, it is ended.
      const ending = setTimeout(() => app.server.closeAllConnections(), 1_000);
      await closing;
      clearTimeout(ending);
      await pool.end();
    },
  };
}

export type FreshDatabase = DatabaseCopy;

/**
 * A new, migrated database of its own in the test cluster, for tests that need a second one beside
 * their file's (e.g. two installations).
 */
export function freshDatabase(): Promise<FreshDatabase> {
  return copyTemplateDatabase(inject('adminDatabaseUrl'), inject('templateDatabase'));
}
