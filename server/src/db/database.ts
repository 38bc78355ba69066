import pg from 'pg';
import type { Config } from '../config.js';
import { silentLogger, type Logger } from '../logger.js';
import { startEmbeddedPostgres } from './embedded.js';

export interface Database {
  url: string;
  pool: pg.Pool;
  /** Ends the pool, then stops the embedded PostgreSQL if this process started one. */
  close(): Promise<void>;
}

/** `port`: the HTTP port, which the embedded PostgreSQL never takes. */
export type DatabaseConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'poolSize'> & Partial<Pick<Config, 'port'>>;

export interface OpenDatabaseOptions {
  logger?: Logger;
  /** For `serve`: let other pharos commands use the embedded PostgreSQL this process starts. */
  shareEmbedded?: boolean;
  /** Called once PostgreSQL is reachable or on its way up in a process of its own (see EmbeddedOptions). */
  onLaunched?: () => void;
}

/** Opens DATABASE_URL, or the embedded PostgreSQL of PHAROS_DATA_DIR when it is not set. */
export async function openDatabase(config: DatabaseConfig, options: OpenDatabaseOptions = {}): Promise<Database> {
  const logger = options.logger ?? silentLogger();
  if (config.databaseUrl) options.onLaunched?.();
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        logger,
        shareable: options.shareEmbedded ?? false,
        reservedPorts: config.port === undefined ? [] : [config.port],
        ...(options.onLaunched ? { onLaunched: options.onLaunched } : {}),
      });
  const url = config.databaseUrl ?? embedded?.url;
  if (!url) throw new Error('No database URL');

  const pool = new pg.Pool({ connectionString: url, max: config.poolSize });
  let closing: Promise<void> | undefined;
  // An idle client can lose its connection (database restart, shutdown); without a listener that
  // error event would crash the process.
  pool.on('error', (error: Error & { code?: string }) => {
    if (!closing) logger.warn({ code: error.code }, `idle database connection failed: ${error.message}`);
  });
  // Nor may a connection held between statements (a run's lock, a listener): its holder sees the
  // failure at its next statement and takes a new connection.
  pool.on('connect', (client) => {
    client.on('error', (error: Error & { code?: string }) => {
      if (!closing) logger.warn({ code: error.code }, `held database connection failed: ${error.message}`);
    });
  });

  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    await embedded?.stop();
    throw new Error(`Cannot connect to the database: ${(error as Error).message}`);
  }

  return {
    url,
    pool,
    close: () => {
      closing ??= (async () => {
        await pool.end().catch((error: unknown) => logger.warn({ err: error }, 'closing the pool failed'));
        await embedded?.stop();
      })();
      return closing;
    },
  };
}
