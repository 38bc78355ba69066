import { parseError } from '../errors.js';
import { Cursor } from './cursor.js';
import type { LevelModifiers, SelectItem } from './ast.js';
import { parseFieldKey, parseFilter, parseLogic } from './filter.js';
import { LimitCounter } from './limits.js';
import { parseOrder } from './order.js';
import { parseSelect } from './select.js';

export interface ParsedQuery {
  select: SelectItem[];
  /** Keyed by the embedding path joined with '.', '' for the root. */
  levels: Map<string, LevelModifiers>;
  columns?: string[];
  onConflict?: string[];
  /** Function arguments of a GET /rpc call. */
  args: Map<string, string>;
}

const LOGIC_KEYS: Record<string, { operator: 'and' | 'or'; negate: boolean }> = {
  and: { operator: 'and', negate: false },
  or: { operator: 'or', negate: false },
  'not.and': { operator: 'and', negate: true },
  'not.or': { operator: 'or', negate: true },
};

export function parseQuery(params: URLSearchParams, argNames: ReadonlySet<string> = new Set()): ParsedQuery {
  const parsed: ParsedQuery = { select: [{ kind: 'star' }], levels: new Map(), args: new Map() };
  const level = (path: string): LevelModifiers => {
    let found = parsed.levels.get(path);
    if (!found) {
      found = { conditions: [], order: [] };
      parsed.levels.set(path, found);
    }
    return found;
  };
  level('');
  const conditions = new LimitCounter('conditions');

  for (const [key, value] of params) {
    if (argNames.has(key)) {
      parsed.args.set(key, value);
      continue;
    }
    switch (key) {
      case 'select':
        parsed.select = value.trim() === '' ? [{ kind: 'star' }] : parseSelect(value);
        continue;
      case 'columns':
        parsed.columns = parseNameList(key, value);
        continue;
      case 'on_conflict':
        parsed.onConflict = parseNameList(key, value);
        continue;
    }
    const { path, name } = splitKey(key);
    const logic = LOGIC_KEYS[name];
    if (logic) {
      level(path).conditions.push(parseLogic(logic.operator, logic.negate, value, conditions));
    } else if (name === 'order') {
      level(path).order.push(...parseOrder(value));
    } else if (name === 'limit') {
      level(path).limit = parseCount(key, value);
    } else if (name === 'offset') {
      level(path).offset = parseCount(key, value);
    } else {
      conditions.add();
      level(path).conditions.push(parseFilter(parseFieldKey(name), value));
    }
  }
  return parsed;
}

/** `hypotheses.evidences.component_id` → path `hypotheses.evidences`, name `component_id`. */
function splitKey(key: string): { path: string; name: string } {
  const arrow = key.indexOf('->');
  const head = arrow < 0 ? key : key.slice(0, arrow);
  const tail = arrow < 0 ? '' : key.slice(arrow);
  const segments = head.split('.');
  // `not.and` / `not.or` are two segments of one logic key.
  let nameStart = segments.length - 1;
  if (nameStart > 0 && segments[nameStart - 1] === 'not' && (segments[nameStart] === 'and' || segments[nameStart] === 'or')) {
    nameStart -= 1;
  }
  return { path: segments.slice(0, nameStart).join('.'), name: segments.slice(nameStart).join('.') + tail };
}

/** `a,b` or `"a","b"` (postgrest-js quotes the names it sends). */
function parseNameList(key: string, value: string): string[] {
  const cursor = new Cursor(value, key);
  const names: string[] = [];
  do {
    cursor.skipSpaces();
    names.push(cursor.identifier(',"'));
    cursor.skipSpaces();
  } while (cursor.take(','));
  if (!cursor.eof()) throw cursor.fail('expecting "," or end of input');
  return names;
}

function parseCount(key: string, value: string): number {
  if (!/^\d+$/.test(value)) throw parseError(key, value, 'expecting a non-negative integer');
  return Number(value);
}
