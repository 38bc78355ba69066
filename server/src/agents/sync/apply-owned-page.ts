import type pg from 'pg';
import { lastOfEachKey, parentIdsWanted, type PushingAgent, type PushRow, type TableOutcome } from './apply-page.js';
import { syncTable, type SyncTableName } from './tables.js';
import { ownedPageOf } from './upsert-sql.js';

/** A page of one table made ready for its one statement (encoded before the push's turn comes). */
export interface OwnedPage {
  name: SyncTableName;
  received: number;
  /** The last row of each key, as JSON text; null when there is none. */
  rows: string | null;
  /** Per parent reference of the table, the ids that must be the agent's. */
  parents: string[][];
}

export function prepareOwnedPage(name: SyncTableName, pushed: readonly PushRow[]): OwnedPage {
  const table = syncTable(name);
  const rows = lastOfEachKey(table, pushed);
  return { name, received: pushed.length, rows: rows.length > 0 ? JSON.stringify(rows) : null, parents: parentIdsWanted(table, rows) };
}

/**
 * Stores a page of one table in a single statement of its own transaction, when every parent its
 * rows name is already the agent's: what a push is, page after page, once its parents are up. Answers
 * null, having written nothing, when some parent is missing or not the agent's own: applyTablePage
 * then answers which, or refuses those rows.
 */
export async function applyOwnedPage(pool: pg.Pool, page: OwnedPage, agent: PushingAgent): Promise<TableOutcome | null> {
  if (page.rows === null) return { received: page.received, applied: 0, ignored: 0 };
  // Prepared once a connection (named): the statement is large, and a push sends it page after page.
  const { rows: answer } = await pool.query<{ owned: boolean; applied: number }>({
    name: `agent-push-owned-${page.name}`,
    text: ownedPageOf(syncTable(page.name)),
    values: [page.rows, agent.id, ...page.parents],
  });
  const { owned, applied } = answer[0]!;
  return owned ? { received: page.received, applied, ignored: page.received - applied } : null;
}
