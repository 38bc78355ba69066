import { LOCAL_AGENT_ID } from '@pharos/core';
import type pg from 'pg';
import { transaction } from '../db/transaction.js';
import { removeSchedule, saveSchedule } from '../engine/schedules.js';
import type { DomainEvent } from '../events/types.js';
import { runsOnAgents } from '../agents/assignment.js';
import { SCRAPER_TASK } from './run-scraper.js';

/** How often a scraper runs when its spec gives no `schedule` (config-db's default). */
export const DEFAULT_SCRAPER_SCHEDULE = '@every 60m';

export const scraperScheduleKey = (scraperId: string) => `scraper:${scraperId}`;

interface ScraperRow {
  id: string;
  name: string;
  spec: Record<string, unknown> | null;
  agent_id: string;
  deleted_at: Date | null;
}

/**
 * Makes a scraper's schedule what its spec says; a deleted scraper loses its schedule and its items
 * are soft-deleted (reason SCRAPER_DELETED, as config-db does).
 */
export async function syncScraper(pool: pg.Pool, scraperId: string): Promise<void> {
  await transaction(pool, async (client) => {
    const { rows } = await client.query<ScraperRow>('select id, name, spec, agent_id, deleted_at from config_scrapers where id = $1 for update', [scraperId]);
    const scraper = rows[0];
    if (!scraper || scraper.deleted_at) {
      await removeSchedule(client, scraperScheduleKey(scraperId));
      await client.query("update configs set deleted_at = now(), delete_reason = 'SCRAPER_DELETED' where scraper_id = $1 and deleted_at is null", [scraperId]);
      return;
    }
    // A scraper assigned to agents (or pushed by one) runs there; the items they push stay theirs.
    if (runsOnAgents(scraper.spec) || scraper.agent_id !== LOCAL_AGENT_ID) {
      await removeSchedule(client, scraperScheduleKey(scraperId));
      return;
    }
    const schedule = scraper.spec?.['schedule'];
    await saveSchedule(client, {
      key: scraperScheduleKey(scraper.id),
      task: SCRAPER_TASK,
      schedule: typeof schedule === 'string' && schedule.trim() !== '' ? schedule.trim() : DEFAULT_SCRAPER_SCHEDULE,
      payload: { scraperId: scraper.id },
      history: { name: SCRAPER_TASK, resourceId: scraper.id, resourceType: 'config_scraper', resourceName: scraper.name },
    });
  });
}

/** The consumer of scraper.changed. */
export function scraperChangedHandler(pool: pg.Pool) {
  return (event: DomainEvent) => syncScraper(pool, event.subjectId);
}
