import type pg from 'pg';
import type { CelEvaluator } from './extract.js';
import { extractItems } from './extract.js';
import type { Follow, FollowSink } from './kinds/types.js';
import { saveScrape } from './save-scrape.js';
import type { ScriptRunners, TemplateRenderer } from './transform-script.js';

/** A scraper entry whose kind follows its source, with what its items need to be made. */
export interface FollowedEntry {
  entry: Record<string, unknown>;
  follow: Follow;
}

export interface FollowContext {
  pool: pg.Pool;
  scraperId: string;
  dedupWindowMs: number;
  cel?: CelEvaluator;
  template?: TemplateRenderer;
  scripts?: ScriptRunners;
  onError: (message: string) => void;
}

function sinkOf(context: FollowContext, entry: Record<string, unknown>): FollowSink {
  return {
    async save(inputs) {
      const extracted = await extractItems(entry, inputs, context.cel, { ...(context.template ? { template: context.template } : {}), ...(context.scripts ? { scripts: context.scripts } : {}) });
      extracted.errors.forEach(context.onError);
      await saveScrape(context.pool, extracted.items, { scraperId: context.scraperId, startedAt: new Date(), staleItemAgeMs: null, deleteStale: false, dedupWindowMs: context.dedupWindowMs, onError: (_type, message) => context.onError(message) });
    },
    async remove(type, externalId) {
      await context.pool.query("update configs set deleted_at = now(), delete_reason = 'FROM_EVENT' where scraper_id = $1 and type = $2 and external_id = $3 and deleted_at is null", [context.scraperId, type, externalId]);
    },
    error: context.onError,
  };
}

/**
 * The scrapers whose sources are followed between full scrapes in this process: each full scrape
 * replaces its scraper's followers, a deleted scraper's stop at their next change, and all stop with the server.
 */
export class Followers {
  private readonly running = new Map<string, AbortController>();

  start(context: FollowContext, entries: readonly FollowedEntry[]): void {
    this.stop(context.scraperId);
    if (entries.length === 0) return;
    const controller = new AbortController();
    this.running.set(context.scraperId, controller);
    for (const { entry, follow } of entries) {
      const sink = sinkOf(context, entry);
      const guarded: FollowSink = {
        save: async (inputs) => ((await this.scraperLive(context)) ? sink.save(inputs) : this.stop(context.scraperId)),
        remove: async (type, id) => ((await this.scraperLive(context)) ? sink.remove(type, id) : this.stop(context.scraperId)),
        error: sink.error,
      };
      follow(guarded, controller.signal);
    }
  }

  private async scraperLive(context: FollowContext): Promise<boolean> {
    const { rowCount } = await context.pool.query('select 1 from config_scrapers where id = $1 and deleted_at is null', [context.scraperId]);
    return (rowCount ?? 0) > 0;
  }

  stop(scraperId: string): void {
    this.running.get(scraperId)?.abort();
    this.running.delete(scraperId);
  }

  isFollowing(scraperId: string): boolean {
    return this.running.has(scraperId);
  }

  stopAll(): void {
    for (const scraperId of [...this.running.keys()]) this.stop(scraperId);
  }
}
