import type { Resource } from '@pharos/core';
import type pg from 'pg';
import { EXPOSED_FUNCTIONS, EXPOSED_RELATIONS, HIDDEN_COLUMNS } from '../exposed.js';
import { viewColumnOrigins } from './view-lineage.js';
import type { ColumnInfo, FunctionArgument, FunctionInfo, RelationInfo, Relationship, SchemaModel } from './model.js';

const COLUMNS_SQL = `
SELECT c.oid::int AS oid, a.attnum::int AS attnum, c.relname::text AS relation, c.relkind::text AS kind, a.attname::text AS name,
       format_type(a.atttypid, a.atttypmod) AS type,
       NOT a.attnotnull AS nullable,
       (a.atthasdef OR a.attidentity <> '' OR a.attgenerated <> '') AS has_default
FROM pg_class c
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm')
ORDER BY c.relname, a.attnum`;

const PRIMARY_KEYS_SQL = `
SELECT c.relname::text AS relation,
       array(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(num, ord)
             JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num ORDER BY k.ord) AS columns
FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid
WHERE con.contype = 'p' AND c.relnamespace = 'public'::regnamespace`;

const FOREIGN_KEYS_SQL = `
SELECT con.conname::text AS constraint, src.relname::text AS source, tgt.relname::text AS target,
       array(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(num, ord)
             JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num ORDER BY k.ord) AS source_columns,
       array(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(num, ord)
             JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num ORDER BY k.ord) AS target_columns
FROM pg_constraint con
JOIN pg_class src ON src.oid = con.conrelid
JOIN pg_class tgt ON tgt.oid = con.confrelid
WHERE con.contype = 'f' AND src.relnamespace = 'public'::regnamespace AND tgt.relnamespace = 'public'::regnamespace`;

/** The stored query of each view, read for the origins of its columns. */
const VIEW_QUERIES_SQL = `
SELECT v.relname::text AS view, r.ev_action::text AS query
FROM pg_rewrite r JOIN pg_class v ON v.oid = r.ev_class
WHERE v.relkind IN ('v', 'm') AND v.relnamespace = 'public'::regnamespace`;

const FUNCTIONS_SQL = `
SELECT p.proname::text AS name, p.proretset AS returns_set, p.provolatile AS volatility,
       p.proargnames AS arg_names, p.proargmodes::text[] AS arg_modes, p.pronargdefaults AS default_count,
       array(SELECT format_type(t, NULL) FROM unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) t) AS arg_types,
       rt.typrelid::regclass::text AS return_relation
FROM pg_proc p JOIN pg_type rt ON rt.oid = p.prorettype
WHERE p.pronamespace = 'public'::regnamespace AND p.proname = ANY($1)`;

interface ColumnRow { oid: number; attnum: number; relation: string; kind: string; name: string; type: string; nullable: boolean; has_default: boolean }
interface KeyRow { relation: string; columns: string[] }
interface ForeignKeyRow { constraint: string; source: string; target: string; source_columns: string[]; target_columns: string[] }
interface ViewQueryRow { view: string; query: string }
interface FunctionRow {
  name: string;
  returns_set: boolean;
  volatility: string;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  default_count: number;
  arg_types: string[];
  return_relation: string | null;
}

/** Reads the exposed part of the catalog: columns, keys, foreign keys (also through views) and functions. */
export async function introspect(pool: pg.Pool): Promise<SchemaModel> {
  const [columns, keys, foreignKeys, viewQueries, functions] = await Promise.all([
    pool.query<ColumnRow>(COLUMNS_SQL),
    pool.query<KeyRow>(PRIMARY_KEYS_SQL),
    pool.query<ForeignKeyRow>(FOREIGN_KEYS_SQL),
    pool.query<ViewQueryRow>(VIEW_QUERIES_SQL),
    pool.query<FunctionRow>(FUNCTIONS_SQL, [Object.keys(EXPOSED_FUNCTIONS)]),
  ]);

  const allColumns = groupColumns(columns.rows);
  const relations = new Map<string, RelationInfo>();
  for (const [name, resource] of Object.entries(EXPOSED_RELATIONS)) {
    const found = allColumns.get(name);
    if (!found) continue;
    const hidden = HIDDEN_COLUMNS[name] ?? [];
    const columns = found.columns.filter((column) => !hidden.includes(column.name));
    relations.set(name, {
      name,
      kind: found.kind,
      columns,
      columnsByName: new Map(columns.map((c) => [c.name, c])),
      primaryKey: keys.rows.find((k) => k.relation === name)?.columns ?? [],
      resource,
    });
  }

  return {
    relations,
    relationships: buildRelationships(relations, foreignKeys.rows, columnLineage(columns.rows, viewQueries.rows)),
    functions: buildFunctions(functions.rows, allColumns),
  };
}

function groupColumns(rows: ColumnRow[]): Map<string, { kind: 'table' | 'view'; columns: ColumnInfo[] }> {
  const grouped = new Map<string, { kind: 'table' | 'view'; columns: ColumnInfo[] }>();
  for (const row of rows) {
    let entry = grouped.get(row.relation);
    if (!entry) {
      entry = { kind: row.kind === 'v' || row.kind === 'm' ? 'view' : 'table', columns: [] };
      grouped.set(row.relation, entry);
    }
    entry.columns.push({ name: row.name, type: row.type, nullable: row.nullable, hasDefault: row.has_default });
  }
  return grouped;
}

