import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database, type OpenDatabaseOptions } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { createLogger, type Logger } from '../logger.js';
import { loadServerKey } from '../secrets/server-key.js';
import { ServerSecrets } from '../secrets/server-secrets.js';
import { Shutdown } from './shutdown.js';

export interface Runtime {
  config: Config;
  logger: Logger;
  shutdown: Shutdown;
}

/**
 * Config, logger and shutdown of one command. Commands other than `serve` log to stderr so their
 * stdout carries only their result.
 */
export function createRuntime(logTo: 'stdout' | 'stderr'): Runtime {
  const config = loadConfig();
  const logger = createLogger(logTo === 'stderr' && config.logLevel === 'info' ? 'warn' : config.logLevel, logTo);
  return { config, logger, shutdown: new Shutdown(logger) };
}

/** Opens the database `pharos serve` uses and closes it with the runtime. */
export async function openRuntimeDatabase(runtime: Runtime, options: Pick<OpenDatabaseOptions, 'shareEmbedded' | 'onLaunched'> = {}): Promise<Database> {
  const database = await openDatabase(runtime.config, { ...options, logger: runtime.logger });
  runtime.shutdown.add('database', () => database.close());
  return database;
}

/** Opens the database and applies pending migrations, so a command works on a fresh data folder too. */
export async function openMigratedDatabase(runtime: Runtime): Promise<Database> {
  const database = await openRuntimeDatabase(runtime);
  await migrate(database.pool, { logger: runtime.logger });
  return database;
}

/** Runs a one-shot command: interrupted → clean up and exit 130; finished or failed → clean up. */
export async function runOnce(action: (runtime: Runtime) => Promise<void>): Promise<void> {
  const runtime = createRuntime('stderr');
  runtime.shutdown.exitOnSignals(() => 130);
  try {
    await action(runtime);
  } finally {
    await runtime.shutdown.run();
  }
}

/** The server's key at work, as `pharos serve` loads it (PHAROS_SECRET_KEY or the data folder's secret.key). */
export async function loadRuntimeSecrets(runtime: Runtime): Promise<ServerSecrets> {
  return new ServerSecrets(await loadServerKey(process.env, runtime.config.dataDir));
}
