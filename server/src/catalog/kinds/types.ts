import type pg from 'pg';
import type { ServerSecrets } from '../../secrets/server-secrets.js';
import type { CelEvaluator, ScrapeInput } from '../extract.js';

export interface KindContext {
  pool: pg.Pool;
  secrets: ServerSecrets;
  /** Aborted when the run times out or the server stops. */
  signal: AbortSignal;
  /** The scraper's namespace: connections and secrets are looked up there first. */
  namespace: string;
  /** Where relative file paths start (config-db: its working directory). */
  baseDir: string;
  userAgent: string;
  /** Where CEL runs (the sandbox), for what a kind evaluates itself (http pagination). */
  cel?: CelEvaluator;
}

/** What one entry of a scraper kind read, and what it could not. */
export interface KindResult {
  inputs: ScrapeInput[];
  errors: string[];
}

/** Reads one entry of a kind's list (e.g. one `file:` entry); throws when nothing could be read. */
export type KindReader = (spec: Record<string, unknown>, context: KindContext) => Promise<KindResult>;

export const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
