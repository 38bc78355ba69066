import type pg from 'pg';
import { silentLogger, type Logger } from '../../logger.js';
import { DEMO_SEEDERS } from './registry.js';
import type { SeedContext, Seeder } from './types.js';

// Concurrent `seed --demo` runs wait for each other instead of both inserting.
const SEED_LOCK_KEY = 7_342_515_002;

/** Runs the demo seeders, each in its own transaction; returns their names. */
export async function seedDemo(pool: pg.Pool, logger: Logger = silentLogger(), seeders: readonly Seeder[] = DEMO_SEEDERS, context?: SeedContext): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SEED_LOCK_KEY]);
    try {
      for (const seeder of seeders) {
        await client.query('begin');
        try {
          await seeder.run(client, logger, context);
          await client.query('commit');
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw new Error(`Seeder ${seeder.name} failed: ${(error as Error).message}`);
        }
        logger.info({ seeder: seeder.name }, 'demo data seeded');
      }
      return seeders.map((seeder) => seeder.name);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SEED_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}
