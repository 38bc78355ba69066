import { variadic } from './arity.js';
import type { TemplateFunction } from './exec.js';
import { formatValue, goTypeName, sprint, sprintf, sprintln } from './format.js';
import { truth } from './truth.js';

/** Go's predefined template functions (text/template, "Functions"). */

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

const encoder = new TextEncoder();

function length(value: unknown): number {
  if (value === undefined || value === null) throw new Error('len of nil pointer');
  if (typeof value === 'string') return encoder.encode(value).length;
  if (Array.isArray(value)) return value.length;
  if (value instanceof Map) return value.size;
  if (isMap(value)) return Object.keys(value).length;
  throw new Error(`len of type ${goTypeName(value)}`);
}

function indexOne(item: unknown, key: unknown): unknown {
  if (item === undefined || item === null) throw new Error('index of untyped nil');
  if (Array.isArray(item) || typeof item === 'string') {
    if (typeof key !== 'number' || !Number.isInteger(key)) throw new Error(`cannot index slice/array with type ${goTypeName(key)}`);
    const size = typeof item === 'string' ? encoder.encode(item).length : item.length;
    if (key < 0 || key >= size) throw new Error(`index out of range: ${key}`);
    return typeof item === 'string' ? encoder.encode(item)[key] : item[key];
  }
  if (item instanceof Map) return item.get(key);
  if (isMap(item)) return Object.hasOwn(item, String(key)) ? item[String(key)] : undefined;
  throw new Error(`can't index item of type ${goTypeName(item)}`);
}

function sliceOf(item: unknown, ...indexes: unknown[]): unknown {
  if (item === undefined || item === null) throw new Error('slice of untyped nil');
  if (indexes.length > 3) throw new Error(`too many slice indexes: ${indexes.length}`);
  if (typeof item !== 'string' && !Array.isArray(item)) throw new Error(`can't slice item of type ${goTypeName(item)}`);
  const size = item.length;
  const [from = 0, to = size] = indexes.map((index) => {
    if (typeof index !== 'number' || !Number.isInteger(index)) throw new Error(`cannot index slice/array with type ${goTypeName(index)}`);
    if (index < 0 || index > size) throw new Error(`index out of range: ${index}`);
    return index;
  });
  if (from > to) throw new Error(`invalid slice index: ${from} > ${to}`);
  return item.slice(from, to);
}

type Kind = 'bool' | 'number' | 'string' | 'nil' | 'other';

function kindOf(value: unknown): Kind {
  if (value === undefined || value === null) return 'nil';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') return 'string';
  return 'other';
}

function equal(a: unknown, b: unknown): boolean {
  const left = kindOf(a);
  const right = kindOf(b);
  if (left === 'other' || right === 'other') {
    if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
    throw new Error(`non-comparable type ${formatValue(left === 'other' ? a : b)}: ${goTypeName(left === 'other' ? a : b)}`);
  }
  if (left === 'nil' || right === 'nil') return left === right;
  if (left !== right) throw new Error('incompatible types for comparison');
  return a === b;
}

function less(a: unknown, b: unknown): boolean {
  const left = kindOf(a);
  const right = kindOf(b);
  if (left !== right) throw new Error('incompatible types for comparison');
  if (left !== 'number' && left !== 'string') throw new Error('invalid type for comparison');
  return (a as number | string) < (b as number | string);
}

function eq(first: unknown, ...others: unknown[]): boolean {
  if (others.length === 0) throw new Error('missing argument for comparison');
  return others.some((other) => equal(first, other));
}

function htmlEscape(text: string): string {
  return text.replace(/[&'<>"\0]/g, (ch) => ({ '&': '&amp;', "'": '&#39;', '<': '&lt;', '>': '&gt;', '"': '&#34;', '\0': '\uFFFD' })[ch]!);
}

/** Characters js escapes: quotes, HTML-significant ones, and control characters (below U+0020). */
const JS_SPECIAL = new RegExp(`[\\\\'"<>&=\\u2028\\u2029${String.fromCharCode(0)}-${String.fromCharCode(0x1f)}]`, 'g');

function jsEscape(text: string): string {
  return text.replace(JS_SPECIAL, (ch) => {
    switch (ch) {
      case '\\':
        return '\\\\';
      case "'":
        return "\\'";
      case '"':
        return '\\"';
      case '<':
        return '\\u003C';
      case '>':
        return '\\u003E';
      case '&':
        return '\\u0026';
      case '=':
        return '\\u003D';
      default:
        return `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    }
  });
}

/** Go's url.QueryEscape. */
function queryEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/%20/g, '+')
    .replace(/[!'()*~]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Go's `slice x 1 2` where its arguments are a string or list and then indexes; otherwise gomplate's
 * `slice "a" "b"`, which makes a list of its arguments (gomplate's function takes the name in Flanksource's templates).
 */
function sliceOrList(args: unknown[]): unknown {
  const [item, ...indexes] = args;
  const isIndexing = (typeof item === 'string' || Array.isArray(item)) && indexes.every((index) => typeof index === 'number' && Number.isInteger(index));
  return isIndexing ? sliceOf(item, ...indexes) : args;
}

/** print/html/js/urlquery take the Sprint of their arguments, as Go's escapers do. */
const evalArgs = (args: unknown[]): string => (args.length === 1 && typeof args[0] === 'string' ? args[0] : sprint(args));

export const GO_BUILTINS: Readonly<Record<string, TemplateFunction>> = {
  // and / or are evaluated lazily by the executor; these stand for their names.
  and: () => undefined,
  or: () => undefined,
  not: (value) => !truth(value),
  len: (value) => length(value),
  index: variadic(1, (item, ...keys) => keys.reduce((current, key) => indexOne(current, key), item)),
  slice: variadic(0, (...args) => sliceOrList(args)),
  print: variadic(0, (...args) => sprint(args)),
  printf: variadic(1, (format, ...args) => sprintf(String(format), args)),
  println: variadic(0, (...args) => sprintln(args)),
  html: variadic(0, (...args) => htmlEscape(evalArgs(args))),
  js: variadic(0, (...args) => jsEscape(evalArgs(args))),
  urlquery: variadic(0, (...args) => queryEscape(evalArgs(args))),
  call: variadic(1, (fn, ...args) => {
    if (typeof fn !== 'function') throw new Error(`non-function of type ${goTypeName(fn)}`);
    return (fn as TemplateFunction)(...args);
  }),
  eq: variadic(1, (first, ...others) => eq(first, ...others)),
  ne: (a, b) => !equal(a, b),
  lt: (a, b) => less(a, b),
  le: (a, b) => less(a, b) || equal(a, b),
  gt: (a, b) => !less(a, b) && !equal(a, b),
  ge: (a, b) => !less(a, b),
};
