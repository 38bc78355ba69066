/**
 * A server process's engine, alone, for tests that need several processes on one database: the real
 * Engine with two test jobs that record each run in engine_test_runs. Prints 'ready' once started;
 * SIGTERM stops it gracefully. Run with `node --import tsx`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobContext } from '../../src/engine/job.js';
import { childEngine } from './engine-child.js';

const { name, pool, engine, serve } = childEngine({ poolSize: 4, concurrency: 8 });

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

await serve();
