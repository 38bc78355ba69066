import type { Environment } from '@marcbachmann/cel-js';
import { cpuAsMillicores, kubernetesHealth, memoryAsBytes } from '../health/kubernetes.js';
import { matchQuery } from './match-query.js';

/**
 * cel-go's string, list, set, math and base64 extensions that the engine does not bring, under the
 * names specs call them. Namespaced functions (`math.greatest`, `sets.contains`) are methods of a
 * constant standing for the namespace.
 */

type Handler = (...args: never[]) => unknown;

interface Method {
  name: string;
  receiver: string;
  returns: string;
  params: string[];
  handler: Handler;
}

const method = (name: string, receiver: string, returns: string, params: string[], handler: Handler): Method => ({ name, receiver, returns, params, handler });

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) return Number(a) - Number(b);
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

function sameValue(a: unknown, b: unknown): boolean {
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) return Number(a) === Number(b);
  return JSON.stringify(a, (_key, value: unknown) => (typeof value === 'bigint' ? Number(value) : value)) === JSON.stringify(b, (_key, value: unknown) => (typeof value === 'bigint' ? Number(value) : value));
}

function flatten(list: unknown[], depth: number): unknown[] {
  return list.flatMap((item) => (Array.isArray(item) && depth > 0 ? flatten(item, depth - 1) : [item]));
}

