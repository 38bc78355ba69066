import { addHandwrittenRoute } from './handwritten.js';
import { buildApp, createToken, migrate, openDatabase, seedScale } from './server.js';

/** Concurrent callers the load stands for; at least the load's connection count. */
const CALLERS = 16;

export interface FixtureOptions {
  /** External PostgreSQL (DATABASE_URL); an embedded one in `dataDir` when undefined. */
  databaseUrl: string | undefined;
  dataDir: string;
  incidents: number;
  log: (message: string) => void;
}

export interface Fixture {
  baseUrl: string;
  /** An admin bearer token. */
  token: string;
  /** Stops the app, then the database; once, however often called. */
  close(): Promise<void>;
}

async function seconds<T>(log: (message: string) => void, label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

/** A migrated, seeded database and the real app (auth on) plus the hand-written route, listening. */
export async function startFixture(options: FixtureOptions): Promise<Fixture> {
  const { log } = options;
  const database = await seconds(log, options.databaseUrl ? 'database opened (DATABASE_URL)' : 'embedded PostgreSQL started', () =>
    openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, poolSize: 20 }),
  );
  try {
    const { pool } = database;
    await seconds(log, 'migrated', () => migrate(pool));
    await seconds(log, `seeded ${options.incidents} incidents`, () => seedScale(pool, options.incidents));
    // Settled statistics and visibility map, as autovacuum would leave them; both modes alike.
    await seconds(log, 'vacuumed and analysed', () => pool.query('VACUUM (ANALYZE) incidents, people'));
    const token = await createToken(pool, { email: 'bench-admin@example.com', roles: ['admin'], tokenName: 'bench' });

    // The load's connections stand for as many callers, so one token must not be held to one
    // caller's share of the data service (PHAROS_DB_CALLER_CONCURRENCY); bench:abuse measures that limit.
    const app = await buildApp({ pool, webDir: null, dataService: { callerConcurrency: CALLERS } });
    addHandwrittenRoute(app, pool);
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    let closing: Promise<void> | undefined;
    return {
      baseUrl,
      token,
      close: () => {
        closing ??= app.close().then(() => database.close());
        return closing;
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
