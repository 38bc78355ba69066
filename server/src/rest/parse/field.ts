import type { FieldRef, JsonPathStep } from './ast.js';
import type { Cursor } from './cursor.js';

/** A column name followed by any `->key` / `->>key` steps. */
export function readField(cursor: Cursor, stops: string): FieldRef {
  const name = cursor.identifier(stops);
  return { name, jsonPath: readJsonPath(cursor, stops) };
}

export function readJsonPath(cursor: Cursor, stops: string): JsonPathStep[] {
  const path: JsonPathStep[] = [];
  for (;;) {
    let arrow: JsonPathStep['arrow'];
    if (cursor.take('->>')) arrow = '->>';
    else if (cursor.take('->')) arrow = '->';
    else return path;
    const quoted = cursor.peek() === '"';
    const key = cursor.identifier(stops);
    path.push({ arrow, key: !quoted && /^-?\d+$/.test(key) ? Number(key) : key });
  }
}

/** The name a JSON path yields in the output, as PostgREST names it: its last key. */
export function fieldOutputName(field: FieldRef): string {
  const last = field.jsonPath.at(-1);
  return last === undefined ? field.name : String(last.key);
}
