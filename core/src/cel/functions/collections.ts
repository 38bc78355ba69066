import { keyValToMap, mapToKeyVal } from '../../functions/data.js';
import { inNamespace, overload, type CelOverload } from '../namespaces.js';
import { entriesOf, goString, isDuration } from '../values.js';

/** cel-go's lists and sets extensions and gomplate's coll functions, on lists and maps. */

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) return Number(a) - Number(b);
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

const numeric = (value: unknown): boolean => typeof value === 'number' || typeof value === 'bigint' || (value !== null && typeof value === 'object' && typeof value.valueOf() === 'bigint');

/** CEL's equality: numbers across int, uint and double; lists and maps by their contents. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (numeric(a) && numeric(b)) return Number((a as object).valueOf()) === Number((b as object).valueOf());
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (isDuration(a) && isDuration(b)) return a.valueOf() === b.valueOf();
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const left = entriesOf(a);
    const right = entriesOf(b);
    const keys = Object.keys(left);
    return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && sameValue(left[key], right[key]));
  }
  return a === b;
}

function flatten(list: unknown[], depth: number): unknown[] {
  return list.flatMap((item) => (Array.isArray(item) && depth > 0 ? flatten(item as unknown[], depth - 1) : [item]));
}

const distinct = (list: unknown[]): unknown[] => list.filter((item, index) => list.findIndex((other) => sameValue(item, other)) === index);

/** The longest list a range makes: more is a mistake, or an attempt to exhaust memory. */
export const MAX_RANGE = 100_000;

function range(start: bigint, end: bigint, step: bigint): bigint[] {
  if (step === 0n) throw new Error('range: step must not be 0');
  const count = step > 0n ? (end - start + step - 1n) / step : (start - end - step - 1n) / -step;
  if (count > BigInt(MAX_RANGE)) throw new Error(`range: more than ${MAX_RANGE} numbers`);
  const out: bigint[] = [];
  for (let n = start; step > 0n ? n < end : n > end; n += step) out.push(n);
  return out;
}

/** Empty as gomplate's coalesce sees it: null, '', and empty lists and maps (0 and false are values). */
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Map) return value.size === 0;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.keys(value).length === 0;
  return false;
}

const coalesce = (...values: unknown[]): unknown => values.find((value) => !isEmpty(value)) ?? null;

/** `first`/`last` of a list, a string's characters, or a map's values in key order. */
function edge(value: unknown, end: 'first' | 'last'): unknown {
  const items = typeof value === 'string' ? [...value] : Array.isArray(value) ? value : Object.keys(entriesOf(value)).sort().map((key) => entriesOf(value)[key]);
  if (items.length === 0) return null;
  return end === 'first' ? items[0] : items[items.length - 1];
}

function omit(map: unknown, keys: unknown[]): Record<string, unknown> {
  const left = new Set(keys.map(String));
  return Object.fromEntries(Object.entries(entriesOf(map)).filter(([key]) => !left.has(key)));
}

function pick(map: unknown, keys: unknown[]): Record<string, unknown> {
  const kept = new Set(keys.map(String));
  return Object.fromEntries(Object.entries(entriesOf(map)).filter(([key]) => kept.has(key)));
}

const sum = (list: unknown[]): unknown =>
  list.reduce<unknown>((total, item) => (typeof total === 'bigint' && typeof item === 'bigint' ? total + item : Number(total) + Number((item as object).valueOf())), 0n);

const COALESCE_ARITIES = [1, 2, 3, 4, 5, 6];

export const COLLECTION_FUNCTIONS: CelOverload[] = [
  overload('map.keys(): list', (map: unknown) => Object.keys(entriesOf(map)).sort()),
  overload('map.values(): list', (map: unknown) => {
    const entries = entriesOf(map);
    return Object.keys(entries)
      .sort()
      .map((key) => entries[key]);
  }),
  overload('keys(map): list', (map: unknown) => Object.keys(entriesOf(map)).sort()),
  overload('values(map): list', (map: unknown) => {
    const entries = entriesOf(map);
    return Object.keys(entries)
      .sort()
      .map((key) => entries[key]);
  }),
  overload('map.merge(map): map', (map: unknown, other: unknown) => ({ ...entriesOf(map), ...entriesOf(other) })),
  overload('merge(map, map): map', (map: unknown, other: unknown) => ({ ...entriesOf(map), ...entriesOf(other) })),
  overload('map.omit(list): map', omit),
  overload('omit(map, list): map', omit),
  overload('map.pick(list): map', pick),
  overload('pick(map, list): map', pick),
  overload('map.mapToKeyVal(): string', (map: unknown) => mapToKeyVal(entriesOf(map), goString)),
  overload('mapToKeyVal(map): string', (map: unknown) => mapToKeyVal(entriesOf(map), goString)),
  overload('keyValToMap(string): map', keyValToMap),
  overload('list.slice(int, int): list', (list: unknown[], from: bigint, to: bigint) => {
    if (from < 0n || to > BigInt(list.length) || from > to) throw new Error(`cannot slice(${from}, ${to}) a list of size ${list.length}`);
    return list.slice(Number(from), Number(to));
  }),
  overload('list.flatten(): list', (list: unknown[]) => flatten(list, 1)),
  overload('list.flatten(int): list', (list: unknown[], depth: bigint) => {
    if (depth < 0n) throw new Error('level must be non-negative');
    return flatten(list, Number(depth > 100n ? 100n : depth));
  }),
  overload('list.sort(): list', (list: unknown[]) => [...list].sort(compare)),
  overload('list.distinct(): list', distinct),
  overload('list.uniq(): list', distinct),
  overload('list.reverse(): list', (list: unknown[]) => [...list].reverse()),
  overload('list.sum(): dyn', sum),
  overload('range(int): list<int>', (end: bigint) => range(0n, end, 1n)),
  overload('range(int, int): list<int>', (start: bigint, end: bigint) => range(start, end, 1n)),
  overload('range(int, int, int): list<int>', range),
  ...COALESCE_ARITIES.map((arity) => overload(`coalesce(${Array<string>(arity).fill('dyn').join(', ')}): dyn`, coalesce)),
  overload('first(dyn): dyn', (value: unknown) => edge(value, 'first')),
  overload('last(dyn): dyn', (value: unknown) => edge(value, 'last')),
  ...inNamespace('lists', [
    overload('range(int): list<int>', (end: bigint) => {
      if (end < 0n || end > BigInt(MAX_RANGE)) throw new Error(`lists.range takes 0 to ${MAX_RANGE}, not ${end}`);
      return range(0n, end, 1n);
    }),
  ]),
  ...inNamespace('sets', [
    overload('contains(list, list): bool', (list: unknown[], sub: unknown[]) => sub.every((item) => list.some((other) => sameValue(item, other)))),
    overload('equivalent(list, list): bool', (a: unknown[], b: unknown[]) => a.every((x) => b.some((y) => sameValue(x, y))) && b.every((y) => a.some((x) => sameValue(x, y)))),
    overload('intersects(list, list): bool', (a: unknown[], b: unknown[]) => a.some((x) => b.some((y) => sameValue(x, y)))),
  ]),
];
