import { variadic } from '../arity.js';
import type { TemplateFunction } from '../exec.js';
import { truth } from '../truth.js';
import { COLL, dict, has } from './coll.js';
import { list, text, toBool, toFloat, toGoString, toInt } from './values.js';

/** gomplate's conv namespace: conversions between strings, numbers, booleans and lists. */

function parseInteger(value: unknown, base: unknown, bits: unknown, unsigned: boolean): number | bigint {
  const digits = text(value).trim();
  const radix = toInt(base) === 0 ? 10 : toInt(base);
  if (!/^[+-]?[0-9a-zA-Z]+$/.test(digits)) throw new Error(`strconv.Parse${unsigned ? 'Uint' : 'Int'}: parsing ${JSON.stringify(digits)}: invalid syntax`);
  const negative = digits.startsWith('-');
  let parsed = 0n;
  for (const ch of digits.replace(/^[+-]/, '').toLowerCase()) {
    const digit = Number.parseInt(ch, 36);
    if (Number.isNaN(digit) || digit >= radix) throw new Error(`strconv.Parse${unsigned ? 'Uint' : 'Int'}: parsing ${JSON.stringify(digits)}: invalid syntax`);
    parsed = parsed * BigInt(radix) + BigInt(digit);
  }
  if (negative) parsed = -parsed;
  const size = BigInt(toInt(bits) || 64);
  const [min, max] = unsigned ? [0n, (1n << size) - 1n] : [-(1n << (size - 1n)), (1n << (size - 1n)) - 1n];
  // Out of range, Go answers the limit with an error, and gomplate passes the limit on.
  if (parsed > max) parsed = max;
  if (parsed < min) parsed = min;
  return parsed <= BigInt(Number.MAX_SAFE_INTEGER) && parsed >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(parsed) : parsed;
}

/** Go's url.URL fields that templates read (`(urlParse "…").Host`). */
export function parseUrl(value: unknown): Record<string, unknown> {
  let url: URL;
  try {
    url = new URL(text(value));
  } catch {
    throw new Error(`parse ${JSON.stringify(text(value))}: invalid URL`);
  }
  const defaultPort = (url.protocol === 'https:' && /:443(\/|$)/.test(text(value).replace(/^[a-z]+:\/\/[^/]*?@/, ''))) || (url.protocol === 'http:' && /:80(\/|$)/.test(text(value)));
  return {
    Scheme: url.protocol.replace(/:$/, ''),
    Host: url.port || !defaultPort ? url.host : `${url.hostname}:${url.protocol === 'https:' ? 443 : 80}`,
    Path: decodeURIComponent(url.pathname),
    RawQuery: url.search.replace(/^\?/, ''),
    Fragment: url.hash.replace(/^#/, ''),
    User: url.username ? (url.password ? `${url.username}:${url.password}` : url.username) : '',
    Hostname: url.hostname,
    Port: url.port,
  };
}

export const CONV: Readonly<Record<string, TemplateFunction>> = {
  Bool: (value) => toBool(value),
  ToBool: (value) => toBool(value),
  ToBools: variadic(0, (...values) => values.map(toBool)),
  ToInt: (value) => toInt(value),
  ToInt64: (value) => toInt(value),
  ToInts: variadic(0, (...values) => values.map(toInt)),
  ToInt64s: variadic(0, (...values) => values.map(toInt)),
  ToFloat64: (value) => toFloat(value),
  ToFloat64s: variadic(0, (...values) => values.map(toFloat)),
  ToString: (value) => toGoString(value),
  ToStrings: variadic(0, (...values) => values.map(toGoString)),
  ParseInt: (value, base, bits) => parseInteger(value, base, bits, false),
  ParseUint: (value, base, bits) => parseInteger(value, base, bits, true),
  ParseFloat: (value, _bits) => {
    const parsed = Number(text(value).trim());
    if (text(value).trim() === '' || Number.isNaN(parsed)) throw new Error(`strconv.ParseFloat: parsing ${JSON.stringify(text(value))}: invalid syntax`);
    return parsed;
  },
  URL: (value) => parseUrl(value),
  Join: (items, separator) => list(items).map(text).join(text(separator)),
  Has: (container, key) => has(container, key),
  Dict: variadic(0, dict),
  Slice: COLL.Slice!,
  Default: (fallback, value) => (truth(value) ? value : fallback),
};

export const CONV_ALIASES: Readonly<Record<string, TemplateFunction>> = {
  bool: CONV.ToBool!,
  urlParse: CONV.URL!,
};
