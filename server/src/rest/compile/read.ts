import { RestError } from '../errors.js';
import type { EmbedItem, LevelModifiers, OrderTerm, SelectItem } from '../parse/ast.js';
import { fieldOutputName } from '../parse/field.js';
import type { RelationInfo, Relationship, SchemaModel } from '../schema/model.js';
import { conditionSql } from './condition.js';
import { fieldExpression } from './expression.js';
import { resolveRelationship } from './relationship.js';
import { castType, ident, qualified, type Params } from './sql.js';
import { unscopedSource, type SourceOf } from '../organization-scope.js';

/** What the rows are read from: a relation, the rows a write returned, or a function's result. */
export interface ReadSource {
  sql: string;
  relation: RelationInfo;
}

export interface ReadOptions {
  schema: SchemaModel;
  params: Params;
  levels: ReadonlyMap<string, LevelModifiers>;
  /** Called for every embedded relation, to check the caller may read it. */
  authorize: (relation: RelationInfo) => void;
  /** False for the representation of a write: the root filters and paging were applied to the write itself. */
  rootModifiers: boolean;
  window?: { limit?: number; offset?: number };
  /** What each relation is read from; organization mode narrows the person relations. */
  sourceOf?: SourceOf;
}

export interface CompiledRead {
  /** One row per result row, columns named as the response's keys. */
  rowsSql: string;
  /** `SELECT 1 FROM …` over the same filters, for counting. */
  countSql: string;
}

interface Join {
  sql: string;
  /** Needed to count: it filters the parent rows (`!inner`). */
  filters: boolean;
}

interface Level {
  columns: string[];
  outputNames: string[];
  joins: Join[];
  innerConditions: string[];
}

const NO_MODIFIERS: LevelModifiers = { conditions: [], order: [] };

export function compileRead(source: ReadSource, select: SelectItem[], options: ReadOptions): CompiledRead {
  return new ReadCompiler(options).root(source, select);
}

class ReadCompiler {
  private aliasCount = 0;
  private readonly usedLevels = new Set<string>(['']);

  private readonly sourceOf: SourceOf;

  constructor(private readonly options: ReadOptions) {
    this.sourceOf = options.sourceOf ?? unscopedSource;
  }

  root(source: ReadSource, select: SelectItem[]): CompiledRead {
    const alias = this.nextAlias('t');
    const level = this.level(source.relation, alias, select, '');
    // A write's representation keeps only the order: its filters and paging chose the rows written.
    const all = this.modifiers('');
    const modifiers = this.options.rootModifiers ? all : { ...NO_MODIFIERS, order: all.order };
    const where = [
      ...modifiers.conditions.map((c) => conditionSql(c, source.relation, alias, this.options.params)),
      ...level.innerConditions,
    ];
    const order = this.orderSql(modifiers.order, source.relation, alias);
    const limit = minDefined(modifiers.limit, this.options.window?.limit);
    const offset = (modifiers.offset ?? 0) + (this.options.window?.offset ?? 0);
    this.checkAllLevelsUsed();

    const from = `FROM ${source.sql} AS ${ident(alias)}`;
    const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
    const columns = level.columns.join(', ');
    return {
      rowsSql: `SELECT ${columns} ${from}${joinSql(level.joins)}${whereSql}${order}${this.pageSql(limit, offset)}`,
      countSql: `SELECT 1 ${from}${joinSql(level.joins.filter((j) => j.filters))}${whereSql}`,
    };
  }

  private level(relation: RelationInfo, alias: string, select: SelectItem[], path: string): Level {
    const level: Level = { columns: [], outputNames: [], joins: [], innerConditions: [] };
    const claimed = new Set(select.flatMap((item) => (item.kind === 'star' || (item.kind === 'embed' && item.spread) ? [] : [outputName(item)])));
    const push = (sql: string, name: string): void => {
      level.columns.push(sql);
      level.outputNames.push(name);
    };

    for (const item of select) {
      if (item.kind === 'star') {
        for (const column of relation.columns) {
          if (!claimed.has(column.name)) push(`${ident(alias)}.${ident(column.name)}`, column.name);
        }
      } else if (item.kind === 'column') {
        let expr = fieldExpression(relation, alias, item.field, this.options.params);
        if (item.cast !== undefined) expr = `(${expr})::${castType(item.cast)}`;
        const name = outputName(item);
        push(`${expr} AS ${ident(name)}`, name);
      } else {
        this.embed(relation, alias, item, path, level, push);
      }
    }
    return level;
  }

