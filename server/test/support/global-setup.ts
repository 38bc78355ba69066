import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';
import { silentLogger } from '../../src/logger.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Migrated database shared by the integration tests. */
    databaseUrl: string;
  }
}

/**
 * One PostgreSQL for the whole integration run: TEST_DATABASE_URL when set, else an embedded one in a
 * fresh temporary folder (removed afterwards).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let url = process.env['TEST_DATABASE_URL'];
  if (!url) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-test-'));
    embedded = await startEmbeddedPostgres({ dataDir, logger: silentLogger() });
    url = embedded.url;
  }

  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
  project.provide('databaseUrl', url);

  return async () => {
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
