import { isDeepStrictEqual } from 'node:util';
import type { StoredRow } from './stores.js';

/** A column value as JSON reads it back: dates as ISO text, nested objects by their content. */
function comparable(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' && value !== null ? JSON.parse(JSON.stringify(value)) : value;
}

/**
 * Whether the saved row still holds every column value an apply would write: a row changed since
 * (through the data service or the screens) is applied again even when its file did not change.
 */
export function rowHolds(row: StoredRow, columns: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(columns).every(([name, value]) => isDeepStrictEqual(comparable(row[name]), comparable(value)));
}