  private embed(
    parent: RelationInfo,
    parentAlias: string,
    item: EmbedItem,
    path: string,
    level: Level,
    push: (sql: string, name: string) => void,
  ): void {
    const { schema, params } = this.options;
    const rel = resolveRelationship(schema, parent.name, item.name, item.hint);
    const target = schema.relations.get(rel.target);
    if (!target) throw new RestError(400, 'PGRST200', `Could not find '${rel.target}' in the schema cache`);
    this.options.authorize(target);
    const junction = rel.junction && schema.relations.get(rel.junction.relation);
    if (junction) this.options.authorize(junction);

    const childPath = this.childPath(path, item);
    const childAlias = this.nextAlias('t');
    const child = this.level(target, childAlias, item.select, childPath);
    const modifiers = this.modifiers(childPath);
    const link = linkSql(rel, parentAlias, childAlias, this.nextAlias('m'), junction ? this.sourceOf(junction) : qualified(rel.junction?.relation ?? ''));
    const where = [
      ...link.conditions,
      ...modifiers.conditions.map((c) => conditionSql(c, target, childAlias, params)),
      ...child.innerConditions,
    ];
    const toOne = rel.cardinality === 'many-to-one';
    const page = toOne ? ' LIMIT 1' : this.pageSql(modifiers.limit, modifiers.offset ?? 0);
    // A spread's columns join the parent row, so it carries a marker for `!inner`.
    const innerColumns = (item.spread ? ['TRUE AS "_pgrst_found"', ...child.columns] : child.columns).join(', ');
    const inner = `SELECT ${innerColumns} FROM ${this.sourceOf(target)} AS ${ident(childAlias)}${link.join}${joinSql(child.joins)} WHERE ${where.join(' AND ')}${toOne ? '' : this.orderSql(modifiers.order, target, childAlias)}${page}`;
    const joinAlias = ident(this.nextAlias('j'));
    const name = outputName(item);

    if (item.spread) {
      if (!toOne) throw new RestError(400, 'PGRST119', `A spread operation on '${item.name}' is only possible on a to-one relationship`);
      level.joins.push({ sql: `LEFT JOIN LATERAL (${inner}) AS ${joinAlias} ON TRUE`, filters: item.inner });
      child.outputNames.forEach((childName) => {
        level.columns.push(`${joinAlias}.${ident(childName)}`);
        level.outputNames.push(childName);
      });
      if (item.inner) level.innerConditions.push(`${joinAlias}."_pgrst_found"`);
      return;
    }

    const aggregate = toOne ? 'row_to_json("s")' : 'json_agg("s")';
    level.joins.push({ sql: `LEFT JOIN LATERAL (SELECT ${aggregate} AS "body" FROM (${inner}) AS "s") AS ${joinAlias} ON TRUE`, filters: item.inner });
    if (item.select.length > 0) push(toOne ? `${joinAlias}."body" AS ${ident(name)}` : `COALESCE(${joinAlias}."body", '[]'::json) AS ${ident(name)}`, name);
    if (item.inner) level.innerConditions.push(`${joinAlias}."body" IS NOT NULL`);
  }

  private childPath(path: string, item: EmbedItem): string {
    const join = (key: string): string => (path === '' ? key : `${path}.${key}`);
    if (item.alias !== undefined && this.options.levels.has(join(item.alias))) return join(item.alias);
    return join(item.name);
  }

  private modifiers(path: string): LevelModifiers {
    this.usedLevels.add(path);
    return this.options.levels.get(path) ?? NO_MODIFIERS;
  }

