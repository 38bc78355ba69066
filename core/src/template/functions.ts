import { parse as parseYaml } from 'yaml';
import { toYaml, toYamlV2 } from '../functions/data.js';
import { regexFind, regexFindAll, regexMatches, regexReplaceAll, regexSplit } from '../regex/re2.js';
import { hexDigest } from '../functions/digest.js';
import { checkLength, goQuote, repeat as repeatText, trimChars } from '../functions/text.js';
import { zoneName, zoneOffsetMinutes } from '../functions/time.js';
import { between, variadic } from './arity.js';
import type { TemplateFunction } from './exec.js';
import { COLL, dict, has } from './gomplate/coll.js';
import { kindOf, TEST } from './gomplate/test-namespace.js';
import { STRINGS } from './gomplate/strings.js';
import { isMap as isPlainMap } from './gomplate/values.js';
import { formatValue, goTypeName } from './format.js';
import { formatGoTime, humanizeBytes, humanizeDuration, humanizeTime, parseGoDuration, toTime } from './time.js';
import { truth } from './truth.js';

/**
 * The sprig and gomplate functions Flanksource specs use, under the names those libraries give
 * them (both spellings where they differ: toJSON and toJson).
 */

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : formatValue(value));

function number(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  if (value === undefined || value === null || value === '') return 0;
  throw new Error(`unable to cast ${JSON.stringify(value)} of type ${goTypeName(value)} to number`);
}

const integer = (value: unknown): number => Math.trunc(number(value));

function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === undefined || value === null) return [];
  throw new Error(`cannot use type ${goTypeName(value)} as a list`);
}

function record(value: unknown): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  if (value === undefined || value === null) return {};
  throw new Error(`cannot use type ${goTypeName(value)} as a map`);
}

/** JSON as Go's encoding/json writes it (no HTML escaping in gomplate's toJSON). */
function toJson(value: unknown, indent?: string): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) => (item instanceof Date ? item.toISOString() : item), indent) ?? 'null';
}

function indent(spaces: unknown, value: unknown): string {
  const pad = repeatText(' ', Math.max(0, integer(spaces)));
  const lines = text(value).split('\n');
  checkLength(text(value).length + pad.length * lines.length, 'indent');
  return lines.map((line) => pad + line).join('\n');
}

