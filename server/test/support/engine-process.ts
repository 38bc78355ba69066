/**
 * A server process's engine, alone, for tests that need several processes on one database: the real
 * Engine with two test jobs that record each run in engine_test_runs. Prints 'ready' once started;
 * SIGTERM stops it gracefully. Run with `node --import tsx`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { Registry } from 'prom-client';
import { Engine } from '../../src/engine/engine.js';
import type { JobContext } from '../../src/engine/job.js';
import { createLogger } from '../../src/logger.js';

const databaseUrl = process.env['DATABASE_URL'];
const name = process.env['ENGINE_PROCESS_NAME'] ?? String(process.pid);
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const engine = new Engine({
  pool,
  logger: createLogger('warn', 'stderr'),
  metrics: new Registry(),
  config: { concurrency: 8, heartbeatMs: 500, deadAfterMs: 3_000, schedulerIntervalMs: 100, pollIntervalMs: 500, shutdownGraceMs: 5_000 },
});

async function recordRun(key: string, context: JobContext, work: () => Promise<void>): Promise<void> {
  const { rows } = await pool.query<{ id: string }>(
    'insert into engine_test_runs (key, tick, process) values ($1, $2, $3) returning id',
    [key, context.tick ?? null, name],
  );
  await work();
  await pool.query('update engine_test_runs set finished_at = clock_timestamp() where id = $1', [rows[0]!.id]);
}

engine.define<{ key: string }>({
  name: 'test.tick',
  run: (payload, context) => recordRun(payload.key, context, async () => undefined),
});
engine.define<{ key: string; ms: number }>({
  name: 'test.slow',
  run: (payload, context) => recordRun(payload.key, context, () => sleep(payload.ms, undefined, { signal: context.signal })),
});

await engine.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void engine
    .stop()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
