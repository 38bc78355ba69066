import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Role } from '@pharos/core';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app.js';
import { createToken } from '../../src/auth/tokens.js';

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

/** The real app on the shared test database, listening on 127.0.0.1 on a free port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 10 });
  const app = await buildApp({ webDir: null, ...options, pool });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pool,
    tokenFor: (roles, email) => createToken(pool, { email: email ?? `test-${randomUUID()}@example.com`, roles }),
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}
