import type pg from 'pg';
import type { CursorPosition } from './cursor.js';
import { sqlType, syncTable, type SyncTable, type SyncTableName } from './tables.js';

/** Rows of a table as upstream takes them: a JSON array of objects holding only the table's pushed columns. */
export interface RowsJson {
  json: string;
  count: number;
}

export interface LocalPage extends RowsJson {
  /** The cursor after the last row of the page. */
  end: CursorPosition | null;
}

function cursorColumns(table: SyncTable): { name: string; type: string }[] {
  const typeOf = (name: string) => sqlType(table.columns.find((column) => column.name === name)?.type ?? 'text');
  return [table.changedAt, ...table.key].map((name) => ({ name, type: typeOf(name) }));
}

/**
 * The table as `t`, each row beside it as upstream takes it (`r`, turned to JSON text by the
 * database): only the table's pushed columns (never agent_id or created_by), numbers exactly as
 * stored, nothing parsed and encoded again here.
 */
function pushedRows(table: SyncTable): string {
  return `${table.name} t cross join lateral (select ${table.columns.map((column) => `t."${column.name}"`).join(', ')}) r`;
}

function rowsJson(rows: readonly { row: string }[]): RowsJson {
  return { json: `[${rows.map((row) => row.row).join(',')}]`, count: rows.length };
}

/**
 * The moment before which every change is committed: the start of the oldest transaction still open
 * on this database (or now). Rows changed later may still be written with an earlier time by a
 * transaction in flight, so the cursor never passes it.
 */
export async function commitHorizon(db: pg.Pool | pg.PoolClient): Promise<string> {
  const { rows } = await db.query<{ horizon: string }>(
    `select (coalesce(min(xact_start), clock_timestamp()) - interval '1 millisecond')::text as horizon
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
  );
  return rows[0]!.horizon;
}

/**
 * Runs `work` with a connection of its own on which pages are read along the (change time, key)
 * index of each table. Without statistics (rows written moments ago, before autovacuum analysed
 * them) the planner guesses few rows follow the cursor and sorts them all instead, so that each
 * page's read grows with the table; sorting is ruled out for this connection while it reads.
 */
export async function withPageReader<T>(pool: pg.Pool, work: (reader: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let released = false;
  try {
    await client.query('set enable_sort = off');
    const result = await work(client);
    await client.query('reset enable_sort');
    return result;
  } catch (error) {
    // The connection may still have sorting off: it is closed rather than handed to other work.
    released = true;
    client.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    if (!released) client.release();
  }
}

/** The next rows of a table after the cursor and before the horizon, in cursor order (read on a withPageReader connection). */
export async function readPage(reader: pg.PoolClient, name: SyncTableName, after: CursorPosition | null, horizon: string, limit: number): Promise<LocalPage> {
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
  const position = columns.map((column, index) => `t."${column.name}"::text as p${index}`).join(', ');
  const { rows } = await reader.query<{ row: string } & Record<string, string>>({
    // Prepared once on the reader's connection: a cycle reads page after page of a table.
    name: `agent-page-${name}-${after ? 'next' : 'first'}`,
    text: `select row_to_json(r)::text as row, ${position} from ${pushedRows(table)}
            where ${conditions.join(' and ')}
            order by ${columns.map((column) => `t."${column.name}"`).join(', ')} limit $2`,
    values: params,
  });
  const last = rows.at(-1);
  return { ...rowsJson(rows), end: last ? columns.map((_, index) => last[`p${index}`]!) : null };
}

/** Rows of a table by id, for parents upstream answered it lacks. */
export async function readByIds(db: pg.Pool | pg.PoolClient, name: SyncTableName, ids: readonly string[]): Promise<RowsJson> {
  const table = syncTable(name);
  const pushed = table.skipWhere ? ` and ${table.skipWhere}` : '';
  const { rows } = await db.query<{ row: string }>(`select row_to_json(r)::text as row from ${pushedRows(table)} where t.id = any($1::uuid[])${pushed}`, [ids]);
  return rowsJson(rows);
}
