import { parseError } from '../errors.js';
import {
  FTS_OPERATORS,
  OPERATORS,
  SIMPLE_OPERATORS,
  type Condition,
  type FieldRef,
  type FilterCondition,
  type FilterValue,
  type IsValue,
  type LogicCondition,
  type Operator,
} from './ast.js';
import { Cursor } from './cursor.js';
import { readField } from './field.js';
import { checkDepth, LimitCounter } from './limits.js';

const IS_VALUES: readonly string[] = ['null', 'not_null', 'true', 'false', 'unknown'];

function isOperator(word: string): word is Operator {
  return (OPERATORS as readonly string[]).includes(word);
}

/** The column part of a filter key: `status`, `labels->>env`. */
export function parseFieldKey(raw: string): FieldRef {
  const cursor = new Cursor(raw, 'filter');
  const field = readField(cursor, '"');
  if (!cursor.eof()) throw cursor.fail('expecting end of the column name');
  return field;
}

/** The value side of `column=[not.]operator[(modifier)].value`. */
export function parseFilter(field: FieldRef, raw: string): FilterCondition {
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) throw parseError('filter', raw, 'expecting "operator.value", e.g. "eq.5"');
  const head = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  const match = /^([a-z]+)(?:\(([^()]*)\))?$/.exec(head);
  const operator = match?.[1] ?? head;
  const modifier = match?.[2];
  if (!isOperator(operator)) {
    throw parseError('filter', raw, `unknown operator "${operator}"; expecting one of ${OPERATORS.join(', ')}`);
  }
  return { kind: 'filter', field, negate, operator, value: parseValue(operator, modifier, value, raw) };
}

function parseValue(operator: Operator, modifier: string | undefined, value: string, raw: string): FilterValue {
  if ((FTS_OPERATORS as readonly string[]).includes(operator)) {
    return modifier === undefined ? { kind: 'fts', value } : { kind: 'fts', language: modifier, value };
  }
  if (modifier !== undefined) {
    if ((modifier === 'any' || modifier === 'all') && (SIMPLE_OPERATORS as readonly string[]).includes(operator)) {
      return { kind: 'quantified', quantifier: modifier, values: parseList(value, '{', '}', raw) };
    }
    throw parseError('filter', raw, `"${operator}" does not take the modifier "(${modifier})"`);
  }
  if (operator === 'in') return { kind: 'list', values: parseList(value, '(', ')', raw) };
  if (operator === 'is') {
    const lowered = value.toLowerCase();
    if (!IS_VALUES.includes(lowered)) throw parseError('filter', raw, 'is only accepts null, not_null, true, false or unknown');
    return { kind: 'is', value: lowered as IsValue };
  }
  return { kind: 'scalar', value };
}

/** `(a,"b,c",d)` into its items; quoted items keep commas and parentheses. */
export function parseList(text: string, open: string, close: string, raw: string): string[] {
  if (!text.startsWith(open) || !text.endsWith(close)) {
    throw parseError('filter', raw, `expecting a list in "${open}…${close}"`);
  }
  const cursor = new Cursor(text.slice(1, -1), 'filter');
  const values: string[] = [];
  if (cursor.eof()) return values;
  do {
    values.push(cursor.peek() === '"' ? cursor.quoted() : cursor.bare(',', false));
  } while (cursor.take(','));
  if (!cursor.eof()) throw parseError('filter', raw, `unexpected text after a quoted item at position ${cursor.position + 2}`);
  return values;
}

/**
 * `or=(a.eq.1,and(b.gt.2,c.not.is.null))`. `conditions` counts the filters and groups of the whole
 * request, so that many trees are bounded together.
 */
export function parseLogic(operator: 'and' | 'or', negate: boolean, raw: string, conditions = new LimitCounter('conditions')): LogicCondition {
  const cursor = new Cursor(raw, 'logic tree');
  const condition = readLogicBody(cursor, operator, negate, conditions, 1);
  if (!cursor.eof()) throw cursor.fail('expecting end of input');
  return condition;
}

function readLogicBody(cursor: Cursor, operator: 'and' | 'or', negate: boolean, conditions: LimitCounter, depth: number): LogicCondition {
  checkDepth('logicDepth', depth);
  conditions.add();
  cursor.expect('(');
  const children: Condition[] = [];
  do {
    cursor.skipSpaces();
    children.push(readCondition(cursor, conditions, depth));
    cursor.skipSpaces();
  } while (cursor.take(','));
  cursor.expect(')');
  return { kind: 'logic', operator, negate, children };
}

function readCondition(cursor: Cursor, conditions: LimitCounter, depth: number): Condition {
  for (const [prefix, operator, negate] of [
    ['not.and(', 'and', true],
    ['not.or(', 'or', true],
    ['and(', 'and', false],
    ['or(', 'or', false],
  ] as const) {
    if (cursor.startsWith(prefix)) {
      cursor.advance(prefix.length - 1);
      return readLogicBody(cursor, operator, negate, conditions, depth + 1);
    }
  }
  conditions.add();
  const field = readField(cursor, '.,()"');
  cursor.expect('.');
  let operatorText = '';
  if (cursor.take('not.')) operatorText = 'not.';
  operatorText += cursor.bare('.(),', false);
  if (cursor.peek() === '(') operatorText += cursor.balanced('(', ')');
  cursor.expect('.');
  return parseFilter(field, `${operatorText}.${readLogicValue(cursor)}`);
}

/** A value inside a logic tree: quoted, a balanced list, or plain text up to `,` or `)`. */
function readLogicValue(cursor: Cursor): string {
  const ch = cursor.peek();
  if (ch === '"') return cursor.quoted();
  if (ch === '(') return cursor.balanced('(', ')');
  if (ch === '{') return cursor.balanced('{', '}');
  if (ch === '[') return cursor.balanced('[', ']');
  return cursor.bare(',)', false);
}
