import type pg from 'pg';
import { assignedSpecs, type AssignableTable } from './assigned.js';
import { sqlType, syncTable, type SyncTable, type SyncTableName } from './tables.js';

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

function keyOf(table: SyncTable, row: PushRow): string {
  return table.key.map((column) => String(row[column])).join('\u0000');
}

/** The last of each key, so one statement never touches a row twice. */
function lastOfEachKey(table: SyncTable, rows: readonly PushRow[]): PushRow[] {
  return [...new Map(rows.map((row) => [keyOf(table, row), row])).values()];
}

function quoted(name: string): string {
  return `"${name}"`;
}

function upsertSql(table: SyncTable): string {
  const columns = table.columns.map((column) => column.name);
  const ownColumn = 'column' in table.owner;
  const insertColumns = [...columns.map(quoted), ...(ownColumn ? ['agent_id'] : [])];
  const record = table.columns.map((column) => `${quoted(column.name)} ${sqlType(column.type)}`).join(', ');
  const selected = [...columns.map((column) => `r.${quoted(column)}`), ...(ownColumn ? ['$2::uuid'] : [])];
  const updates = columns.filter((column) => !table.key.includes(column)).map((column) => `${quoted(column)} = excluded.${quoted(column)}`);
  const owner = 'parent' in table.owner ? table.parents.find((ref) => ref.column === (table.owner as { parent: string }).parent) : undefined;
  const ownedBy = owner
    ? `exists (select 1 from ${owner.table} p where p.id = t.${quoted(owner.column)} and p.agent_id = $2::uuid)`
    : 't.agent_id = $2::uuid';
  // Another row holding a second unique key of the table would make the whole statement fail: such a row is refused instead.
  const clash =
    table.name === 'config_changes'
      ? `where r.external_change_id is null or not exists (select 1 from config_changes c where c.config_id = r.config_id and c.external_change_id = r.external_change_id and c.id <> r.id)`
      : table.name === 'checks'
        ? `where r.deleted_at is not null or not exists (select 1 from checks c where c.canary_id = r.canary_id and c.agent_id = $2::uuid and c.type = r.type and c.name = r.name and c.deleted_at is null and c.id <> r.id)`
        : table.name === 'configs'
          ? `where r.scraper_id is null or r.external_id is null or not exists (select 1 from configs c where c.scraper_id = r.scraper_id and c.agent_id = $2::uuid and c.type = r.type and c.external_id = r.external_id and c.id <> r.id)`
          : '';
  return `insert into ${table.name} as t (${insertColumns.join(', ')})
          select ${selected.join(', ')} from jsonb_to_recordset($1::jsonb) as r(${record}) ${clash}
          on conflict (${table.key.map(quoted).join(', ')}) do update set ${updates.join(', ')}
          where ${ownedBy}
          returning 1`;
}

const UPSERTS = new Map<SyncTableName, string>();
function upsertOf(table: SyncTable): string {
  let sql = UPSERTS.get(table.name);
  if (!sql) {
    sql = upsertSql(table);
    UPSERTS.set(table.name, sql);
  }
  return sql;
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

async function checkParents(client: pg.PoolClient, table: SyncTable, rows: readonly PushRow[], agent: PushingAgent, pacing?: Pacing): Promise<ParentCheck> {
  const missing: Partial<Record<SyncTableName, string[]>> = {};
  const refused = new Set<string>();
  for (const ref of table.parents) {
    const ids = [...new Set(rows.map((row) => row[ref.column]).filter((id): id is string => typeof id === 'string'))];
    // A row may name a parent sent in the same page (a config under another config).
    const inPage = ref.table === table.name ? new Set(rows.map((row) => String(row['id']))) : new Set<string>();
    const wanted = ids.filter((id) => !inPage.has(id));
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