function extreme(values: unknown[], direction: 1 | -1): unknown {
  const all = values.length === 1 && Array.isArray(values[0]) ? (values[0] as unknown[]) : values;
  if (all.length === 0) throw new Error('math: no values');
  return all.reduce((best, value) => (compare(value, best) * direction > 0 ? value : best));
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const NAMESPACES = ['math', 'strings', 'sets', 'lists', 'base64', 'k8s'] as const;

/** The longest text a string function makes: more is a mistake, or an attempt to exhaust memory. */
const MAX_STRING_LENGTH = 16 * 1024 * 1024;

/** Every `from` replaced, refused (as JavaScript refuses a string past its own ceiling) when the result would pass MAX_STRING_LENGTH. */
function replaceAll(text: string, from: string, to: string): string {
  if (to.length > from.length) {
    let found = 0;
    for (let at = text.indexOf(from); at >= 0; at = text.indexOf(from, at + Math.max(from.length, 1))) found += 1;
    const length = text.length + found * (to.length - from.length);
    if (length > MAX_STRING_LENGTH) throw new RangeError(`Invalid string length: replace would make ${length} characters, more than the ${MAX_STRING_LENGTH} allowed`);
  }
  return text.split(from).join(to);
}

/** The longest list lists.range makes: more is a mistake, or an attempt to exhaust memory. */
const MAX_RANGE = 100_000;

const METHODS: readonly Method[] = [
  // strings
  method('charAt', 'string', 'string', ['int'], ((text: string, index: bigint) => [...text][Number(index)] ?? '') as Handler),
  method('replace', 'string', 'string', ['string', 'string'], ((text: string, from: string, to: string) => replaceAll(text, from, to)) as Handler),
  method('replace', 'string', 'string', ['string', 'string', 'int'], ((text: string, from: string, to: string, count: bigint) => {
    if (count < 0n) return replaceAll(text, from, to);
    let out = text;
    let at = 0;
    for (let n = 0n; n < count; n++) {
      const index = out.indexOf(from, at);
      if (index < 0) break;
      out = out.slice(0, index) + to + out.slice(index + from.length);
      at = index + to.length;
    }
    return out;
  }) as Handler),
  method('reverse', 'string', 'string', [], ((text: string) => [...text].reverse().join('')) as Handler),
  method('quote', 'map', 'string', ['string'], ((_ns: unknown, text: string) => JSON.stringify(text)) as Handler),
  // lists
  method('slice', 'list', 'list', ['int', 'int'], ((list: unknown[], from: bigint, to: bigint) => {
    if (from < 0n || to > BigInt(list.length) || from > to) throw new Error(`cannot slice(${from}, ${to}) a list of size ${list.length}`);
    return list.slice(Number(from), Number(to));
  }) as Handler),
  method('flatten', 'list', 'list', [], ((list: unknown[]) => flatten(list, 1)) as Handler),
  method('flatten', 'list', 'list', ['int'], ((list: unknown[], depth: bigint) => flatten(list, Number(depth))) as Handler),
  method('sort', 'list', 'list', [], ((list: unknown[]) => [...list].sort(compare)) as Handler),
  method('distinct', 'list', 'list', [], ((list: unknown[]) => list.filter((item, index) => list.findIndex((other) => sameValue(item, other)) === index)) as Handler),
  method('reverse', 'list', 'list', [], ((list: unknown[]) => [...list].reverse()) as Handler),
  method('sum', 'list', 'dyn', [], ((list: unknown[]) => list.reduce<unknown>((sum, item) => (typeof sum === 'bigint' && typeof item === 'bigint' ? sum + item : Number(sum) + Number(item)), 0n)) as Handler),
  method('range', 'map', 'list', ['int'], ((_ns: unknown, count: bigint) => {
    if (count < 0n || count > BigInt(MAX_RANGE)) throw new Error(`lists.range takes 0 to ${MAX_RANGE}, not ${count}`);
    return Array.from({ length: Number(count) }, (_, index) => BigInt(index));
  }) as Handler),
  // sets
  method('contains', 'map', 'bool', ['list', 'list'], ((_ns: unknown, list: unknown[], sub: unknown[]) => sub.every((item) => list.some((other) => sameValue(item, other)))) as Handler),
  method('equivalent', 'map', 'bool', ['list', 'list'], ((_ns: unknown, a: unknown[], b: unknown[]) => a.every((x) => b.some((y) => sameValue(x, y))) && b.every((y) => a.some((x) => sameValue(x, y)))) as Handler),
  method('intersects', 'map', 'bool', ['list', 'list'], ((_ns: unknown, a: unknown[], b: unknown[]) => a.some((x) => b.some((y) => sameValue(x, y)))) as Handler),
  // math
  method('greatest', 'map', 'dyn', ['dyn'], ((_ns: unknown, ...values: unknown[]) => extreme(values, 1)) as Handler),
  method('greatest', 'map', 'dyn', ['dyn', 'dyn'], ((_ns: unknown, ...values: unknown[]) => extreme(values, 1)) as Handler),
  method('greatest', 'map', 'dyn', ['dyn', 'dyn', 'dyn'], ((_ns: unknown, ...values: unknown[]) => extreme(values, 1)) as Handler),
  method('least', 'map', 'dyn', ['dyn'], ((_ns: unknown, ...values: unknown[]) => extreme(values, -1)) as Handler),
  method('least', 'map', 'dyn', ['dyn', 'dyn'], ((_ns: unknown, ...values: unknown[]) => extreme(values, -1)) as Handler),
  method('least', 'map', 'dyn', ['dyn', 'dyn', 'dyn'], ((_ns: unknown, ...values: unknown[]) => extreme(values, -1)) as Handler),
  method('abs', 'map', 'dyn', ['dyn'], ((_ns: unknown, value: unknown) => (typeof value === 'bigint' ? (value < 0n ? -value : value) : Math.abs(Number(value)))) as Handler),
  method('ceil', 'map', 'double', ['double'], ((_ns: unknown, value: number) => Math.ceil(value)) as Handler),
  method('floor', 'map', 'double', ['double'], ((_ns: unknown, value: number) => Math.floor(value)) as Handler),
  method('round', 'map', 'double', ['double'], ((_ns: unknown, value: number) => Math.round(value)) as Handler),
  // base64
  method('encode', 'map', 'string', ['bytes'], ((_ns: unknown, bytes: Uint8Array) => bytesToBase64(bytes)) as Handler),
  method('encode', 'map', 'string', ['string'], ((_ns: unknown, text: string) => bytesToBase64(new TextEncoder().encode(text))) as Handler),
  method('decode', 'map', 'bytes', ['string'], ((_ns: unknown, text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0))) as Handler),
  // k8s: the health of an object from its status, and resource quantities
  method('getHealth', 'map', 'map', ['dyn'], ((_ns: unknown, object: unknown) => ({ ...kubernetesHealth(plain(object)) })) as Handler),
  method('getStatus', 'map', 'string', ['dyn'], ((_ns: unknown, object: unknown) => kubernetesHealth(plain(object)).status) as Handler),
  method('isHealthy', 'map', 'bool', ['dyn'], ((_ns: unknown, object: unknown) => kubernetesHealth(plain(object)).health === 'healthy') as Handler),
  method('isReady', 'map', 'bool', ['dyn'], ((_ns: unknown, object: unknown) => kubernetesHealth(plain(object)).ready) as Handler),
  method('cpuAsMillicores', 'map', 'int', ['string'], ((_ns: unknown, quantity: string) => BigInt(cpuAsMillicores(quantity))) as Handler),
  method('memoryAsBytes', 'map', 'int', ['string'], ((_ns: unknown, quantity: string) => BigInt(memoryAsBytes(quantity))) as Handler),
];

/** CEL values (ints as bigint, maps as Map) as plain JSON-like ones. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Map) return Object.fromEntries([...value.entries()].map(([key, item]) => [String(key), plain(item)]));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  }
  return value;
}

export function registerExtensions(environment: Environment): Environment {
  environment.registerFunction('matchQuery(dyn, string): bool', (resource: unknown, query: string) => matchQuery(plain(resource), query));
  for (const namespace of NAMESPACES) environment.registerConstant(namespace, 'map', { namespace });
  for (const { name, receiver, returns, params, handler } of METHODS) {
    environment.registerFunction({
      name,
      receiverType: receiver,
      returnType: returns,
      handler: handler as (...args: unknown[]) => unknown,
      params: params.map((type, index) => ({ name: `p${index}`, type })),
    });
  }
  return environment;
}