  private checkAllLevelsUsed(): void {
    for (const [path, modifiers] of this.options.levels) {
      const empty = modifiers.conditions.length === 0 && modifiers.order.length === 0 && modifiers.limit === undefined && modifiers.offset === undefined;
      if (!this.usedLevels.has(path) && !empty) {
        throw new RestError(400, 'PGRST108', `'${path}' is not an embedded resource in this request`, null, `Verify that '${path}' is included in the 'select' query parameter.`);
      }
    }
  }

  private orderSql(terms: OrderTerm[], relation: RelationInfo, alias: string): string {
    if (terms.length === 0) return '';
    const { schema, params } = this.options;
    const parts = terms.map((term) => {
      let expr: string;
      if (term.relation === undefined) {
        expr = fieldExpression(relation, alias, term.field, params);
      } else {
        const rel = resolveRelationship(schema, relation.name, term.relation, undefined);
        const target = schema.relations.get(rel.target);
        if (!target || rel.cardinality !== 'many-to-one') {
          throw new RestError(400, 'PGRST118', `A related order on '${term.relation}' is not possible`, 'Ordering by a related column needs a to-one relationship.');
        }
        this.options.authorize(target);
        const orderAlias = this.nextAlias('o');
        const join = rel.targetColumns.map((c, i) => `${ident(orderAlias)}.${ident(c)} = ${ident(alias)}.${ident(rel.sourceColumns[i] ?? '')}`);
        expr = `(SELECT ${fieldExpression(target, orderAlias, term.field, params)} FROM ${this.sourceOf(target)} AS ${ident(orderAlias)} WHERE ${join.join(' AND ')})`;
      }
      const direction = term.direction === 'desc' ? ' DESC' : term.direction === 'asc' ? ' ASC' : '';
      const nulls = term.nulls === 'first' ? ' NULLS FIRST' : term.nulls === 'last' ? ' NULLS LAST' : '';
      return `${expr}${direction}${nulls}`;
    });
    return ` ORDER BY ${parts.join(', ')}`;
  }

  private pageSql(limit: number | undefined, offset: number): string {
    return `${limit === undefined ? '' : ` LIMIT ${this.count(limit)}`}${offset > 0 ? ` OFFSET ${this.count(offset)}` : ''}`;
  }

  /**
   * A page bound as a number in the statement, as PostgREST writes it: bound as a parameter, the
   * prepared statement's generic plan would size its work for a tenth of the table. Only a number
   * beyond what JavaScript holds exactly is bound, so PostgreSQL answers it out of range.
   */
  private count(value: number): string {
    return Number.isSafeInteger(value) && value >= 0 ? String(value) : this.options.params.add(value, 'bigint');
  }

  private nextAlias(prefix: string): string {
    return `${prefix}${this.aliasCount++}`;
  }
}

/** How embedded rows are tied to their parent row: directly, or through a junction table. */
function linkSql(rel: Relationship, parentAlias: string, childAlias: string, junctionAlias: string, junctionSource: string): { join: string; conditions: string[] } {
  const equal = (leftAlias: string, left: string[], rightAlias: string, right: string[]): string[] =>
    left.map((column, i) => `${ident(leftAlias)}.${ident(column)} = ${ident(rightAlias)}.${ident(right[i] ?? '')}`);
  if (!rel.junction) return { join: '', conditions: equal(childAlias, rel.targetColumns, parentAlias, rel.sourceColumns) };
  const { junction } = rel;
  return {
    join: ` JOIN ${junctionSource} AS ${ident(junctionAlias)} ON ${equal(junctionAlias, junction.targetColumns, childAlias, rel.targetColumns).join(' AND ')}`,
    conditions: equal(junctionAlias, junction.sourceColumns, parentAlias, rel.sourceColumns),
  };
}

function outputName(item: Exclude<SelectItem, { kind: 'star' }>): string {
  if (item.alias !== undefined) return item.alias;
  return item.kind === 'column' ? fieldOutputName(item.field) : item.name;
}

function joinSql(joins: Join[]): string {
  return joins.map((j) => ` ${j.sql}`).join('');
}

function minDefined(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}
