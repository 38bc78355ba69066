/** The parsed form of a PostgREST request: what the URL asks for, before any schema is consulted. */

export interface JsonPathStep {
  arrow: '->' | '->>';
  key: string | number;
}

/** A column, optionally followed by a JSON path: `labels->>env`. */
export interface FieldRef {
  name: string;
  jsonPath: JsonPathStep[];
}

export interface StarItem {
  kind: 'star';
}

export interface ColumnItem {
  kind: 'column';
  field: FieldRef;
  alias?: string;
  cast?: string;
}

export interface EmbedItem {
  kind: 'embed';
  name: string;
  alias?: string;
  hint?: string;
  inner: boolean;
  spread: boolean;
  select: SelectItem[];
}

export type SelectItem = StarItem | ColumnItem | EmbedItem;

export const SIMPLE_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'] as const;
export const FTS_OPERATORS = ['fts', 'plfts', 'phfts', 'wfts'] as const;
export const OPERATORS = [...SIMPLE_OPERATORS, ...FTS_OPERATORS, 'in', 'is', 'isdistinct', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'] as const;
export type SimpleOperator = (typeof SIMPLE_OPERATORS)[number];
export type FtsOperator = (typeof FTS_OPERATORS)[number];
export type Operator = (typeof OPERATORS)[number];

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type FilterValue =
  | { kind: 'scalar'; value: string }
  | { kind: 'list'; values: string[] }
  | { kind: 'quantified'; quantifier: 'any' | 'all'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'fts'; language?: string; value: string };

export interface FilterCondition {
  kind: 'filter';
  field: FieldRef;
  negate: boolean;
  operator: Operator;
  value: FilterValue;
}

export interface LogicCondition {
  kind: 'logic';
  operator: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = FilterCondition | LogicCondition;

export interface OrderTerm {
  /** Set when ordering by a column of a to-one embedded resource: `order=created_by(name).asc`. */
  relation?: string;
  field: FieldRef;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Filters, order and paging that apply at one level of the embedding tree ('' is the root). */
export interface LevelModifiers {
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}
