import type pg from 'pg';
import type { Logger } from '../../logger.js';
import type { PushRow } from '../sync/apply-page.js';
import { loadCursor, saveCursor } from '../sync/cursor.js';
import { commitHorizon, readByIds, readPage } from '../sync/read-page.js';
import { PUSH_PAGE_SIZE, SYNC_TABLE_NAMES, type SyncTableName } from '../sync/tables.js';
import { UpstreamError, type UpstreamClient } from './upstream-client.js';

export interface PushContext {
  pool: pg.Pool;
  upstream: UpstreamClient;
  logger: Logger;
}

/** How deep parents of parents are re-sent (a check's canary; a config's parent's parent …). */
const PARENT_DEPTH = 8;

/**
 * Sends a page and, while upstream answers that parents are missing, sends those parents first and
 * the page again. Parents this agent no longer holds cannot be sent: the page is then left as
 * upstream answered it (logged).
 */
async function pushWithParents(context: PushContext, table: SyncTableName, rows: PushRow[], depth = 0): Promise<void> {
  for (let attempt = 0; attempt <= PARENT_DEPTH; attempt += 1) {
    const answer = await context.upstream.push({ [table]: rows });
    const missing = answer.tables[table]?.missing;
    if (!missing || Object.keys(missing).length === 0) return;
    let resent = 0;
    for (const [parentTable, ids] of Object.entries(missing) as [SyncTableName, string[]][]) {
      const parents = await readByIds(context.pool, parentTable, ids);
      if (parents.length === 0 || depth >= PARENT_DEPTH) continue;
      await pushWithParents(context, parentTable, parents, depth + 1);
      resent += parents.length;
    }
    if (resent === 0) {
      context.logger.warn({ table, missing }, 'Upstream lacks parents this agent no longer holds: those rows are not pushed');
      return;
    }
  }
}

/** Pushes one table from its cursor to the commit horizon, page by page; returns the rows sent. */
async function pushTable(context: PushContext, table: SyncTableName, horizon: string): Promise<number> {
  let sent = 0;
  let pageSize = PUSH_PAGE_SIZE;
  let page = await readPage(context.pool, table, await loadCursor(context.pool, table), horizon, pageSize);
  while (page.end) {
    const end = page.end;
    // The next page is read while upstream stores this one; it is dropped if this one must be split.
    const next = readPage(context.pool, table, end, horizon, pageSize);
    try {
      await pushWithParents(context, table, page.rows);
    } catch (error) {
      await next.catch(() => undefined);
      // A page too large for upstream's body limit (large config items) goes again in smaller pages.
      if (error instanceof UpstreamError && error.status === 413 && pageSize > 1) {
        pageSize = Math.max(1, Math.floor(pageSize / 2));
        page = await readPage(context.pool, table, await loadCursor(context.pool, table), horizon, pageSize);
        continue;
      }
      throw error;
    }
    await saveCursor(context.pool, table, end);
    sent += page.rows.length;
    page = await next;
  }
  return sent;
}

/** One push cycle: every table, parents first, up to what is committed now. */
export async function pushAllTables(context: PushContext): Promise<Record<string, number>> {
  const horizon = await commitHorizon(context.pool);
  const sent: Record<string, number> = {};
  for (const table of SYNC_TABLE_NAMES) {
    const rows = await pushTable(context, table, horizon);
    if (rows > 0) sent[table] = rows;
  }
  return sent;
}
