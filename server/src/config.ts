import path from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface Config {
  port: number;
  host: string;
  /** External PostgreSQL; when absent an embedded one runs in `${dataDir}/postgres`. */
  databaseUrl: string | undefined;
  /** Absolute path of the folder holding Pharos's local state. */
  dataDir: string;
  logLevel: LogLevel;
  poolSize: number;
  /** Longest a SIGTERM/SIGINT waits for requests and jobs to finish before the process exits anyway. */
  shutdownTimeoutMs: number;
}

type Env = Readonly<Record<string, string | undefined>>;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function positiveInteger(name: string, value: string | undefined, fallback: number, max: number): number {
  const raw = nonEmpty(value);
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > max) {
    throw new Error(`${name} must be an integer between 0 and ${max}, got "${raw}"`);
  }
  return parsed;
}

function logLevel(value: string | undefined): LogLevel {
  const raw = nonEmpty(value)?.toLowerCase() ?? 'info';
  const level = LOG_LEVELS.find((candidate) => candidate === raw);
  if (!level) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  return level;
}

/** Reads the configuration from the environment; throws a readable error on a malformed value. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const poolSize = positiveInteger('PG_POOL_SIZE', env['PG_POOL_SIZE'], 20, 1000);
  if (poolSize < 1) throw new Error('PG_POOL_SIZE must be at least 1');
  const shutdownTimeout = positiveInteger('PHAROS_SHUTDOWN_TIMEOUT', env['PHAROS_SHUTDOWN_TIMEOUT'], 25, 3600);
  if (shutdownTimeout < 1) throw new Error('PHAROS_SHUTDOWN_TIMEOUT must be at least 1 (seconds)');
  return {
    port: positiveInteger('PORT', env['PORT'], 8080, 65535),
    host: nonEmpty(env['HOST']) ?? '0.0.0.0',
    databaseUrl: nonEmpty(env['DATABASE_URL']),
    dataDir: path.resolve(cwd, nonEmpty(env['PHAROS_DATA_DIR']) ?? '.pharos'),
    logLevel: logLevel(env['LOG_LEVEL']),
    poolSize,
    shutdownTimeoutMs: shutdownTimeout * 1000,
  };
}
