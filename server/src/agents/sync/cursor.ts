import type pg from 'pg';
import { transaction } from '../../db/transaction.js';
import type { SyncTableName } from './tables.js';

/** Where the agent stands in a table: the change time and key of the last row upstream acknowledged. */
export type CursorPosition = string[];

export async function loadCursor(pool: pg.Pool, table: SyncTableName): Promise<CursorPosition | null> {
  const { rows } = await pool.query<{ position: CursorPosition }>('select position from agent_sync_cursors where table_name = $1', [table]);
  return rows[0]?.position ?? null;
}

/** Saved only after upstream acknowledged the page that ends at `position`. */
export async function saveCursor(pool: pg.Pool, table: SyncTableName, position: CursorPosition): Promise<void> {
  await transaction(pool, async (client) => {
    // A cursor lost in a crash of the agent only sends pages again, which upstream's upserts make
    // harmless: it need not wait for the WAL flush (one per page otherwise).
    await client.query('set local synchronous_commit = off');
    await client.query(
      `insert into agent_sync_cursors (table_name, position) values ($1, $2)
       on conflict (table_name) do update set position = excluded.position, updated_at = now()`,
      [table, JSON.stringify(position)],
    );
  });
}
