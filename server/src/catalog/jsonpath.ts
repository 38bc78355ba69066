import { JSONPath } from 'jsonpath-plus';
import { ComparingFilter } from './jsonpath-filters.js';

/** config-db's rule: a field that starts with `$` or `@` is a JSONPath, anything else a literal. */
export function isJsonPath(text: string): boolean {
  return text.startsWith('$') || text.startsWith('@');
}

export class JsonPathError extends Error {}

/** Every value the path selects; filter scripts may only compare values (see ComparingFilter). */
export function select(path: string, json: unknown): unknown[] {
  if (json === null || typeof json !== 'object') return [];
  try {
    return JSONPath({ path: path.startsWith('@') ? `$${path.slice(1)}` : path, json, wrap: true, eval: ComparingFilter }) as unknown[];
  } catch (error) {
    throw new JsonPathError(`${path}: ${(error as Error).message}`);
  }
}

/** What a literal-or-JSONPath field gives for one document: the first value, as text. */
export function textOf(field: unknown, json: unknown): string | undefined {
  if (typeof field !== 'string' || field === '') return undefined;
  if (!isJsonPath(field)) return field;
  const [value] = select(field, json);
  if (value === undefined || value === null) return undefined;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Removes what the path selects from the document (which it changes). */
export function removeAt(path: string, json: unknown): void {
  if (json === null || typeof json !== 'object') return;
  const matches = JSONPath({ path, json, wrap: true, eval: ComparingFilter, resultType: 'all' }) as Array<{ parent: unknown; parentProperty: string | number }>;
  for (const { parent, parentProperty } of matches.reverse()) {
    if (Array.isArray(parent) && typeof parentProperty === 'number') parent.splice(parentProperty, 1);
    else if (parent !== null && typeof parent === 'object') delete (parent as Record<string | number, unknown>)[parentProperty];
  }
}

/** Replaces what the path selects with the value `replace` gives for it. */
export function replaceAt(path: string, json: unknown, replace: (value: unknown) => unknown): void {
  if (json === null || typeof json !== 'object') return;
  const matches = JSONPath({ path, json, wrap: true, eval: ComparingFilter, resultType: 'all' }) as Array<{ parent: unknown; parentProperty: string | number; value: unknown }>;
  for (const { parent, parentProperty, value } of matches) {
    if (parent !== null && typeof parent === 'object') (parent as Record<string | number, unknown>)[parentProperty] = replace(value);
  }
}
