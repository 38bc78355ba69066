import { isRecord, parseGoDuration, SPEC_SECRET_RULES } from '@pharos/core';
import type pg from 'pg';
import type { JobDefinition, JobOutcome } from '../engine/job.js';
import type { ExpressionSandbox } from '../expressions/sandbox.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { openSealedUrls } from '../secrets/spec-secrets.js';
import { VERSION } from '../version.js';
import { extractItems, type CelEvaluator } from './extract.js';
import type { FollowContext, FollowedEntry, Followers } from './followers.js';
import { isJsonPath } from './jsonpath.js';
import type { ScriptRunners, TemplateRenderer } from './transform-script.js';
import { KIND_READERS, KINDS_NOT_RUN, SPEC_SETTINGS } from './kinds/index.js';
import type { KindContext } from './kinds/types.js';
import { applyRetention, type RetentionResult } from './retention.js';
import { saveScrape } from './save-scrape.js';
import { typeSummary, type ScrapedItem, type ScrapeSummary } from './scrape-types.js';

/** The job each scraper's schedule runs (config-db's name). */
export const SCRAPER_TASK = 'Scraper';
/** Items not seen for this long are soft-deleted, unless `retention.staleItemAge` says otherwise (config-db's default). */
export const DEFAULT_STALE_ITEM_AGE_MS = 24 * 3_600_000;
/** A change repeated within this window counts on the earlier one (config-db's `changes.dedup.window`). */
export const DEDUP_WINDOW_MS = 3_600_000;

export interface ScraperRunOptions {
  pool: pg.Pool;
  secrets: ServerSecrets;
  /** Where transform.expr and mask selectors (CEL) run. */
  sandbox?: ExpressionSandbox;
  /** Where relative file paths start; the working directory by default. */
  baseDir?: string;
  /** Keeps the items of kinds that can follow their source (Kubernetes watches) current between scrapes; none without it. */
  followers?: Followers;
}

export interface ScraperRunPayload {
  scraperId: string;
}

export interface ScrapeRun {
  /** Another run of the scraper was going: this one did nothing. */
  skipped: boolean;
  summary: ScrapeSummary;
  errors: string[];
  items: number;
  /** What `retention` removed after the scrape. */
  retention?: RetentionResult;
}

interface ScraperRow {
  id: string;
  name: string;
  namespace: string;
  spec: Record<string, unknown>;
}

/** `retention.staleItemAge`: a duration, `keep` (never), or the default. */
export function staleItemAgeOf(spec: Record<string, unknown>): number | null {
  const retention = isRecord(spec['retention']) ? spec['retention'] : {};
  const age = retention['staleItemAge'];
  if (age === 'keep') return null;
  if (typeof age !== 'string' || age === '') return DEFAULT_STALE_ITEM_AGE_MS;
  return parseGoDuration(age);
}

/** Insights not observed for this long are resolved, unless `retention.staleAnalysisAge` says otherwise (config-db's default). */
export const DEFAULT_STALE_ANALYSIS_AGE_MS = 48 * 3_600_000;

/** `retention.staleAnalysisAge`: a duration, `keep` (never), or the default; why not when it is none of these. */
export function staleAnalysisAgeOf(spec: Record<string, unknown>): number | null | string {
  const retention = isRecord(spec['retention']) ? spec['retention'] : {};
  const age = retention['staleAnalysisAge'];
  if (age === 'keep') return null;
  if (age === undefined || age === null || age === '') return DEFAULT_STALE_ANALYSIS_AGE_MS;
  try {
    if (typeof age !== 'string') throw new Error(`not a duration: ${JSON.stringify(age)}`);
    return parseGoDuration(age);
  } catch (error) {
    return `invalid analysis retention config: retention.staleAnalysisAge: ${(error as Error).message}`;
  }
}

/** The type a kind entry's errors count under: its literal type, else the kind. */
function typeOfEntry(kind: string, entry: Record<string, unknown>): string {
  const type = entry['type'];
  return typeof type === 'string' && type !== '' && !isJsonPath(type) ? type : kind;
}

interface Scraped {
  items: ScrapedItem[];
  errors: Array<{ type: string; message: string }>;
  follows: FollowedEntry[];
}

async function scrape(options: ScraperRunOptions, scraper: ScraperRow, signal: AbortSignal): Promise<Scraped> {
  const cel: CelEvaluator | undefined = options.sandbox ? (expression, variables) => options.sandbox!.evaluateCel(expression, variables) : undefined;
  const template: TemplateRenderer | undefined = options.sandbox ? (text, data) => options.sandbox!.renderTemplate(text, data) : undefined;
  const scripts: ScriptRunners | undefined = options.sandbox
    ? { javascript: (script, config) => options.sandbox!.runJavascript(script, config), jsonpath: (path, json) => options.sandbox!.selectJsonPath(path, json) }
    : undefined;
  const context: KindContext = {
    pool: options.pool,
    secrets: options.secrets,
    signal,
    namespace: scraper.namespace,
    baseDir: options.baseDir ?? process.cwd(),
    userAgent: `pharos/${VERSION}`,
    ...(cel ? { cel } : {}),
  };
  const items: ScrapedItem[] = [];
  const errors: Array<{ type: string; message: string }> = [];
  const follows: FollowedEntry[] = [];
  for (const [kind, entries] of Object.entries(scraper.spec)) {
    if (SPEC_SETTINGS.has(kind)) continue;
    const reader = KIND_READERS[kind];
    const list = Array.isArray(entries) ? entries.filter(isRecord) : [];
    if (!reader) {
      if (list.length > 0) errors.push({ type: kind, message: `${kind} scrapers need ${KINDS_NOT_RUN[kind] ?? 'a scraper kind Pharos does not have'}: not run` });
      continue;
    }
    for (const [index, entry] of list.entries()) {
      const type = typeOfEntry(kind, entry);
      const where = `${kind}[${index}]`;
      try {
        const read = await reader(openSealedUrls(entry, SPEC_SECRET_RULES.ScrapeConfig, options.secrets), context);
        const extracted = await extractItems(entry, read.inputs, cel, { full: scraper.spec['full'] === true, ...(template ? { template } : {}), ...(scripts ? { scripts } : {}) });
        items.push(...extracted.items);
        if (read.follow) follows.push({ entry, follow: read.follow });
        for (const message of [...read.errors, ...extracted.errors]) errors.push({ type, message: `${where}: ${message}` });
      } catch (error) {
        if (signal.aborted) throw error;
        errors.push({ type, message: `${where}: ${(error as Error).message}` });
      }
    }
  }
  return { items, errors, follows };
}

