import { validateCel } from '@pharos/core';
import type { Row } from './compile/write.js';
import { RestError } from './errors.js';

/**
 * Columns holding CEL that is evaluated later, away from the person who wrote it (a notification's
 * filter at delivery, a silence's filter when a send is matched): refused at write time when they do
 * not compile, as PostgreSQL cannot tell.
 */
const CEL_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  notifications: ['filter'],
  notification_silences: ['filter'],
};

/** Throws a 400 naming the column and the compiler's reason for the first CEL value that does not compile. */
export function refuseInvalidCel(relation: string, rows: readonly Row[]): void {
  for (const column of CEL_COLUMNS[relation] ?? []) {
    for (const row of rows) {
      const value = row[column];
      if (typeof value !== 'string' || value.trim() === '') continue;
      try {
        validateCel(value);
      } catch (error) {
        throw new RestError(400, '23514', `${column} is not valid CEL: ${(error as Error).message}`, null, `Correct the expression in ${column}.`);
      }
    }
  }
}
