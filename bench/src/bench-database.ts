import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { CleanUps } from './report.js';
import { migrate, openDatabase, type Database } from './server.js';

export interface BenchDatabase {
  database: Database;
  pool: pg.Pool;
  /** The temporary folder of the embedded PostgreSQL (also for a served process's PHAROS_DATA_DIR). */
  dataDir: string;
  /** The embedded PostgreSQL's postmaster (for its RSS); undefined on DATABASE_URL. */
  postmaster: number | undefined;
}

/**
 * A migrated database for the benchmark `name`: DATABASE_URL when set, else an embedded PostgreSQL in a
 * temporary folder. `cleanups` closes it and removes the folder.
 */
export async function openBenchDatabase(cleanups: CleanUps, name: string, poolSize: number): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `pharos-bench-${name}-`));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const external = process.env['DATABASE_URL']?.trim() || undefined;
  const database = await openDatabase({ databaseUrl: external, dataDir, poolSize });
  cleanups.push(() => database.close());
  await migrate(database.pool);
  const postmaster = external ? undefined : Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { database, pool: database.pool, dataDir, postmaster };
}
