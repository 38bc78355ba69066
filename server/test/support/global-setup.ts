import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';
import { silentLogger } from '../../src/logger.js';
import { databaseUrlNamed } from './database-names.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The migrated database of the running test file: each file gets a copy of its own of the
     * run's template (see `file-database.ts`), so files can run in parallel.
     */
    databaseUrl: string;
    /** A database of the cluster to create and drop the files' databases from (never a test's own). */
    adminDatabaseUrl: string;
    /** The migrated template every file's database is copied from. */
    templateDatabase: string;
    /** Names this test run (e.g. for tallies that files of one run add up). */
    testRunId: string;
  }
}

/**
 * One PostgreSQL for the whole integration run: TEST_DATABASE_URL when set (its role must may create
 * databases), else an embedded one in a fresh temporary folder (removed afterwards). It holds one
 * migrated template database; every test file works on a copy of it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pharos-test-'));
    embedded = await startEmbeddedPostgres({ dataDir, logger: silentLogger() });
    adminUrl = embedded.url;
  }

  const runId = randomUUID().replace(/-/g, '');
  const template = `pharos_template_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${template}`);
    const pool = new pg.Pool({ connectionString: databaseUrlNamed(adminUrl, template), max: 2 });
    try {
      await migrate(pool);
    } finally {
      await pool.end();
    }
  } finally {
    await admin.end();
  }
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  project.provide('testRunId', runId);
  // Replaced in every file by its own copy; the template itself only when a file runs without the setup file.
  project.provide('databaseUrl', databaseUrlNamed(adminUrl, template));

  return async () => {
    if (embedded) {
      await embedded.stop();
    } else {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
