import type pg from 'pg';
import { lastOfEachKey, parentIdsWanted, type PushingAgent, type PushRow, type TableOutcome } from './apply-page.js';
import { syncTable, type SyncTableName } from './tables.js';
import { ownedPageOf } from './upsert-sql.js';

/**
 * Stores a page of one table in a single statement of its own transaction, when every parent its
 * rows name is already the agent's: what a push is, page after page, once its parents are up. Answers
 * null, having written nothing, when some parent is missing or not the agent's own: applyTablePage
 * then answers which, or refuses those rows.
 */
export async function applyOwnedPage(pool: pg.Pool, name: SyncTableName, pushed: readonly PushRow[], agent: PushingAgent): Promise<TableOutcome | null> {
  const table = syncTable(name);
  const rows = lastOfEachKey(table, pushed);
  if (rows.length === 0) return { received: pushed.length, applied: 0, ignored: 0 };
  // Prepared once a connection (named): the statement is large, and a push sends it page after page.
  const { rows: answer } = await pool.query<{ owned: boolean; applied: number }>({
    name: `agent-push-owned-${table.name}`,
    text: ownedPageOf(table),
    values: [JSON.stringify(rows), agent.id, ...parentIdsWanted(table, rows)],
  });
  const { owned, applied } = answer[0]!;
  return owned ? { received: pushed.length, applied, ignored: pushed.length - applied } : null;
}
