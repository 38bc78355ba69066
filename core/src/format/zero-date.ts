/** Date inputs as they come from the API, and the zero date 0001-01-01 that means "no date". */

export type DateInput = Date | string | number;

/** True for 0001-01-01 (as a string prefix, or a Date in year 1 UTC). */
export function isZeroDate(value: DateInput | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().startsWith('0001-01-01');
  const date = typeof value === 'number' ? new Date(value) : value;
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() === 1;
}

/** A valid Date, or null for an empty, zero or unparseable value. */
export function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '' || isZeroDate(value)) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
