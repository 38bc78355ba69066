import { formatValue, goTypeName } from '../format.js';
import { goDuration } from '../time.js';

/** Conversions gomplate's functions apply to what templates hand them (its conv package). */

export const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : formatValue(value));

/** gomplate's conv.ToString: nil as `nil`, everything else as Go's %v. */
export const toGoString = (value: unknown): string => (value === undefined || value === null ? 'nil' : text(value));

function parseNumberText(raw: string): number {
  const value = raw.trim().replace(/,/g, '');
  if (/^[+-]?0[xX][0-9a-fA-F]+$/.test(value)) return Number.parseInt(value, 16);
  if (/^[+-]?0[oO]?[0-7]+$/.test(value) && value.replace(/^[+-]/, '').length > 1) return Number.parseInt(value.replace(/0[oO]/, '0'), 8);
  if (/^[+-]?0[bB][01]+$/.test(value)) return (value.startsWith('-') ? -1 : 1) * Number.parseInt(value.replace(/^[+-]?0[bB]/, ''), 2);
  const number = Number(value);
  return value === '' || Number.isNaN(number) ? Number.NaN : number;
}

/** gomplate's conv.ToFloat64: numbers, numeric text (`0x42`, `9,000.09`, `1e3`), booleans; 0 for anything else. */
export function toFloat(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const number = parseNumberText(value);
    return Number.isNaN(number) ? 0 : number;
  }
  return 0;
}

/** gomplate's conv.ToInt64: as ToFloat64, truncated. */
export const toInt = (value: unknown): number => Math.trunc(toFloat(value));

/** gomplate's conv.ToBool: 1, or `t`, `true`, `yes` in any case (and numbers equal to 1). */
export function toBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 't' || lower === 'true' || lower === 'yes') return true;
    return parseNumberText(lower) === 1;
  }
  return false;
}

/** A number that must be a number: not-a-number text is an error, as gomplate's math functions say. */
export function number(value: unknown, what = 'number'): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'nan') return Number.NaN;
    if (lower === 'inf' || lower === '+inf') return Number.POSITIVE_INFINITY;
    if (lower === '-inf') return Number.NEGATIVE_INFINITY;
    const parsed = parseNumberText(value);
    if (!Number.isNaN(parsed)) return parsed;
  }
  throw new Error(`expected a ${what}, got ${goTypeName(value)} ${JSON.stringify(text(value))}`);
}

export function list(value: unknown, what = 'list'): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === undefined || value === null) return [];
  throw new Error(`expected a ${what}, got ${goTypeName(value)}`);
}

export const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

export function map(value: unknown): Record<string, unknown> {
  if (isMap(value)) return value;
  if (value === undefined || value === null) return {};
  throw new Error(`expected a map, got ${goTypeName(value)}`);
}

/**
 * A Go time.Duration in templates: prints as Go does (`1h2m3s`) and has Go's methods; holds
 * nanoseconds, so `time.Since` keeps its precision.
 */
export class GoDuration {
  constructor(readonly nanoseconds: number) {}

  get milliseconds(): number {
    return this.nanoseconds / 1e6;
  }

  toString(): string {
    return goDuration(this.milliseconds);
  }
}
