import type pg from 'pg';
import type { SyncTableName } from './tables.js';

/** Where the agent stands in a table: the change time and key of the last row upstream acknowledged. */
export type CursorPosition = string[];

export async function loadCursor(db: pg.Pool | pg.PoolClient, table: SyncTableName): Promise<CursorPosition | null> {
  const { rows } = await db.query<{ position: CursorPosition }>('select position from agent_sync_cursors where table_name = $1', [table]);
  return rows[0]?.position ?? null;
}

/** Saved only after upstream acknowledged the page that ends at `position`. */
export async function saveCursor(db: pg.Pool | pg.PoolClient, table: SyncTableName, position: CursorPosition): Promise<void> {
  // A cursor lost in a crash of the agent only sends pages again, which upstream's upserts make
  // harmless: its commit need not wait for the WAL flush (one per page otherwise). The setting is
  // local to this statement's own transaction, so one round trip saves it.
  await db.query(
    `with unflushed as (select set_config('synchronous_commit', 'off', true))
     insert into agent_sync_cursors (table_name, position) select $1::text, $2::jsonb from unflushed
     on conflict (table_name) do update set position = excluded.position, updated_at = now()`,
    [table, JSON.stringify(position)],
  );
}
