import { sqlType, type SyncTable, type SyncTableName } from './tables.js';

function quoted(name: string): string {
  return `"${name}"`;
}

/** Another row holding a second unique key of the table would make the whole statement fail: such a row is refused instead. */
function clashFree(table: SyncTable): string | undefined {
  switch (table.name) {
    case 'config_changes':
      return `(r.external_change_id is null or not exists (select 1 from config_changes c where c.config_id = r.config_id and c.external_change_id = r.external_change_id and c.id <> r.id))`;
    case 'checks':
      return `(r.deleted_at is not null or not exists (select 1 from checks c where c.canary_id = r.canary_id and c.agent_id = $2::uuid and c.type = r.type and c.name = r.name and c.deleted_at is null and c.id <> r.id))`;
    case 'configs':
      return `(r.scraper_id is null or r.external_id is null or not exists (select 1 from configs c where c.scraper_id = r.scraper_id and c.agent_id = $2::uuid and c.type = r.type and c.external_id = r.external_id and c.id <> r.id))`;
    default:
      return undefined;
  }
}

/**
 * Upserts the rows of $1 (a JSON array) as the agent $2's: inserted, or updated where the row is
 * already the agent's (its own agent_id, or its owning parent's). `only` adds a condition every
 * row must meet to be written at all.
 */
function upsertSql(table: SyncTable, only?: string): string {
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
  const conditions = [clashFree(table), only].filter((condition) => condition !== undefined);
  return `insert into ${table.name} as t (${insertColumns.join(', ')})
          select ${selected.join(', ')} from jsonb_to_recordset($1::jsonb) as r(${record})
          ${conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''}
          on conflict (${table.key.map(quoted).join(', ')}) do update set ${updates.join(', ')}
          where ${ownedBy}`;
}

/**
 * One statement storing a page whose parents are all the agent's own, committed without waiting for
 * the WAL flush (see push-route.ts), in one round trip. Parameters: $1 the rows, $2 the agent, then
 * per parent reference of the table the ids it must find as the agent's. Answers `owned` (false:
 * some parent is missing or not the agent's, and nothing was written) and the rows `applied`.
 */
function ownedPageSql(table: SyncTable): string {
  const owned = table.parents.map(
    (ref, index) => `(select count(*) from ${ref.table} p where p.id = any($${index + 3}::uuid[]) and p.agent_id = $2::uuid) = cardinality($${index + 3}::uuid[])`,
  );
  return `with unflushed as materialized (select set_config('synchronous_commit', 'off', true) as setting),
               parents as materialized (select ${owned.length > 0 ? owned.join(' and ') : 'true'} as owned),
               stored as (${upsertSql(table, '(select owned from parents)')} returning 1)
          select (select owned from parents) as owned, (select count(*) from stored)::int as applied, (select setting from unflushed) as unflushed`;
}

function cached(build: (table: SyncTable) => string): (table: SyncTable) => string {
  const built = new Map<SyncTableName, string>();
  return (table) => {
    let sql = built.get(table.name);
    if (sql === undefined) {
      sql = build(table);
      built.set(table.name, sql);
    }
    return sql;
  };
}

export const upsertOf = cached((table) => upsertSql(table));
export const ownedPageOf = cached(ownedPageSql);
