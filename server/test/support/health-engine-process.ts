/**
 * A server process's engine with the health area, alone, for tests that need several processes on
 * one database: the real Engine, canary.changed syncing and the real CanaryRun job, which also notes
 * each run (canary, tick, this process, start and end) in health_test_runs. Prints 'ready' once
 * started; SIGTERM stops it gracefully. Run with `node --import tsx`.
 */
import pg from 'pg';
import { Registry } from 'prom-client';
import { Engine } from '../../src/engine/engine.js';
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { canaryRunJob, type CanaryRunPayload } from '../../src/health/run-canary.js';
import { canaryChangedHandler } from '../../src/health/sync.js';
import { createLogger } from '../../src/logger.js';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';

const databaseUrl = process.env['DATABASE_URL'];
const name = process.env['ENGINE_PROCESS_NAME'] ?? String(process.pid);
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const pool = new pg.Pool({ connectionString: databaseUrl, max: 6 });
const sandbox = new ExpressionSandbox();
const engine = new Engine({
  pool,
  logger: createLogger('warn', 'stderr'),
  metrics: new Registry(),
  config: { concurrency: 4, heartbeatMs: 500, deadAfterMs: 3_000, schedulerIntervalMs: 100, pollIntervalMs: 500, shutdownGraceMs: 5_000 },
  events: { pollIntervalMs: 200 },
});

const canaryRun = canaryRunJob({ pool, sandbox, secrets: new ServerSecrets(Buffer.alloc(32, 42)) });
engine.define<CanaryRunPayload>({
  ...canaryRun,
  run: async (payload, context) => {
    const { rows } = await pool.query<{ id: string }>(
      'insert into health_test_runs (canary_id, tick, process) values ($1, $2, $3) returning id',
      [payload.canaryId, context.tick ?? null, name],
    );
    const outcome = await canaryRun.run(payload, context);
    await pool.query('update health_test_runs set finished_at = clock_timestamp() where id = $1', [rows[0]!.id]);
    return outcome;
  },
});
engine.events.on(['canary.changed'], canaryChangedHandler(pool));

await engine.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void engine
    .stop()
    .then(() => sandbox.close())
    .then(() => pool.end())
    .then(() => process.exit(0));
});
