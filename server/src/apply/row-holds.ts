import { isDeepStrictEqual } from 'node:util';
import { isSealed } from '../connections/sealing.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type { StoredRow } from './stores.js';

/**
 * A column value as it reads: dates as ISO text, nested objects by their content, and sealed text
 * in clear (each sealing of one value differs).
 */
function comparable(value: unknown, secrets: ServerSecrets): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && isSealed(value)) {
    const opened = secrets.openIfOurs(value);
    return opened === undefined ? value : { opened };
  }
  if (Array.isArray(value)) return value.map((item) => comparable(item, secrets));
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, comparable(item, secrets)]));
  return value;
}

/**
 * Whether the saved row still holds every column value an apply would write: a row changed since
 * (through the data service or the screens) is applied again even when its file did not change.
 */
export function rowHolds(row: StoredRow, columns: Readonly<Record<string, unknown>>, secrets: ServerSecrets): boolean {
  return Object.entries(columns).every(([name, value]) => isDeepStrictEqual(comparable(row[name], secrets), comparable(value, secrets)));
}
