import { parseDuration } from '../auth/identity/config.js';

/** How much of the database one request, and one caller, may use. */
export interface DataServiceConfig {
  /** Longest a statement of /api/db may run (PHAROS_STATEMENT_TIMEOUT); then it is cancelled and answered 504. */
  statementTimeoutMs: number;
  /** Requests of one caller running at once on the data service (PHAROS_DB_CALLER_CONCURRENCY). */
  callerConcurrency: number;
  /** Requests of one caller waiting for a turn; past that the answer is 429. */
  callerQueue: number;
  /** Percent of the data service's connections that callers with only the viewer role hold at most, all together (PHAROS_DB_VIEWER_SHARE). */
  viewerSharePercent: number;
  /** Requests of those callers waiting for the share, all together; past that the answer is 429. */
  viewerQueue: number;
  /** Connections of the data service's own pool; unset: as many as the server's pool. */
  poolSize?: number;
}

type Env = Readonly<Record<string, string | undefined>>;

export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

export const DEFAULT_CALLER_CONCURRENCY = 2;

export const DEFAULT_VIEWER_SHARE_PERCENT = 50;

function viewerShare(raw: string | undefined): number {
  if (!raw) return DEFAULT_VIEWER_SHARE_PERCENT;
  const value = Number(raw.replace(/%$/, ''));
  if (!Number.isInteger(value) || value < 1 || value > 100) {
    throw new Error(`PHAROS_DB_VIEWER_SHARE must be a percentage between 1 and 100, e.g. 50%, got "${raw}"`);
  }
  return value;
}

/** The connections callers with only the viewer role may hold together, out of a pool of `poolSize`: at least one. */
export function viewerSlotCount(config: Pick<DataServiceConfig, 'viewerSharePercent'>, poolSize: number): number {
  return Math.max(1, Math.floor((poolSize * config.viewerSharePercent) / 100));
}

function callerConcurrency(raw: string | undefined): number {
  if (!raw) return DEFAULT_CALLER_CONCURRENCY;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 1000) {
    throw new Error(`PHAROS_DB_CALLER_CONCURRENCY must be an integer between 1 and 1000, got "${raw}"`);
  }
  return value;
}

export function loadDataServiceConfig(env: Env = process.env): DataServiceConfig {
  const raw = env['PHAROS_STATEMENT_TIMEOUT']?.trim();
  return {
    statementTimeoutMs: raw ? parseDuration('PHAROS_STATEMENT_TIMEOUT', raw) : DEFAULT_STATEMENT_TIMEOUT_MS,
    callerConcurrency: callerConcurrency(env['PHAROS_DB_CALLER_CONCURRENCY']?.trim()),
    callerQueue: 20,
    viewerSharePercent: viewerShare(env['PHAROS_DB_VIEWER_SHARE']?.trim()),
    viewerQueue: 200,
  };
}