/** `relation.column` of every view column that passes a table column through, keyed by view. */
type Lineage = Map<string, { table: string; column: string; viewColumn: string }[]>;

function columnLineage(columns: ColumnRow[], views: ViewQueryRow[]): Lineage {
  const byPosition = new Map(columns.map((c) => [`${c.oid}:${c.attnum}`, c]));
  const lineage: Lineage = new Map();
  for (const { view, query } of views) {
    const origins = viewColumnOrigins(query).flatMap((origin) => {
      const source = byPosition.get(`${origin.table}:${origin.column}`);
      return source ? [{ table: source.relation, column: source.name, viewColumn: origin.name }] : [];
    });
    lineage.set(view, origins);
  }
  return lineage;
}

/**
 * Every foreign key gives a many-to-one and a one-to-many relationship. A view inherits
 * them for the key columns it passes through unchanged (read from its query tree), on
 * either side of the key.
 */
function buildRelationships(relations: ReadonlyMap<string, RelationInfo>, foreignKeys: ForeignKeyRow[], lineage: Lineage): Map<string, Relationship[]> {
  const byKey = new Map<string, Relationship>();
  const add = (constraint: string, source: string, sourceColumns: string[], target: string, targetColumns: string[]): void => {
    if (!relations.has(source) || !relations.has(target)) return;
    const m2o: Relationship = { constraint, cardinality: 'many-to-one', source, sourceColumns, target, targetColumns };
    const o2m: Relationship = { constraint, cardinality: 'one-to-many', source: target, sourceColumns: targetColumns, target: source, targetColumns: sourceColumns };
    for (const rel of [m2o, o2m]) byKey.set(`${rel.source}|${rel.target}|${rel.constraint}|${rel.cardinality}|${rel.sourceColumns.join(',')}`, rel);
  };
  /** The relation itself and every view exposing all of `columns` of it, with the names they have there. */
  const carriers = (table: string, columns: string[]): { relation: string; columns: string[] }[] => {
    const found = [{ relation: table, columns }];
    for (const [view, origins] of lineage) {
      const mapped = columns.map((c) => origins.find((o) => o.table === table && o.column === c)?.viewColumn);
      if (mapped.every((c): c is string => c !== undefined)) found.push({ relation: view, columns: mapped });
    }
    return found;
  };

  for (const fk of foreignKeys) {
    const targets = carriers(fk.target, fk.target_columns);
    for (const source of carriers(fk.source, fk.source_columns)) {
      // Views on both sides would multiply relationships nobody asks for.
      for (const target of source.relation === fk.source ? targets : targets.slice(0, 1)) {
        add(fk.constraint, source.relation, source.columns, target.relation, target.columns);
      }
    }
  }

  addManyToMany(relations, foreignKeys, (rel) => byKey.set(`${rel.source}|${rel.target}|${rel.constraint}|${rel.cardinality}`, rel));

  const grouped = new Map<string, Relationship[]>();
  for (const rel of byKey.values()) grouped.set(rel.source, [...(grouped.get(rel.source) ?? []), rel]);
  return grouped;
}

/**
 * A table whose primary key holds two foreign keys (team_members: team_id, person_id) links
 * the two tables they reference, both ways.
 */
function addManyToMany(relations: ReadonlyMap<string, RelationInfo>, foreignKeys: ForeignKeyRow[], add: (rel: Relationship) => void): void {
  for (const junction of relations.values()) {
    const keys = foreignKeys.filter((fk) => fk.source === junction.name && fk.source_columns.every((c) => junction.primaryKey.includes(c)));
    for (const from of keys) {
      for (const to of keys) {
        if (from === to || !relations.has(from.target) || !relations.has(to.target)) continue;
        add({
          constraint: junction.name,
          cardinality: 'many-to-many',
          source: from.target,
          sourceColumns: from.target_columns,
          target: to.target,
          targetColumns: to.target_columns,
          junction: { relation: junction.name, sourceColumns: from.source_columns, targetColumns: to.source_columns },
        });
      }
    }
  }
}

function buildFunctions(
  rows: FunctionRow[],
  allColumns: ReadonlyMap<string, { columns: ColumnInfo[] }>,
): Map<string, FunctionInfo[]> {
  const functions = new Map<string, FunctionInfo[]>();
  for (const row of rows) {
    const resource: Resource | undefined = EXPOSED_FUNCTIONS[row.name];
    if (!resource) continue;
    const modes = row.arg_modes ?? row.arg_types.map(() => 'i');
    const names = row.arg_names ?? [];
    const inputs: FunctionArgument[] = [];
    const outputs: ColumnInfo[] = [];
    modes.forEach((mode, index) => {
      const name = names[index] ?? '';
      const type = row.arg_types[index] ?? 'unknown';
      if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false });
      if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name, type, nullable: true, hasDefault: false });
    });
    inputs.forEach((arg, index) => {
      arg.hasDefault = index >= inputs.length - row.default_count;
    });
    const relationColumns = row.return_relation && row.return_relation !== '-' ? allColumns.get(row.return_relation)?.columns : undefined;
    const columns = outputs.length > 0 ? outputs : relationColumns;
    const info: FunctionInfo = {
      name: row.name,
      args: inputs,
      returnsSet: row.returns_set,
      volatile: row.volatility === 'v',
      resource,
      ...(columns ? { columns } : {}),
    };
    functions.set(row.name, [...(functions.get(row.name) ?? []), info]);
  }
  return functions;
}
