/**
 * A server process's engine with the health area, alone, for tests that need several processes on
 * one database: the real Engine, canary.changed syncing and the real CanaryRun job, which also notes
 * each run (canary, tick, this process, start and end) in health_test_runs. Prints 'ready' once
 * started; SIGTERM stops it gracefully. Run with `node --import tsx`.
 */
import { ExpressionSandbox } from '../../src/expressions/sandbox.js';
import { canaryRunJob, type CanaryRunPayload } from '../../src/health/run-canary.js';
import { canaryChangedHandler } from '../../src/health/sync.js';
import { ServerSecrets } from '../../src/secrets/server-secrets.js';
import { childEngine } from './engine-child.js';

const { name, pool, engine, serve } = childEngine({ poolSize: 6, concurrency: 4, eventsPollMs: 200 });
const sandbox = new ExpressionSandbox();

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

await serve(() => sandbox.close());
