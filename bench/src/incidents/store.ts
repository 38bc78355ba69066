import { rm } from 'node:fs/promises';
import { migrate, openDatabase, type Database } from '../server.js';
import { seedIncidents, type IncidentsSize } from './seed.js';

/** Bump when the seed's shape changes: incidents of another version are seeded again. */
const SEED_VERSION = 2;

export interface SeededIncidents {
  database: Database;
  seedSeconds: number;
  seededNow: boolean;
}

/**
 * The benchmark's database: DATABASE_URL, or an embedded PostgreSQL in `dataDir` kept between runs.
 * Seeded once (a marker row says what and when); a seed that did not finish is thrown away and started
 * again (embedded) or refused (DATABASE_URL). Migrations run on every open, so a new one (an index)
 * is measured without seeding again.
 */
export async function openSeededIncidents(dataDir: string, databaseUrl: string | undefined, size: IncidentsSize, log: (message: string) => void): Promise<SeededIncidents> {
  const open = () => openDatabase({ databaseUrl, dataDir, poolSize: 8 });
  let database = await open();
  try {
    await migrate(database.pool);
    const { rows: exists } = await database.pool.query<{ table: string | null }>("select to_regclass('bench_incidents_seed')::text as table");
    if (exists[0]?.table) {
      const { rows } = await database.pool.query<{ version: number | null; size: IncidentsSize | null; seconds: number }>('select * from bench_incidents_seed');
      const marker = rows[0];
      const sameSize = (Object.keys(size) as (keyof IncidentsSize)[]).every((key) => marker?.size?.[key] === size[key]);
      if (marker?.version === SEED_VERSION && sameSize) return { database, seedSeconds: marker.seconds, seededNow: false };
      if (databaseUrl) throw new Error('DATABASE_URL holds another or an unfinished incidents seed: give the benchmark an empty database');
      log(`the incidents in ${dataDir} are of another shape or unfinished: seeding again`);
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
      database = await open();
      await migrate(database.pool);
    }
    await database.pool.query('create table bench_incidents_seed (version int, size jsonb, seconds float8, seeded_at timestamptz)');
    log(`seeding ${size.incidents.toLocaleString('en')} incidents into ${databaseUrl ? 'DATABASE_URL' : dataDir} (once; later runs reuse it)`);
    const started = performance.now();
    await seedIncidents(database.pool, size, log);
    const seconds = (performance.now() - started) / 1000;
    await database.pool.query('insert into bench_incidents_seed values ($1, $2, $3, now())', [SEED_VERSION, JSON.stringify(size), seconds]);
    return { database, seedSeconds: seconds, seededNow: true };
  } catch (error) {
    await database.close();
    throw error;
  }
}