function base64Encode(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64Decode(value: string): string {
  const binary = atob(value);
  return new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
}

function titleCase(value: string): string {
  return value.replace(/(^|[\s\-_])(\p{L})/gu, (_whole, space: string, letter: string) => space + letter.toUpperCase());
}

function sortAlpha(value: unknown): string[] {
  return list(value)
    .map(text)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export const TEMPLATE_FUNCTIONS: Readonly<Record<string, TemplateFunction>> = {
  // defaults and conditions
  default: variadic(1, (fallback, ...given) => (given.length > 0 && truth(given[given.length - 1]) ? given[given.length - 1] : fallback)),
  empty: (value) => !truth(value),
  coalesce: variadic(0, (...values) => values.find(truth) ?? null),
  ternary: (yes, no, condition) => (truth(condition) ? yes : no),
  required: (message, value) => {
    if (value === undefined || value === null || value === '') throw new Error(text(message));
    return value;
  },
  // gomplate's fail: `{{ fail }}` or `{{ fail "why" }}`.
  fail: TEST.Fail!,

  // strings
  upper: (value) => text(value).toUpperCase(),
  lower: (value) => text(value).toLowerCase(),
  title: (value) => titleCase(text(value)),
  // sprig's `trim s`, or gomplate's `trim s cutset`
  trim: between(1, 2, (value, cutset) => (cutset === undefined ? text(value).trim() : trimChars(text(value), text(cutset)))),
  trimSpace: (value) => text(value).trim(),
  trimAll: (cut, value) => text(value).replace(new RegExp(`^[${escapeClass(text(cut))}]+|[${escapeClass(text(cut))}]+$`, 'g'), ''),
  trimPrefix: (prefix, value) => (text(value).startsWith(text(prefix)) ? text(value).slice(text(prefix).length) : text(value)),
  trimSuffix: (suffix, value) => (text(suffix) && text(value).endsWith(text(suffix)) ? text(value).slice(0, -text(suffix).length) : text(value)),
  contains: (part, value) => text(value).includes(text(part)),
  hasPrefix: (prefix, value) => text(value).startsWith(text(prefix)),
  hasSuffix: (suffix, value) => text(value).endsWith(text(suffix)),
  replace: (from, to, value) => text(value).split(text(from)).join(text(to)),
  repeat: (count, value) => repeatText(text(value), Math.max(0, integer(count))),
  substr: (start, end, value) => {
    const s = text(value);
    const from = integer(start);
    const to = integer(end);
    return from < 0 ? s.slice(0, to < 0 ? undefined : to) : s.slice(from, to < 0 || to > s.length ? undefined : to);
  },
  trunc: (length, value) => {
    const n = integer(length);
    const s = text(value);
    return n >= 0 ? s.slice(0, n) : s.slice(Math.max(0, s.length + n));
  },
  abbrev: (width, value) => {
    const n = integer(width);
    const s = text(value);
    return n < 4 || s.length <= n ? s : `${s.slice(0, n - 3)}...`;
  },
  quote: variadic(0, (...values) => values.filter((value) => value !== undefined && value !== null).map((value) => goQuote(text(value))).join(' ')),
  // gomplate's squote doubles a single quote inside: 'it''s'
  squote: variadic(0, (...values) => values.filter((value) => value !== undefined && value !== null).map((value) => `'${text(value).replaceAll("'", "''")}'`).join(' ')),
  cat: variadic(0, (...values) => values.filter((value) => value !== undefined && value !== null).map(text).join(' ')),
  indent: between(1, 3, (...args) => (args.length === 2 && typeof args[0] === 'number' ? indent(args[0], args[1]) : STRINGS.Indent!(...args))),
  nindent: (spaces, value) => `\n${indent(spaces, value)}`,
  split: (separator, value) => Object.fromEntries(text(value).split(text(separator)).map((part, index) => [`_${index}`, part])),
  splitList: (separator, value) => text(value).split(text(separator)),
  // sprig's `join sep list`, or gomplate's `join list sep`
  join: (first, second) => (Array.isArray(first) ? first.map(text).join(text(second)) : list(second).map(text).join(text(first))),
  toString: (value: unknown) => text(value),
  wrap: (width, value) => wrapText(text(value), integer(width)),
  plural: (one, many, count) => (integer(count) === 1 ? one : many),
  b64enc: (value) => base64Encode(text(value)),
  b64dec: (value) => base64Decode(text(value)),
  sha1sum: (value) => hexDigest('SHA1', text(value)),
  sha256sum: (value) => hexDigest('SHA256', text(value)),
  sha512sum: (value) => hexDigest('SHA512', text(value)),
  regexMatch: (pattern, value) => regexMatches(text(pattern), text(value)),
  regexFind: (pattern, value) => regexFind(text(pattern), text(value)),
  regexFindAll: (pattern, value, count) => regexFindAll(text(pattern), text(value), integer(count)),
  regexReplaceAll: (pattern, value, replacement) => regexReplaceAll(text(pattern), text(value), text(replacement)),
  regexSplit: (pattern, value, count) => regexSplit(text(pattern), text(value), integer(count)),

  // numbers
  add: variadic(0, (...values) => values.reduce<number>((sum, value) => sum + number(value), 0)),
  add1: (value) => number(value) + 1,
  sub: (a, b) => number(a) - number(b),
  mul: variadic(1, (...values) => values.reduce<number>((product, value) => product * number(value), 1)),
  div: (a, b) => {
    if (number(b) === 0) throw new Error('division by zero');
    return Math.trunc(number(a) / number(b));
  },
  divf: variadic(1, (a, ...rest) => rest.reduce<number>((quotient, value) => quotient / number(value), number(a))),
  mod: (a, b) => {
    if (integer(b) === 0) throw new Error('division by zero');
    return integer(a) % integer(b);
  },
  max: variadic(1, (...values) => Math.max(...values.map(number))),
  min: variadic(1, (...values) => Math.min(...values.map(number))),
  floor: (value) => Math.floor(number(value)),
  ceil: (value) => Math.ceil(number(value)),
  round: variadic(1, (value, places) => {
    const factor = 10 ** integer(places ?? 0);
    return Math.round(number(value) * factor) / factor;
  }),
  int: (value) => integer(value),
  int64: (value) => integer(value),
  float64: (value) => number(value),
  atoi: (value) => integer(value),

  // lists and maps
  list: variadic(0, (...values) => values),
  first: (value) => list(value)[0] ?? null,
  last: (value) => list(value).at(-1) ?? null,
  rest: (value) => list(value).slice(1),
  initial: (value) => list(value).slice(0, -1),
  // sprig's `append list x`, or gomplate's `append x list` (`list | append x`)
  append: (first, second) => (Array.isArray(first) && !Array.isArray(second) ? [...first, second] : [...list(second), first]),
  prepend: (first, second) => (Array.isArray(first) && !Array.isArray(second) ? [second, ...first] : [first, ...list(second)]),
  concat: variadic(0, (...values) => values.flatMap(list)),
  reverse: (value) => [...list(value)].reverse(),
  uniq: (value) => [...new Set(list(value))],
  compact: (value) => list(value).filter(truth),
  // sprig's `has x list`, or gomplate's `has listOrMap x`
  has: (first, second) => (Array.isArray(first) || isPlainMap(first) ? has(first, second) : list(second).includes(first)),
  without: variadic(1, (value, ...items) => list(value).filter((item) => !items.includes(item))),
  sortAlpha: (value) => sortAlpha(value),
  until: (count) => Array.from({ length: Math.max(0, integer(count)) }, (_, index) => index),
  seq: variadic(0, (...bounds) => sequence(bounds.map(integer))),
  dict: variadic(0, dict),
  get: (map, key) => record(map)[text(key)] ?? '',
  set: (map, key, value) => Object.assign(record(map), { [text(key)]: value }),
  unset: (map, key) => {
    const copy = { ...record(map) };
    delete copy[text(key)];
    return copy;
  },
  hasKey: (map, key) => Object.hasOwn(record(map), text(key)),
  // sprig's dig: keys, then a default, then the map
  dig: variadic(3, (...args) => {
    const keys = args.slice(0, -2).map(text);
    let current: unknown = args[args.length - 1];
    for (const key of keys) {
      if (typeof current !== 'object' || current === null || Array.isArray(current) || !Object.hasOwn(current, key)) return args[args.length - 2];
      current = (current as Record<string, unknown>)[key];
    }
    return current;
  }),
  keys: variadic(0, (...maps) => maps.flatMap((map) => Object.keys(record(map))).sort()),
  values: (map) => Object.values(record(map)),
  pick: COLL.Pick!,
  omit: COLL.Omit!,
  merge: variadic(1, (target, ...sources) => sources.reduce<Record<string, unknown>>((merged, source) => ({ ...record(source), ...merged }), { ...record(target) })),
  pluck: variadic(1, (key, ...maps) => maps.map(record).filter((map) => Object.hasOwn(map, text(key))).map((map) => map[text(key)])),

  // encodings
  toJSON: (value) => toJson(value),
  toJson: (value) => toJson(value),
  toPrettyJSON: (value) => toJson(value, '  '),
  toPrettyJson: (value) => toJson(value, '  '),
  fromJSON: (value) => JSON.parse(text(value)) as unknown,
  fromJson: (value) => JSON.parse(text(value)) as unknown,
  toYAML: (value) => toYaml(value),
  toYaml: (value) => toYamlV2(value),
  fromYAML: (value) => parseYaml(text(value)) as unknown,
  fromYaml: (value) => parseYaml(text(value)) as unknown,

  // time
  now: () => new Date(),
  date: (layout, value) => formatGoTime(toTime(value), text(layout)),
  dateInZone: (layout, value, zone) => formatInZone(toTime(value), text(layout), text(zone)),
  toDate: (_layout, value) => toTime(value),
  unixEpoch: (value) => Math.floor(toTime(value).getTime() / 1000),
  ago: (value) => humanizeDuration(Date.now() - toTime(value).getTime()),
  duration: (seconds) => humanizeDuration(number(seconds) * 1000),
  durationRound: (value) => humanizeDuration(typeof value === 'string' ? parseGoDuration(value) : Date.now() - toTime(value).getTime()),
  humanizeTime: (value) => humanizeTime(toTime(value)),
  humanizeBytes: (value) => humanizeBytes(number(value)),
  humanizeDuration: (value) => humanizeDuration(typeof value === 'string' ? parseGoDuration(value) : number(value)),

  // types
  typeOf: (value) => goTypeName(value),
  kindIs: (kind, value) => kindOf(value) === text(kind),
  kindOf: (value) => kindOf(value),
  deepEqual: (a, b) => toJson(a) === toJson(b),
};

/** sprig's dateInZone: the layout applied to the time as it reads in an IANA zone. */
function formatInZone(date: Date, layout: string, zone: string): string {
  const name = zone === '' || zone === 'Local' ? 'UTC' : zone;
  const offset = zoneOffsetMinutes(name, date);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  const shifted = new Date(date.getTime() + offset * 60_000);
  // formatGoTime writes UTC; the zone's name and offset replace UTC's.
  const utc = offset === 0 && layout.includes('Z07');
  return formatGoTime(shifted, layout.replace(/MST/g, '\u0000').replace(/Z07:00|-07:00/g, '\u0001').replace(/Z0700|-0700/g, '\u0002'))
    .replaceAll('\u0000', zoneName(name, date))
    .replaceAll('\u0001', utc ? 'Z' : `${sign}${hours}:${minutes}`)
    .replaceAll('\u0002', utc ? 'Z' : `${sign}${hours}${minutes}`);
}

function escapeClass(chars: string): string {
  return chars.replace(/[\\\]^-]/g, '\\$&');
}

function sequence(bounds: number[]): number[] {
  const [a = 0, b, c] = bounds;
  const [start, end, stepBy] = bounds.length === 1 ? [1, a, a >= 1 ? 1 : -1] : bounds.length === 2 ? [a, b!, a <= b! ? 1 : -1] : [a, c!, b!];
  if (stepBy === 0) return [];
  const out: number[] = [];
  for (let n = start; stepBy > 0 ? n <= end : n >= end; n += stepBy) {
    out.push(n);
    if (out.length > 100_000) throw new Error('seq: too many numbers');
  }
  return out;
}

function wrapText(value: string, width: number): string {
  const lines: string[] = [];
  for (const paragraph of value.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return lines.join('\n');
}
