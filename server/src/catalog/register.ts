import type { Engine } from '../engine/engine.js';
import { scraperRunJob, type ScraperRunOptions } from './run-scraper.js';
import { scraperChangedHandler } from './sync.js';

/** What the catalog runs on the engine: each scraper's job, and its schedule kept in step with its spec. */
export function registerCatalog(engine: Engine, options: ScraperRunOptions): void {
  engine.define(scraperRunJob(options));
  engine.events.on(['scraper.changed'], scraperChangedHandler(options.pool));
}