/**
 * One run of a scraper: every entry of every kind read, its items saved through the catalog's write
 * path. Runs of one scraper never overlap, across processes too: a run that finds another going
 * does nothing and says so.
 */
export async function runScraper(options: ScraperRunOptions, scraperId: string, signal: AbortSignal): Promise<ScrapeRun> {
  const lock = await options.pool.connect();
  try {
    const { rows: locked } = await lock.query<{ ok: boolean }>("select pg_try_advisory_lock(hashtextextended('scraper:' || $1, 0)) as ok", [scraperId]);
    if (!locked[0]!.ok) return { skipped: true, summary: {}, errors: ['another run of this scraper is still going: this one was skipped'], items: 0 };
    try {
      const { rows } = await options.pool.query<ScraperRow>('select id, name, namespace, spec from config_scrapers where id = $1 and deleted_at is null', [scraperId]);
      const scraper = rows[0];
      if (!scraper) return { skipped: true, summary: {}, errors: ['the scraper was deleted'], items: 0 };
      const startedAt = new Date();
      const { items, errors, follows } = await scrape(options, scraper, signal);
      const analysisAge = staleAnalysisAgeOf(scraper.spec ?? {});
      if (typeof analysisAge === 'string') errors.push({ type: 'retention', message: analysisAge });
      const summary = await saveScrape(options.pool, items, {
        scraperId,
        startedAt,
        staleItemAgeMs: staleItemAgeOf(scraper.spec ?? {}),
        deleteStale: errors.length === 0 && items.length > 0,
        dedupWindowMs: DEDUP_WINDOW_MS,
        staleAnalysisAgeMs: typeof analysisAge === 'string' ? null : analysisAge,
        onError: (type, message) => errors.push({ type, message }),
      });
      if (options.followers && !signal.aborted) options.followers.start(followContext(options, scraperId), follows);
      const retention = await applyRetention(options.pool, scraperId, scraper.spec ?? {});
      errors.push(...retention.errors.map((message) => ({ type: 'retention', message })));
      for (const error of errors) typeSummary(summary, error.type).errors += 1;
      return { skipped: false, summary, errors: errors.map((error) => error.message), items: items.length, retention: retention.result };
    } finally {
      await lock.query("select pg_advisory_unlock(hashtextextended('scraper:' || $1, 0))", [scraperId]);
    }
  } finally {
    lock.release();
  }
}

function followContext(options: ScraperRunOptions, scraperId: string): FollowContext {
  const sandbox = options.sandbox;
  return {
    pool: options.pool,
    scraperId,
    dedupWindowMs: DEDUP_WINDOW_MS,
    ...(sandbox
      ? {
          cel: (expression: string, variables: Record<string, unknown>) => sandbox.evaluateCel(expression, variables),
          template: (text: string, data: unknown) => sandbox.renderTemplate(text, data),
          scripts: { javascript: (script: string, config: unknown) => sandbox.runJavascript(script, config), jsonpath: (path: string, json: unknown) => sandbox.selectJsonPath(path, json) },
        }
      : {}),
    onError: (message) => process.emitWarning(`scraper ${scraperId}: ${message}`),
  };
}

/** What job history keeps of a run: the scrape summary per type and the errors. */
export function outcomeOf(run: ScrapeRun): JobOutcome {
  const details = {
    scrape_summary: run.summary,
    ...(run.retention ? { summary: { retention: run.retention } } : {}),
    ...(run.errors.length > 0 ? { errors: run.errors } : {}),
  };
  if (run.skipped) return { status: 'WARNING', errorCount: 0, successCount: 0, details };
  const status = run.errors.length > 0 && run.items === 0 ? 'FAILED' : run.errors.length > 0 ? 'WARNING' : 'SUCCESS';
  return { status, successCount: run.items, errorCount: run.errors.length, details };
}

/** The job a scraper's schedule runs. */
export function scraperRunJob(options: ScraperRunOptions): JobDefinition<ScraperRunPayload> {
  return {
    name: SCRAPER_TASK,
    timeoutMs: 30 * 60_000,
    maxAttempts: 1,
    async run(payload, context) {
      return outcomeOf(await runScraper(options, payload.scraperId, context.signal));
    },
  };
}
