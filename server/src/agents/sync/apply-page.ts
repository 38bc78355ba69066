import type pg from 'pg';
import { assignedSpecs, type AssignableTable } from './assigned.js';
import { syncTable, type SyncTable, type SyncTableName } from './tables.js';
import { upsertOf } from './upsert-sql.js';

export type PushRow = Record<string, unknown>;

/** Upstream's answer for one table of a push. */
export interface TableOutcome {
  received: number;
  /** Rows now stored as the agent sent them (inserted, or updated because they were already its own). */
  applied: number;
  /** Rows refused because they, or a row they refer to, belong to another agent or to upstream itself. */
  ignored: number;
  /** Parents upstream does not hold, by table: the agent sends them first; nothing of this table was stored. */
  missing?: Partial<Record<SyncTableName, string[]>>;
}

export interface PushingAgent {
  id: string;
  name: string;
}

export function keyOf(table: SyncTable, row: PushRow): string {
  return table.key.map((column) => String(row[column])).join('\u0000');
}

/** The last of each key, so one statement never touches a row twice. */
export function lastOfEachKey(table: SyncTable, rows: readonly PushRow[]): PushRow[] {
  return [...new Map(rows.map((row) => [keyOf(table, row), row])).values()];
}

interface ParentCheck {
  missing: Partial<Record<SyncTableName, string[]>>;
  /** Keys of rows refused for a parent that is not the agent's. */
  refused: Set<string>;
}

/** Keys of pushed rows upstream already holds as the agent's, under the parent the row names now. */
async function heldUnder(client: pg.PoolClient, table: SyncTable, column: string, rows: readonly PushRow[], agent: PushingAgent): Promise<Set<string>> {
  const { rows: held } = await client.query<{ id: string; parent: string }>(
    `select id::text, "${column}"::text as parent from ${table.name} where id = any($1::uuid[]) and agent_id = $2`,
    [rows.map((row) => row['id']), agent.id],
  );
  const parents = new Map(held.map((row) => [row.id, row.parent]));
  return new Set(rows.filter((row) => parents.get(String(row['id'])) === row[column]).map((row) => keyOf(table, row)));
}

/** How a push shares the database with people's requests (push-route.ts). */
export interface Pacing {
  /** Waited on before each statement. */
  giveWay(): Promise<void>;
  /** Rows one upsert statement takes now: fewer while people's requests are in flight, so a statement they run beside is short. */
  rowsPerStatement(): number;
}

/** Per parent reference of the table (in its order), the ids the rows name that upstream must already hold. */
export function parentIdsWanted(table: SyncTable, rows: readonly PushRow[]): string[][] {
  return table.parents.map((ref) => {
    const ids = [...new Set(rows.map((row) => row[ref.column]).filter((id): id is string => typeof id === 'string'))];
    // A row may name a parent sent in the same page (a config under another config).
    const inPage = ref.table === table.name ? new Set(rows.map((row) => String(row['id']))) : new Set<string>();
    return ids.filter((id) => !inPage.has(id));
  });
}

async function checkParents(client: pg.PoolClient, table: SyncTable, rows: readonly PushRow[], agent: PushingAgent, pacing?: Pacing): Promise<ParentCheck> {
  const missing: Partial<Record<SyncTableName, string[]>> = {};
  const refused = new Set<string>();
  const wantedOf = parentIdsWanted(table, rows);
  for (const [index, ref] of table.parents.entries()) {
    const wanted = wantedOf[index]!;
    if (wanted.length === 0) continue;
    await pacing?.giveWay();
    const { rows: found } = await client.query<{ id: string; agent_id: string }>(
      `select id::text, agent_id::text from ${ref.table} where id = any($1::uuid[])`,
      [wanted],
    );
    const owners = new Map(found.map((row) => [row.id, row.agent_id]));
    const absent = wanted.filter((id) => !owners.has(id));
    if (absent.length > 0) missing[ref.table] = [...(missing[ref.table] ?? []), ...absent];
    const others = wanted.filter((id) => owners.has(id) && owners.get(id) !== agent.id);
    if (others.length === 0) continue;
    // Only parents that are not the agent's own need the assignments, which take a query of their own.
    const assigned = ref.assignable ? new Set((await assignedSpecs(client, ref.table as AssignableTable, agent.name)).map((spec) => spec.id)) : new Set<string>();
    const foreign = new Set(others.filter((id) => !assigned.has(id)));
    if (foreign.size === 0) continue;
    // A row the agent already holds under that same parent stays its own (e.g. checks of a canary
    // upstream has since unassigned, which the agent now reports deleted).
    const kept = ref.assignable && 'column' in table.owner ? await heldUnder(client, table, ref.column, rows, agent) : new Set<string>();
    for (const row of rows) if (foreign.has(String(row[ref.column])) && !kept.has(keyOf(table, row))) refused.add(keyOf(table, row));
  }
  return { missing, refused };
}

/**
 * Stores one table of a push in the caller's transaction: rows are upserted by key and marked with
 * the agent; a row that is another agent's or upstream's own, or refers to one, is not touched and is
 * counted as ignored; when a parent is missing nothing is stored and its ids are answered.
 */
export async function applyTablePage(client: pg.PoolClient, name: SyncTableName, pushed: readonly PushRow[], agent: PushingAgent, pacing?: Pacing): Promise<TableOutcome> {
  const table = syncTable(name);
  const rows = lastOfEachKey(table, pushed);
  if (rows.length === 0) return { received: pushed.length, applied: 0, ignored: 0 };
  const { missing, refused } = await checkParents(client, table, rows, agent, pacing);
  if (Object.keys(missing).length > 0) return { received: pushed.length, applied: 0, ignored: 0, missing };
  const accepted = rows.filter((row) => !refused.has(keyOf(table, row)));
  // A row may refer to another of its own table in the page (a config's parent): such a table goes in one statement.
  const whole = table.parents.some((ref) => ref.table === table.name);
  let applied = 0;
  for (let start = 0; start < accepted.length; ) {
    await pacing?.giveWay();
    const part = accepted.slice(start, whole || !pacing ? accepted.length : start + pacing.rowsPerStatement());
    const result = await client.query(upsertOf(table), [JSON.stringify(part), agent.id]);
    applied += result.rowCount ?? 0;
    start += part.length;
  }
  return { received: pushed.length, applied, ignored: pushed.length - applied };
}
