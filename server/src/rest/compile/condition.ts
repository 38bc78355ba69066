import type { Condition, FilterCondition, FtsOperator, SimpleOperator } from '../parse/ast.js';
import type { RelationInfo } from '../schema/model.js';
import { fieldExpression, requireColumn } from './expression.js';
import type { Params } from './sql.js';
import { checkUuidFilter } from './uuid-values.js';

const COMPARISONS: Readonly<Record<SimpleOperator | 'isdistinct' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj', string>> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  isdistinct: 'IS DISTINCT FROM',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const TS_QUERIES: Readonly<Record<FtsOperator, string>> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

const IS_SQL = { null: 'IS NULL', not_null: 'IS NOT NULL', true: 'IS TRUE', false: 'IS FALSE', unknown: 'IS UNKNOWN' } as const;

export function conditionSql(condition: Condition, relation: RelationInfo, alias: string, params: Params): string {
  if (condition.kind === 'logic') {
    const joiner = condition.operator === 'and' ? ' AND ' : ' OR ';
    const inner = condition.children.map((child) => conditionSql(child, relation, alias, params)).join(joiner);
    return condition.negate ? `NOT (${inner})` : `(${inner})`;
  }
  const sql = filterSql(condition, relation, alias, params);
  return condition.negate ? `NOT (${sql})` : sql;
}

function patternValue(operator: string, value: string): string {
  return operator === 'like' || operator === 'ilike' ? value.replace(/\*/g, '%') : value;
}

function filterSql(filter: FilterCondition, relation: RelationInfo, alias: string, params: Params): string {
  const expr = fieldExpression(relation, alias, filter.field, params);
  checkUuidFilter(filter, relation);
  const { operator, value } = filter;
  switch (value.kind) {
    case 'is':
      return `${expr} ${IS_SQL[value.value]}`;
    case 'list':
      return `${expr} = ANY(${params.add(value.values)})`;
    case 'quantified': {
      const op = COMPARISONS[operator as SimpleOperator];
      return `${expr} ${op} ${value.quantifier.toUpperCase()}(${params.add(value.values.map((v) => patternValue(operator, v)))})`;
    }
    case 'fts': {
      const column = requireColumn(relation, filter.field.name);
      const document = column.type === 'tsvector' && filter.field.jsonPath.length === 0 ? expr : `to_tsvector(${langArg(value.language, params)}${expr}::text)`;
      return `${document} @@ ${TS_QUERIES[operator as FtsOperator]}(${langArg(value.language, params)}${params.add(value.value)})`;
    }
    case 'scalar': {
      const op = COMPARISONS[operator as keyof typeof COMPARISONS];
      let bound = patternValue(operator, value.value);
      if (operator === 'ov' && bound.startsWith('(') && bound.endsWith(')')) bound = `{${bound.slice(1, -1)}}`;
      return `${expr} ${op} ${params.add(bound)}`;
    }
  }
}

function langArg(language: string | undefined, params: Params): string {
  return language === undefined ? '' : `${params.add(language, 'regconfig')}, `;
}
