import { rm } from 'node:fs/promises';
import { seedCatalog, type CatalogSize } from './catalog-seed.js';
import { migrate, openDatabase, type Database } from './server.js';

/** Bump when the seed's shape changes: a catalog of another version is seeded again. */
const SEED_VERSION = 1;

export interface SeededCatalog {
  database: Database;
  seededAt: Date;
  /** Seconds the seed took, in this run or the one that wrote it. */
  seedSeconds: number;
  seededNow: boolean;
}

/**
 * The benchmark's catalog database: DATABASE_URL, or an embedded PostgreSQL in `dataDir` that is
 * kept between runs. Seeded once (a marker row says what and when); a seed that did not finish is
 * thrown away and started again (embedded) or refused (DATABASE_URL).
 */
export async function openSeededCatalog(dataDir: string, databaseUrl: string | undefined, size: CatalogSize, log: (message: string) => void): Promise<SeededCatalog> {
  const open = () => openDatabase({ databaseUrl, dataDir, poolSize: 8 });
  let database = await open();
  const markerTable = 'create table bench_catalog_seed (version int, size jsonb, seconds float8, seeded_at timestamptz)';
  try {
    await migrate(database.pool);
    const { rows: exists } = await database.pool.query<{ table: string | null }>("select to_regclass('bench_catalog_seed')::text as table");
    if (exists[0]?.table) {
      const { rows } = await database.pool.query<{ version: number | null; size: CatalogSize; seconds: number; seeded_at: Date }>('select * from bench_catalog_seed');
      const marker = rows[0];
      const sameSize = (Object.keys(size) as (keyof CatalogSize)[]).every((key) => marker?.size?.[key] === size[key]);
      if (marker?.version === SEED_VERSION && sameSize) {
        return { database, seededAt: marker.seeded_at, seedSeconds: marker.seconds, seededNow: false };
      }
      // The table is made when a seed starts and its row written when one ends.
      if (databaseUrl) throw new Error('DATABASE_URL holds another or an unfinished catalog seed: give the benchmark an empty database');
      log(`the catalog in ${dataDir} is of another shape or unfinished: seeding again`);
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
      database = await open();
      await migrate(database.pool);
    }
    await database.pool.query(markerTable);
    log(`seeding ${size.configs.toLocaleString('en')} configs and ${size.changes.toLocaleString('en')} changes into ${databaseUrl ? 'DATABASE_URL' : dataDir} (once; later runs reuse it)`);
    const started = performance.now();
    await seedCatalog(database.pool, size, log);
    const seconds = (performance.now() - started) / 1000;
    const { rows: written } = await database.pool.query<{ seeded_at: Date }>(
      'insert into bench_catalog_seed (version, size, seconds, seeded_at) values ($1, $2, $3, now()) returning seeded_at',
      [SEED_VERSION, JSON.stringify(size), seconds],
    );
    return { database, seededAt: written[0]!.seeded_at, seedSeconds: seconds, seededNow: true };
  } catch (error) {
    await database.close();
    throw error;
  }
}
