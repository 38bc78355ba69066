import { RestError } from '../errors.js';
import { SOFT_DELETED_RELATIONS } from '../exposed.js';
import type { Condition } from '../parse/ast.js';
import type { RelationInfo } from '../schema/model.js';
import { conditionSql } from './condition.js';
import { requireColumn } from './expression.js';
import { ident, qualified, type Params } from './sql.js';

export type Row = Record<string, unknown>;

export interface InsertPlan {
  relation: RelationInfo;
  rows: Row[];
  /** From `columns=`; otherwise the keys of the rows. */
  columns?: string[];
  /** Missing keys take the column default instead of NULL (`Prefer: missing=default`). */
  missingDefault: boolean;
  upsert?: { onConflict: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' };
  /** Columns the server sets, overriding anything the client sent. */
  forced: Row;
}

const MUTATION = '"pgrst_mut"';

/**
 * `WITH pgrst_mut AS (INSERT … RETURNING *)`: rows travel as one JSON value and are
 * turned into records by json_populate_recordset, so the statement's shape only
 * depends on which known columns are present.
 */
export function compileInsert(plan: InsertPlan, params: Params): string {
  const { relation } = plan;
  const forcedColumns = Object.keys(plan.forced);
  // `columns=` picks which keys of the body are used; the others are ignored.
  const picked = plan.columns === undefined ? undefined : new Set(plan.columns);
  const rows = plan.rows.map((row) => ({ ...(picked ? pick(row, picked) : row), ...plan.forced }));
  for (const column of [...(plan.columns ?? []), ...rows.flatMap((row) => Object.keys(row))]) requireWritableColumn(relation, column);

  // Without missing=default an absent key is NULL; with it, rows are grouped by the keys they
  // have, so each group leaves its absent columns to their defaults.
  const groups = plan.missingDefault ? groupByKeys(rows) : [rows];
  const columnsOf = (group: Row[]): string[] =>
    plan.missingDefault || plan.columns === undefined ? unique(group.flatMap((row) => Object.keys(row))) : unique([...plan.columns, ...forcedColumns]);

  const statements = groups.map((group, index) => {
    const columns = columnsOf(group);
    const list = columns.map(ident).join(', ');
    // With no column given, `INSERT INTO t SELECT FROM …` gives every column its default.
    const target = columns.length > 0 ? ` (${list})` : '';
    return `"pgrst_ins_${index}" AS (INSERT INTO ${qualified(relation.name)}${target} SELECT ${list} FROM json_populate_recordset(NULL::${qualified(relation.name)}, ${params.add(JSON.stringify(group), 'json')})${conflictSql(plan, columns)} RETURNING ${qualified(relation.name)}.*)`;
  });
  const union = groups.map((_, index) => `SELECT * FROM "pgrst_ins_${index}"`).join(' UNION ALL ');
  return `WITH ${statements.join(', ')}, ${MUTATION} AS (${union})`;
}

function conflictSql(plan: InsertPlan, columns: string[]): string {
  if (!plan.upsert) return '';
  const target = plan.upsert.onConflict.length > 0 ? plan.upsert.onConflict : plan.relation.primaryKey;
  if (target.length === 0) throw new RestError(400, 'PGRST100', `'${plan.relation.name}' has no primary key: name the conflict columns with on_conflict=`);
  for (const column of target) requireColumn(plan.relation, column);
  const conflictTarget = `(${target.map(ident).join(', ')})`;
  // The creator of an existing row stays its creator.
  const updates = columns.filter((c) => !target.includes(c) && !(c in plan.forced));
  if (plan.upsert.resolution === 'ignore-duplicates' || updates.length === 0) return ` ON CONFLICT ${conflictTarget} DO NOTHING`;
  return ` ON CONFLICT ${conflictTarget} DO UPDATE SET ${updates.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`).join(', ')}`;
}

export interface UpdatePlan {
  relation: RelationInfo;
  values: Row;
  conditions: Condition[];
}

export function compileUpdate(plan: UpdatePlan, params: Params): string {
  const { relation } = plan;
  const columns = Object.keys(plan.values);
  for (const column of columns) requireWritableColumn(relation, column);
  const where = whereSql(plan.relation, plan.conditions, params, 'UPDATE');
  const assignments = columns.map((c) => `${ident(c)} = "pgrst_body".${ident(c)}`).join(', ');
  return `WITH ${MUTATION} AS (UPDATE ${qualified(relation.name)} AS "t0" SET ${assignments} FROM (SELECT * FROM json_populate_record(NULL::${qualified(relation.name)}, ${params.add(JSON.stringify(plan.values), 'json')})) AS "pgrst_body"${where} RETURNING "t0".*)`;
}

export interface DeletePlan {
  relation: RelationInfo;
  conditions: Condition[];
}

export function compileDelete(plan: DeletePlan, params: Params): string {
  const where = whereSql(plan.relation, plan.conditions, params, 'DELETE');
  const softDelete = SOFT_DELETED_RELATIONS[plan.relation.name];
  if (softDelete) {
    // The rows stay: marked deleted (and answered as such), as the table's own delete trigger would.
    const column = `"t0".${ident(softDelete)}`;
    return `WITH ${MUTATION} AS (UPDATE ${qualified(plan.relation.name)} AS "t0" SET ${ident(softDelete)} = now()${where} AND ${column} IS NULL RETURNING "t0".*)`;
  }
  return `WITH ${MUTATION} AS (DELETE FROM ${qualified(plan.relation.name)} AS "t0"${where} RETURNING "t0".*)`;
}

export const MUTATION_SOURCE = MUTATION;

/** Updates and deletes need a filter: a forgotten `id=eq.` must not touch every row. */
function whereSql(relation: RelationInfo, conditions: Condition[], params: Params, verb: 'UPDATE' | 'DELETE'): string {
  if (conditions.length === 0) {
    throw new RestError(400, '21000', `${verb} requires a WHERE clause`, null, `Add a filter, e.g. ?id=eq.{id}, to say which rows of '${relation.name}' to ${verb === 'UPDATE' ? 'change' : 'delete'}.`);
  }
  return ` WHERE ${conditions.map((c) => conditionSql(c, relation, 't0', params)).join(' AND ')}`;
}

function requireWritableColumn(relation: RelationInfo, column: string): void {
  if (!relation.columnsByName.has(column)) {
    throw new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${relation.name}' in the schema cache`);
  }
}

function groupByKeys(rows: Row[]): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = Object.keys(row).sort().join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

function pick(row: Row, keys: ReadonlySet<string>): Row {
  return Object.fromEntries(Object.entries(row).filter(([key]) => keys.has(key)));
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
