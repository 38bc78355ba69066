import type pg from 'pg';
import type { Logger } from '../../logger.js';
import { loadCursor, saveCursor, type CursorPosition } from '../sync/cursor.js';
import { commitHorizon, readByIds, readPage, withPageReader, type RowsJson } from '../sync/read-page.js';
import { PUSH_PAGE_SIZE, SYNC_TABLE_NAMES, type SyncTableName } from '../sync/tables.js';
import { UpstreamError, type UpstreamClient } from './upstream-client.js';

export interface PushContext {
  pool: pg.Pool;
  upstream: UpstreamClient;
  logger: Logger;
}

/** A push cycle: its context and the connection its pages, parents and cursors are read and written on. */
interface Cycle extends PushContext {
  reader: pg.PoolClient;
}

/** How deep parents of parents are re-sent (a check's canary; a config's parent's parent …). */
const PARENT_DEPTH = 8;

/**
 * Sends a page and, while upstream answers that parents are missing, sends those parents first and
 * the page again. Parents this agent no longer holds cannot be sent: the page is then left as
 * upstream answered it (logged).
 */
async function pushWithParents(cycle: Cycle, table: SyncTableName, rows: RowsJson, depth = 0): Promise<void> {
  for (let attempt = 0; attempt <= PARENT_DEPTH; attempt += 1) {
    const answer = await cycle.upstream.pushRows(table, rows.json);
    const missing = answer.tables[table]?.missing;
    if (!missing || Object.keys(missing).length === 0) return;
    let resent = 0;
    for (const [parentTable, ids] of Object.entries(missing) as [SyncTableName, string[]][]) {
      const parents = await readByIds(cycle.reader, parentTable, ids);
      if (parents.count === 0 || depth >= PARENT_DEPTH) continue;
      await pushWithParents(cycle, parentTable, parents, depth + 1);
      resent += parents.count;
    }
    if (resent === 0) {
      cycle.logger.warn({ table, missing }, 'Upstream lacks parents this agent no longer holds: those rows are not pushed');
      return;
    }
  }
}

/** Pages of a table sent before the oldest is answered: upstream's transactions, its parsing and the agent's reading overlap. */
const PAGES_IN_FLIGHT = 3;

type Settled = { ok: true } | { ok: false; error: unknown };

interface InFlight {
  rows: number;
  end: CursorPosition;
  settled: Promise<Settled>;
}

/**
 * Pushes a table from its cursor to the horizon in pages of `pageSize`, up to PAGES_IN_FLIGHT at once.
 * The cursor moves only past the oldest page still unanswered, so it never passes a page upstream has
 * not acknowledged, whatever order the answers come in. Answers whether a page was too large (413).
 */
async function pushPages(cycle: Cycle, table: SyncTableName, horizon: string, pageSize: number, sent: { rows: number }): Promise<'done' | 'too large'> {
  const window: InFlight[] = [];
  let readFrom = await loadCursor(cycle.reader, table);
  let exhausted = false;
  for (;;) {
    while (!exhausted && window.length < PAGES_IN_FLIGHT) {
      const page = await readPage(cycle.reader, table, readFrom, horizon, pageSize);
      if (!page.end) {
        exhausted = true;
        break;
      }
      readFrom = page.end;
      const settled = pushWithParents(cycle, table, page).then(
        (): Settled => ({ ok: true }),
        (error: unknown): Settled => ({ ok: false, error }),
      );
      window.push({ rows: page.count, end: page.end, settled });
    }
    const oldest = window.shift();
    if (!oldest) return 'done';
    const outcome = await oldest.settled;
    if (!outcome.ok) {
      // Pages after it may be stored already: they are sent again from the cursor, which changes nothing.
      await Promise.all(window.map((page) => page.settled));
      const { error } = outcome;
      if (error instanceof UpstreamError && error.status === 413 && pageSize > 1) return 'too large';
      throw error;
    }
    await saveCursor(cycle.reader, table, oldest.end);
    sent.rows += oldest.rows;
  }
}

/** Pushes one table from its cursor to the commit horizon; returns the rows sent. */
async function pushTable(cycle: Cycle, table: SyncTableName, horizon: string): Promise<number> {
  const sent = { rows: 0 };
  // A page too large for upstream's body limit (large config items) goes again in smaller pages.
  for (let pageSize = PUSH_PAGE_SIZE; (await pushPages(cycle, table, horizon, pageSize, sent)) === 'too large'; ) {
    pageSize = Math.max(1, Math.floor(pageSize / 2));
  }
  return sent.rows;
}

/** One push cycle: every table, parents first, up to what is committed now. */
export async function pushAllTables(context: PushContext): Promise<Record<string, number>> {
  const horizon = await commitHorizon(context.pool);
  return withPageReader(context.pool, async (reader) => {
    const sent: Record<string, number> = {};
    for (const table of SYNC_TABLE_NAMES) {
      const rows = await pushTable({ ...context, reader }, table, horizon);
      if (rows > 0) sent[table] = rows;
    }
    return sent;
  });
}
