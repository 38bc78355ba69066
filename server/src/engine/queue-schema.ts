import { runMigrations } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from '../logger.js';
import { graphileLogger } from './graphile-logger.js';

/**
 * graphile-worker's own schema (`graphile_worker.add_job` and its tables), migrated with Pharos's own
 * before the server answers: routes enqueue jobs (a webhook starting a run) before the job runner starts.
 */
export async function migrateJobQueue(pool: pg.Pool, logger: Logger): Promise<void> {
  await runMigrations({ pgPool: pool, logger: graphileLogger(logger) });
}
