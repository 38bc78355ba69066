import type { OrderTerm } from './ast.js';
import { Cursor } from './cursor.js';
import { readField } from './field.js';

/** `order=status.desc.nullslast,created_by(name).asc,labels->>env` */
export function parseOrder(raw: string): OrderTerm[] {
  const cursor = new Cursor(raw, 'order');
  const terms: OrderTerm[] = [];
  do {
    cursor.skipSpaces();
    terms.push(readTerm(cursor));
    cursor.skipSpaces();
  } while (cursor.take(','));
  if (!cursor.eof()) throw cursor.fail('expecting "," or end of input');
  return terms;
}

function readTerm(cursor: Cursor): OrderTerm {
  let field = readField(cursor, '.,()"');
  let relation: string | undefined;
  if (cursor.take('(')) {
    relation = field.name;
    field = readField(cursor, '.,()"');
    cursor.expect(')');
  }
  const term: OrderTerm = { field, ...(relation === undefined ? {} : { relation }) };
  while (cursor.take('.')) {
    const word = cursor.bare('.,', false);
    if (word === 'asc' || word === 'desc') term.direction = word;
    else if (word === 'nullsfirst') term.nulls = 'first';
    else if (word === 'nullslast') term.nulls = 'last';
    else throw cursor.fail('expecting asc, desc, nullsfirst or nullslast');
  }
  return term;
}
