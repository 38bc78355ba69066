import type { SelectItem } from './ast.js';
import { Cursor } from './cursor.js';
import { readJsonPath } from './field.js';
import { checkDepth, LimitCounter } from './limits.js';

const NAME_STOPS = ',()!:"';
const CAST_PATTERN = /^(?:[a-z_][a-z0-9_]*(?:\[\])?|double precision)$/i;

/** `select=id,alias:col::text,labels->>env,created_by(id,name),team:teams!inner(*)` */
export function parseSelect(raw: string): SelectItem[] {
  const cursor = new Cursor(raw, 'select parameter');
  const items = readItems(cursor, { items: new LimitCounter('selectItems'), embeds: new LimitCounter('embedCount') }, 0);
  if (!cursor.eof()) throw cursor.fail('expecting "," or end of input');
  return items;
}

/** Counted while reading, so an oversized select is refused before it is all parsed. */
interface SelectCounters {
  items: LimitCounter;
  embeds: LimitCounter;
}

function readItems(cursor: Cursor, counters: SelectCounters, depth: number): SelectItem[] {
  const items: SelectItem[] = [];
  do {
    cursor.skipSpaces();
    counters.items.add();
    items.push(readItem(cursor, counters, depth));
    cursor.skipSpaces();
  } while (cursor.take(','));
  return items;
}

function readItem(cursor: Cursor, counters: SelectCounters, depth: number): SelectItem {
  const spread = cursor.take('...');
  if (!spread && cursor.take('*')) return { kind: 'star' };

  let alias: string | undefined;
  let name = cursor.identifier(NAME_STOPS + '.');
  if (cursor.peek() === ':' && cursor.peek(1) !== ':') {
    cursor.advance();
    alias = name;
    name = cursor.identifier(NAME_STOPS + '.');
  }

  let hint: string | undefined;
  let inner = false;
  while (cursor.take('!')) {
    const word = cursor.identifier(NAME_STOPS + '.');
    if (word === 'inner') inner = true;
    else if (word === 'left') inner = false;
    else if (hint === undefined) hint = word;
    else throw cursor.fail('expecting "inner" or "left" after the hint');
  }

  if (cursor.take('(')) {
    checkDepth('embedDepth', depth + 1);
    counters.embeds.add();
    cursor.skipSpaces();
    const select: SelectItem[] = cursor.peek() === ')' ? [] : readItems(cursor, counters, depth + 1);
    cursor.expect(')');
    return { kind: 'embed', name, inner, spread, select, ...(alias === undefined ? {} : { alias }), ...(hint === undefined ? {} : { hint }) };
  }
  if (spread || hint !== undefined || inner) throw cursor.fail('expecting "(" to embed a resource');

  const field = { name, jsonPath: readJsonPath(cursor, NAME_STOPS) };

  let cast: string | undefined;
  if (cursor.take('::')) {
    cast = cursor.bare(',()').trim();
    if (!CAST_PATTERN.test(cast)) throw cursor.fail('expecting a type name to cast to');
  }
  return { kind: 'column', field, ...(alias === undefined ? {} : { alias }), ...(cast === undefined ? {} : { cast }) };
}
