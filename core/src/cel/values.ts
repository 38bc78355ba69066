import { Environment, Optional } from '@marcbachmann/cel-js';

/** CEL values in and out of the engine: ints as bigint, durations and timestamps as the engine's own. */

export interface DurationValue {
  readonly seconds: bigint;
  readonly nanos: number;
  valueOf(): number;
}
type DurationClass = (new (seconds: bigint | number, nanos?: number) => DurationValue) & { fromMilliseconds(ms: number): DurationValue };

const Duration = (new Environment().evaluate('duration("0s")') as object).constructor as unknown as DurationClass;

/** A duration for the variables of an expression (`sslAge > Duration('7d')`). */
export function celDuration(milliseconds: number): unknown {
  return Duration.fromMilliseconds(milliseconds);
}

/** A duration of exactly so many nanoseconds. */
export function durationOfNanos(nanoseconds: bigint): DurationValue {
  const seconds = nanoseconds / 1_000_000_000n;
  return new Duration(seconds, Number(nanoseconds - seconds * 1_000_000_000n));
}

export function isDuration(value: unknown): value is DurationValue {
  return value instanceof Duration;
}

export function nanosOf(duration: DurationValue): bigint {
  return duration.seconds * 1_000_000_000n + BigInt(duration.nanos);
}

/** Values in: whole numbers become CEL ints (as Go's ints are), so `code == 200` and `count + 1` work. */
export function toCel(value: unknown): unknown {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(toCel);
  if (value === null || typeof value !== 'object') return value;
  // Plain objects only: dates, durations and other CEL values pass as they are.
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = toCel(item);
  return out;
}

/** Values out: ints as numbers where they fit, optionals unwrapped, durations in milliseconds. */
export function fromCel(value: unknown): unknown {
  if (typeof value === 'bigint') return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : value.toString();
  if (value instanceof Optional) return value.hasValue() ? fromCel(value.value()) : null;
  if (isDuration(value)) return value.valueOf();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  if (Array.isArray(value)) return value.map(fromCel);
  if (value instanceof Map) return Object.fromEntries([...value.entries()].map(([key, item]) => [String(key), fromCel(item)]));
  if (value !== null && typeof value === 'object' && isPlain(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fromCel(item)]));
  if (value !== null && typeof value === 'object' && 'valueOf' in value && typeof value.valueOf() !== 'object') return fromCel(value.valueOf());
  return value;
}

function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** CEL values as plain JSON-like ones (ints as numbers, maps as objects), for the helpers shared with templates. */
export function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Map) return Object.fromEntries([...value.entries()].map(([key, item]) => [String(key), plain(item)]));
  if (value !== null && typeof value === 'object' && isPlain(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Uint8Array) && !isDuration(value) && 'valueOf' in value && typeof value.valueOf() !== 'object') return plain(value.valueOf());
  return value;
}

/** A CEL map (object or Map) as a record. */
export function entriesOf(map: unknown): Record<string, unknown> {
  if (map instanceof Map) return Object.fromEntries([...map.entries()].map(([key, item]) => [String(key), item]));
  if (map !== null && typeof map === 'object' && !Array.isArray(map)) return map as Record<string, unknown>;
  throw new Error(`expected a map, got ${celTypeName(map)}`);
}

export function celTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'null_type';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'double';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Date) return 'google.protobuf.Timestamp';
  if (isDuration(value)) return 'google.protobuf.Duration';
  if (value instanceof Uint8Array) return 'bytes';
  return 'map';
}

/** A CEL number (int, uint or double) as a JavaScript number. */
export function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value !== null && typeof value === 'object' && typeof value.valueOf() === 'bigint') return Number(value.valueOf());
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  throw new Error(`expected a number, got ${celTypeName(value)}`);
}

/** A CEL int from a whole number, a double from anything else: what Go's numeric helpers give back. */
export function celNumber(value: number): bigint | number {
  return Number.isSafeInteger(value) ? BigInt(value) : value;
}

/** Go's %v of a CEL value: strings as they are, lists `[a b]`, maps `map[k:v]`. */
export function goString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '<nil>';
  if (Array.isArray(value)) return `[${value.map(goString).join(' ')}]`;
  if (value instanceof Date) return value.toISOString().replace('.000Z', 'Z');
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  if (isDuration(value)) return String(value);
  if (value instanceof Map || (typeof value === 'object' && isPlain(value))) {
    const entries = entriesOf(value);
    return `map[${Object.keys(entries)
      .sort()
      .map((key) => `${key}:${goString(entries[key])}`)
      .join(' ')}]`;
  }
  return String(value);
}
