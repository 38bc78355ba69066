import type pg from 'pg';
import type { Logger } from '../../logger.js';

/** One area's demo data. `run` must be idempotent: seeding twice leaves the same rows. */
export interface Seeder {
  name: string;
  description: string;
  /** Runs inside a transaction of its own. */
  run(client: pg.PoolClient, logger: Logger): Promise<void>;
}
