/**
 * A server process's engine with the catalog's jobs and consumers, as `pharos serve` registers them,
 * for tests that need several processes on one database. Prints 'ready' once started; SIGTERM stops
 * it gracefully. Run with `node --import tsx`.
 */
import pg from 'pg';
import { Registry } from 'prom-client';
import { registerCatalog } from '../../src/catalog/register.js';
import { Engine } from '../../src/engine/engine.js';
import { createLogger } from '../../src/logger.js';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';

const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const pool = new pg.Pool({ connectionString: databaseUrl, max: 6 });
const engine = new Engine({
  pool,
  logger: createLogger('warn', 'stderr'),
  metrics: new Registry(),
  config: { concurrency: 4, heartbeatMs: 500, deadAfterMs: 3_000, schedulerIntervalMs: 100, pollIntervalMs: 500, shutdownGraceMs: 5_000 },
  events: { pollIntervalMs: 200 },
});
registerCatalog(engine, { pool, secrets: new ServerSecrets(Buffer.alloc(32, 42)) });

await engine.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void engine
    .stop()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
