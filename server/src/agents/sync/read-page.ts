import type pg from 'pg';
import type { PushRow } from './apply-page.js';
import type { CursorPosition } from './cursor.js';
import { sqlType, syncTable, type SyncTable, type SyncTableName } from './tables.js';

export interface LocalPage {
  rows: PushRow[];
  /** The cursor after the last row of the page. */
  end: CursorPosition | null;
}

function cursorColumns(table: SyncTable): { name: string; type: string }[] {
  const typeOf = (name: string) => sqlType(table.columns.find((column) => column.name === name)?.type ?? 'text');
  return [table.changedAt, ...table.key].map((name) => ({ name, type: typeOf(name) }));
}

/** The row as upstream takes it: only the table's pushed columns (never agent_id or created_by). */
function pushable(table: SyncTable, row: Record<string, unknown>): PushRow {
  return Object.fromEntries(table.columns.map((column) => [column.name, row[column.name] ?? null]));
}

/**
 * The moment before which every change is committed: the start of the oldest transaction still open
 * on this database (or now). Rows changed later may still be written with an earlier time by a
 * transaction in flight, so the cursor never passes it.
 */
export async function commitHorizon(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ horizon: string }>(
    `select (coalesce(min(xact_start), clock_timestamp()) - interval '1 millisecond')::text as horizon
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
  );
  return rows[0]!.horizon;
}

/** The next rows of a table after the cursor and before the horizon, in cursor order. */
export async function readPage(pool: pg.Pool, name: SyncTableName, after: CursorPosition | null, horizon: string, limit: number): Promise<LocalPage> {
  const table = syncTable(name);
  const columns = cursorColumns(table);
  const params: unknown[] = [horizon, limit];
  const conditions = [`t.${table.changedAt} < $1::timestamptz`];
  if (table.skipWhere) conditions.push(table.skipWhere);
  if (after) {
    const placeholders = columns.map((column, index) => `$${index + 3}::${column.type}`);
    conditions.push(`(${columns.map((column) => `t."${column.name}"`).join(', ')}) > (${placeholders.join(', ')})`);
    params.push(...after);
  }
  const position = columns.map((column) => `t."${column.name}"::text`).join(', ');
  const { rows } = await pool.query<{ row: Record<string, unknown>; position: CursorPosition }>(
    `select to_jsonb(t) as row, array[${position}] as position from ${table.name} t
      where ${conditions.join(' and ')}
      order by ${columns.map((column) => `t."${column.name}"`).join(', ')} limit $2`,
    params,
  );
  return { rows: rows.map((row) => pushable(table, row.row)), end: rows.at(-1)?.position ?? null };
}

/** Rows of a table by id, for parents upstream answered it lacks. */
export async function readByIds(pool: pg.Pool, name: SyncTableName, ids: readonly string[]): Promise<PushRow[]> {
  const table = syncTable(name);
  const pushed = table.skipWhere ? ` and ${table.skipWhere}` : '';
  const { rows } = await pool.query<{ row: Record<string, unknown> }>(`select to_jsonb(t) as row from ${table.name} t where t.id = any($1::uuid[])${pushed}`, [ids]);
  return rows.map((row) => pushable(table, row.row));
}
