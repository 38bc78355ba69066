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

/** Where a kind that follows its source between scrapes sends what changed. */
export interface FollowSink {
  /** Saves items as a scrape does (changes found by diff), without marking others stale. */
  save(inputs: ScrapeInput[]): Promise<void>;
  /** Marks the item deleted. */
  remove(type: string, externalId: string): Promise<void>;
  error(message: string): void;
}

/** Keeps the entry's items current after the scrape is saved, until the signal aborts (a Kubernetes watch). */
export type Follow = (sink: FollowSink, signal: AbortSignal) => void;

/** What one entry of a scraper kind read, and what it could not; `follow` when it can keep them current between scrapes. */
export interface KindResult {
  inputs: ScrapeInput[];
  errors: string[];
  follow?: Follow;
}

/** Reads one entry of a kind's list (e.g. one `file:` entry); throws when nothing could be read. */
export type KindReader = (spec: Record<string, unknown>, context: KindContext) => Promise<KindResult>;

export const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
