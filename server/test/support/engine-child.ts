/**
 * What a child process started by engine-processes.ts shares: its own pool on DATABASE_URL and an
 * Engine with short heartbeats and scheduler intervals, named by ENGINE_PROCESS_NAME; `serve` starts
 * it, prints 'ready' and stops it gracefully on SIGTERM.
 */
import pg from 'pg';
import { Registry } from 'prom-client';
import { Engine } from '../../src/engine/engine.js';
import { createLogger } from '../../src/logger.js';

export interface ChildEngine {
  /** ENGINE_PROCESS_NAME, or the pid. */
  name: string;
  pool: pg.Pool;
  engine: Engine;
  /** Starts the engine and prints 'ready'; on SIGTERM stops it, runs `close`, ends the pool and exits. */
  serve(close?: () => Promise<void>): Promise<void>;
}

export function childEngine({ poolSize, concurrency, eventsPollMs }: { poolSize: number; concurrency: number; eventsPollMs?: number }): ChildEngine {
  const databaseUrl = process.env['DATABASE_URL'];
  const name = process.env['ENGINE_PROCESS_NAME'] ?? String(process.pid);
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const engine = new Engine({
    pool,
    logger: createLogger('warn', 'stderr'),
    metrics: new Registry(),
    config: { concurrency, heartbeatMs: 500, deadAfterMs: 3_000, schedulerIntervalMs: 100, pollIntervalMs: 500, shutdownGraceMs: 5_000 },
    ...(eventsPollMs === undefined ? {} : { events: { pollIntervalMs: eventsPollMs } }),
  });
  return {
    name,
    pool,
    engine,
    async serve(close = async () => undefined) {
      await engine.start();
      process.stdout.write('ready\n');
      process.on('SIGTERM', () => {
        void engine
          .stop()
          .then(close)
          .then(() => pool.end())
          .then(() => process.exit(0));
      });
    },
  };
}
