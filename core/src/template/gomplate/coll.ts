import jmespath from 'jmespath';
import { JSONPath } from 'jsonpath-plus';
import { keyValToMap, mapToKeyVal } from '../../functions/data.js';
import { between, variadic } from '../arity.js';
import type { TemplateFunction } from '../exec.js';
import { formatValue } from '../format.js';
import { isMap, list, map, text, toInt } from './values.js';

/** gomplate's coll namespace, and its conv functions that build or read collections. */

export const dict = (...pairs: unknown[]): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < pairs.length; i += 2) out[text(pairs[i])] = i + 1 < pairs.length ? pairs[i + 1] : '';
  return out;
};

/** gomplate's Has: a map's key, or a list's item. */
export function has(container: unknown, key: unknown): boolean {
  if (Array.isArray(container)) return container.some((item) => item === key);
  if (isMap(container)) return Object.hasOwn(container, text(key));
  return false;
}

const sortedKeys = (value: Record<string, unknown>): string[] => Object.keys(value).sort();

function flatten(items: unknown[], depth: number): unknown[] {
  return items.flatMap((item) => (Array.isArray(item) && depth !== 0 ? flatten(item, depth - 1) : [item]));
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = text(a);
  const right = text(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** gomplate's Sort: natural order, or by a key of maps (`coll.Sort "name" $list`). */
function sort(...args: unknown[]): unknown[] {
  const items = [...list(args[args.length - 1])];
  if (args.length === 1) {
    const kinds = new Set(items.map((item) => typeof item));
    return kinds.size > 1 ? items : items.sort(compare);
  }
  const key = text(args[0]);
  return items.sort((a, b) => compare(map(a)[key], map(b)[key]));
}

/** gomplate's Merge: the first map wins over the ones after it. */
const merge = (...maps: unknown[]): Record<string, unknown> => maps.reduceRight<Record<string, unknown>>((merged, item) => ({ ...merged, ...map(item) }), {});

/** gomplate's Pick and Omit take the map last; sprig's take it first: whichever argument is the map. */
function splitMapAndKeys(args: unknown[]): [Record<string, unknown>, Set<string>] {
  const mapFirst = isMap(args[0]);
  const target = mapFirst ? args[0] : args[args.length - 1];
  const keys = (mapFirst ? args.slice(1) : args.slice(0, -1)).flatMap((key) => (Array.isArray(key) ? key : [key])).map(text);
  return [map(target), new Set(keys)];
}

const pick = (...args: unknown[]): Record<string, unknown> => {
  const [target, keys] = splitMapAndKeys(args);
  return Object.fromEntries(Object.entries(target).filter(([key]) => keys.has(key)));
};

const omit = (...args: unknown[]): Record<string, unknown> => {
  const [target, keys] = splitMapAndKeys(args);
  return Object.fromEntries(Object.entries(target).filter(([key]) => !keys.has(key)));
};

/** A query's input: data as it is, or a JSON text. */
const document = (value: unknown): unknown => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

/** gomplate's jsonpath: one match as it is, several as a list. */
export function jsonpath(path: string, value: unknown): unknown {
  const json = document(value);
  if (json === null || typeof json !== 'object') throw new Error(`jsonpath: can't query ${formatValue(value)}`);
  // jsonpath-plus's safe evaluator: filter scripts are read, never run as code.
  const found = JSONPath({ path, json, wrap: true, eval: 'safe' }) as unknown[];
  if (found.length === 0) throw new Error(`jsonpath: no value for ${path}`);
  return found.length === 1 ? found[0] : found;
}

export const jmespathSearch = (expression: string, value: unknown): unknown => jmespath.search(document(value), expression) as unknown;

export const COLL: Readonly<Record<string, TemplateFunction>> = {
  Dict: variadic(0, dict),
  Slice: variadic(0, (...values) => values),
  Has: (container, key) => has(container, key),
  Keys: variadic(0, (...maps) => maps.flatMap((item) => sortedKeys(map(item)))),
  Values: variadic(0, (...maps) => maps.flatMap((item) => sortedKeys(map(item)).map((key) => map(item)[key]))),
  Append: (value, items) => [...list(items), value],
  Prepend: (value, items) => [value, ...list(items)],
  Uniq: (items) => list(items).filter((item, index, all) => all.indexOf(item) === index),
  Flatten: between(1, 2, (...args) => flatten(list(args[args.length - 1]), args.length === 2 ? toInt(args[0]) : -1)),
  Reverse: (items) => [...list(items)].reverse(),
  Sort: between(1, 2, sort),
  Merge: variadic(1, merge),
  Pick: variadic(1, pick),
  Omit: variadic(1, omit),
  JSONPath: (path, value) => jsonpath(text(path), value),
  JMESPath: (expression, value) => jmespathSearch(text(expression), value),
};

export const COLL_ALIASES: Readonly<Record<string, TemplateFunction>> = {
  flatten: COLL.Flatten!,
  sort: COLL.Sort!,
  jsonpath: COLL.JSONPath!,
  jmespath: COLL.JMESPath!,
  keyValToMap: (value) => keyValToMap(text(value)),
  mapToKeyVal: (value) => mapToKeyVal(map(value), formatValue),
};
