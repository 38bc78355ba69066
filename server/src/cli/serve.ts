import { loadIdentityConfig } from '../auth/identity/config.js';
import { migrate } from '../db/migrate.js';
import { migrateJobQueue } from '../engine/queue-schema.js';
import { enginePoolSize, loadEngineConfig } from '../engine/config.js';
import { connectionBudget, warnWhenOverBudget } from '../db/connection-budget.js';
import { loadDataServiceConfig } from '../rest/config.js';
import { dataPoolSize } from '../rest/data-pool.js';
import { surviveDatabaseOutages } from '../db/unavailable-rejections.js';
import { createRuntime, loadRuntimeSecrets, openRuntimeDatabase } from './runtime.js';
import { protectDataFolder } from '../data-folder.js';
import { loadAgentConfig } from '../agents/runtime/agent-config.js';
import { Starting } from '../system/starting.js';
import { Shutdown } from './shutdown.js';

/** Running jobs get at most 10 s, and never more than half of the whole shutdown's bound, to finish before they are asked to stop. */
function jobGraceMs(shutdownTimeoutMs: number): number {
  return Math.min(10_000, Math.floor(shutdownTimeoutMs / 2));
}

/** What answering needs beyond the database; loaded while PostgreSQL starts and migrations run. */
async function loadAnswering() {
  const [app, atRest, specSecrets, sandbox, prom] = await Promise.all([
    import('../app.js'),
    import('../connections/at-rest.js'),
    import('../secrets/plain-spec-secrets.js'),
    import('../expressions/sandbox.js'),
    import('prom-client'),
  ]);
  return { ...app, ...atRest, ...specSecrets, ...sandbox, Registry: prom.Registry };
}

/**
 * `pharos serve`: database and migrations, then HTTP, then everything else (job runner, schedules,
 * caches), until SIGINT/SIGTERM. `/api/ready` says the server is still starting until that is done.
 */
export async function serve(): Promise<void> {
  const runtime = createRuntime('stdout');
  const { config, logger, shutdown } = runtime;
  shutdown.exitOnSignals(() => 0, config.shutdownTimeoutMs);
  surviveDatabaseOutages(logger);
  try {
    // A sign-in setting Pharos cannot honour (an unknown PHAROS_AUTH_MODE, a malformed PHAROS_OIDC_*)
    // stops the start before any database work.
    loadIdentityConfig();
    const agent = loadAgentConfig();
    // The app's modules load while PostgreSQL starts in its own processes, not before they are launched:
    // both need this thread, and the database is the longer wait.
    let launched: () => void = () => undefined;
    const postgresLaunched = new Promise<void>((resolve) => (launched = resolve));
    const opening = openRuntimeDatabase(runtime, { shareEmbedded: true, onLaunched: () => launched() });
    const answering = postgresLaunched.then(loadAnswering);
    // Until it is awaited, a failure to load is reported where it is awaited, not as an unhandled rejection.
    answering.catch(() => undefined);
    const database = await opening;
    await migrate(database.pool, { logger });
    await migrateJobQueue(database.pool, logger);
    const budget = connectionBudget({
      serverPool: config.poolSize,
      dataPool: dataPoolSize(loadDataServiceConfig(), config.poolSize),
      enginePool: enginePoolSize(loadEngineConfig()),
    });
    await warnWhenOverBudget(database.pool, budget, logger);
    const secrets = await loadRuntimeSecrets(runtime);
    await protectDataFolder(config.dataDir, { embedded: config.databaseUrl === undefined });
    const { buildApp, checkServerKey, sealPlainCredentials, sealPlainSpecSecrets, ExpressionSandbox, Registry } = await answering;
    // The key must open what is stored, and nothing is answered in clear that should be sealed: both before answering.
    await checkServerKey(database.pool, secrets);
    const sealed = await sealPlainCredentials(database.pool, secrets);
    if (sealed > 0) logger.info({ sealed }, 'Sealed connection credentials that were stored in clear');
    const sealedSpecs = await sealPlainSpecSecrets(database.pool, secrets);
    if (sealedSpecs > 0) logger.info({ sealed: sealedSpecs }, 'Sealed credentials of specs that were stored in clear');
    const metrics = new Registry();
    const sandbox = new ExpressionSandbox();
    shutdown.add('expressions', () => sandbox.close());
    // Stopped after the HTTP server, as they were started after it.
    const background = new Shutdown(logger);
    shutdown.add('jobs and schedules', () => background.run());
    const starting = new Starting();
    const app = await buildApp({ pool: database.pool, logger, metrics, secrets, sandbox, stopping: shutdown.signal, starting });
    shutdown.add('http', () => app.close());
    await app.listen({ port: config.port, host: config.host });
    const { startServeWork, displayHost } = await import('./serve-work.js');
    logger.info(`Pharos is listening on http://${displayHost(config.host)}:${config.port}`);
    try {
      await startServeWork({
        pool: database.pool,
        logger,
        metrics,
        secrets,
        sandbox,
        shutdown: background,
        stopping: shutdown.signal,
        shutdownGraceMs: jobGraceMs(config.shutdownTimeoutMs),
        host: config.host,
        port: config.port,
        agent,
      });
      starting.finish();
    } catch (error) {
      starting.fail(error instanceof Error ? error.message : String(error));
      throw error;
    }
  } catch (error) {
    await shutdown.run();
    throw error;
  }
}
