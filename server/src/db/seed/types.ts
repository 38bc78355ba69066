import type pg from 'pg';
import type { Logger } from '../../logger.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';

/** Where this Pharos runs, for demo data that reads real things on the machine. */
export interface SeedContext {
  /** The database Pharos uses, as it was opened. */
  databaseUrl: string;
  /** Absolute path of the data folder. */
  dataDir: string;
  /** The port `pharos serve` listens on. */
  port: number;
  secrets: ServerSecrets;
}

/** One area's demo data. `run` must be idempotent: seeding twice leaves the same rows. */
export interface Seeder {
  name: string;
  description: string;
  /** Runs inside a transaction of its own. */
  run(client: pg.PoolClient, logger: Logger, context?: SeedContext): Promise<void>;
}
