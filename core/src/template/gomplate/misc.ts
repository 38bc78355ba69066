import { ALPHA, ALPHANUM, ASCII, HASH_NAMES, NIL_UUID, characterRange, hashUuid, hexDigest, isUuid, parseUuid, randomBelow, randomString, uuidV1, uuidV4 } from '../../functions/digest.js';
import { containsCidr, isValidIp } from '../../functions/net.js';
import { basePath, cleanPath, dirPath, extPath, isAbsPath, joinPath, matchPath, relPath, splitPath } from '../../functions/paths.js';
import { kubernetesHealth } from '../../health/kubernetes.js';
import { regexFind, regexFindAll, regexMatches, regexReplaceAll, regexSplit } from '../../regex/re2.js';
import { between, variadic } from '../arity.js';
import type { TemplateFunction } from '../exec.js';
import { goTypeName } from '../format.js';
import { list, number, text, toBool, toInt } from './values.js';

/** gomplate's crypto, base64, uuid, random, regexp, filepath, path, net, test and k8s namespaces. */

function base64Encode(value: unknown): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text(value))) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Standard or URL-safe Base64, padded or not, as gomplate decodes it. */
function base64Decode(value: unknown): string {
  const standard = text(value).replace(/-/g, '+').replace(/_/g, '/');
  const padded = standard + '='.repeat((4 - (standard.length % 4)) % 4);
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(padded), (ch) => ch.charCodeAt(0)));
  } catch {
    throw new Error(`illegal base64 data in ${JSON.stringify(text(value).slice(0, 40))}`);
  }
}

export const CRYPTO: Readonly<Record<string, TemplateFunction>> = Object.fromEntries(HASH_NAMES.map((name) => [name, (value: unknown) => hexDigest(name, text(value))]));

export const BASE64: Readonly<Record<string, TemplateFunction>> = { Encode: (value) => base64Encode(value), Decode: (value) => base64Decode(value) };

export const UUID: Readonly<Record<string, TemplateFunction>> = {
  V1: () => uuidV1(),
  V4: () => uuidV4(),
  Nil: () => NIL_UUID,
  IsValid: (value) => isUuid(text(value)),
  Parse: (value) => parseUuid(text(value)),
  HashUUID: variadic(0, (...parts) => hashUuid(parts.map(text))),
};

/** random.String's alphabet: the characters between two, or those a bracket expression names. */
function alphabet(spec: unknown[]): string {
  if (spec.length === 2) return characterRange(text(spec[0]), text(spec[1]));
  const given = text(spec[0]);
  if (given === '[[:xdigit:]]') return '0123456789abcdefABCDEF';
  if (given === '[[:alpha:]]') return ALPHA;
  if (given === '[[:alnum:]]') return ALPHANUM;
  if (given === '[[:digit:]]') return '0123456789';
  const range = /^\[(.)-(.)\]$/u.exec(given);
  if (range) return characterRange(range[1]!, range[2]!);
  throw new Error(`random.String: unsupported character class ${JSON.stringify(given)}`);
}

function randomNumber(...args: unknown[]): number {
  const [min, max] = args.length === 0 ? [0, 100] : args.length === 1 ? [0, toInt(args[0])] : [toInt(args[0]), toInt(args[1])];
  if (max < min) throw new Error(`random.Number: max ${max} is less than min ${min}`);
  return min + randomBelow(max - min + 1);
}

function randomFloat(...args: unknown[]): number {
  const [min, max] = args.length === 0 ? [0, 1] : args.length === 1 ? [0, number(args[0])] : [number(args[0]), number(args[1])];
  return min + Math.random() * (max - min);
}

export const RANDOM: Readonly<Record<string, TemplateFunction>> = {
  ASCII: (count) => randomString(toInt(count), ASCII),
  Alpha: (count) => randomString(toInt(count), ALPHA),
  AlphaNum: (count) => randomString(toInt(count), ALPHANUM),
  String: between(1, 3, (count, ...spec) => randomString(toInt(count), spec.length === 0 ? ALPHANUM : alphabet(spec))),
  Item: (items) => {
    const all = list(items);
    return all[randomBelow(all.length)];
  },
  Number: between(0, 2, randomNumber),
  Float: between(0, 2, randomFloat),
};

/** Go's regexp.QuoteMeta. */
const quoteMeta = (value: string): string => value.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');

export const REGEXP: Readonly<Record<string, TemplateFunction>> = {
  Find: (pattern, value) => regexFind(text(pattern), text(value)),
  FindAll: between(2, 3, (pattern, ...rest) => regexFindAll(text(pattern), text(rest[rest.length - 1]), rest.length === 2 ? toInt(rest[0]) : -1)),
  Match: (pattern, value) => regexMatches(text(pattern), text(value)),
  QuoteMeta: (value) => quoteMeta(text(value)),
  Replace: (pattern, replacement, value) => regexReplaceAll(text(pattern), text(value), text(replacement)),
  ReplaceLiteral: (pattern, replacement, value) => regexReplaceAll(text(pattern), text(value), text(replacement).replaceAll('$', () => '$$')),
  Split: between(2, 3, (pattern, ...rest) => regexSplit(text(pattern), text(rest[rest.length - 1]), rest.length === 2 ? toInt(rest[0]) : -1)),
};

const PATH: Readonly<Record<string, TemplateFunction>> = {
  Base: (value) => basePath(text(value)),
  Clean: (value) => cleanPath(text(value)),
  Dir: (value) => dirPath(text(value)),
  Ext: (value) => extPath(text(value)),
  IsAbs: (value) => isAbsPath(text(value)),
  Join: variadic(0, (...parts) => joinPath(parts.map(text))),
  Match: (pattern, name) => matchPath(text(pattern), text(name)),
  Split: (value) => splitPath(text(value)),
};

export const PATHS = PATH;

export const FILEPATH: Readonly<Record<string, TemplateFunction>> = {
  ...PATH,
  FromSlash: (value) => text(value),
  ToSlash: (value) => text(value),
  VolumeName: (_path) => '',
  Rel: (base, target) => relPath(text(base), text(target)),
};

export const NET: Readonly<Record<string, TemplateFunction>> = {
  ContainsCIDR: (cidr, ip) => containsCidr(text(cidr), text(ip)),
  IsValidIP: (ip) => isValidIp(text(ip)),
};

/** gomplate's kind names: Go's reflect kinds, with `number` for any of them in IsKind. */
function kindOf(value: unknown): string {
  if (value === undefined || value === null) return 'invalid';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float64';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'slice';
  if (value instanceof Date) return 'struct';
  return 'map';
}

function fail(...args: unknown[]): never {
  throw new Error(args.length === 0 ? 'template generation failed' : `template generation failed: ${text(args[0])}`);
}

function required(...args: unknown[]): unknown {
  const [message, value] = args.length === 1 ? [undefined, args[0]] : [text(args[0]), args[1]];
  if (value === undefined || value === null) throw new Error(message ?? 'can not render template: a required value was not set');
  if (value === '') throw new Error(message ?? 'can not render template: a required value was set but empty');
  return value;
}

function assert(...args: unknown[]): string {
  const [message, value] = args.length === 1 ? [undefined, args[0]] : [text(args[0]), args[1]];
  if (value !== true && !(typeof value === 'string' && value === 'true')) throw new Error(message === undefined ? 'assertion failed' : `assertion failed: ${message}`);
  return '';
}

export const TEST: Readonly<Record<string, TemplateFunction>> = {
  Assert: between(1, 2, assert),
  Fail: between(0, 1, fail),
  Required: between(1, 2, required),
  Ternary: (yes, no, condition) => (toBool(condition) ? yes : no),
  Kind: (value) => kindOf(value),
  IsKind: (kind, value) => (text(kind) === 'number' ? typeof value === 'number' : text(kind) === kindOf(value) || (text(kind) === 'float' && typeof value === 'number')),
  TypeOf: (value) => goTypeName(value),
};

export const TEST_ALIASES: Readonly<Record<string, TemplateFunction>> = {
  assert: TEST.Assert!,
  kind: TEST.Kind!,
  isKind: TEST.IsKind!,
};

export const K8S: Readonly<Record<string, TemplateFunction>> = {
  IsHealthy: (object) => kubernetesHealth(object).health === 'healthy',
  IsReady: (object) => kubernetesHealth(object).ready,
  GetStatus: (object) => kubernetesHealth(object).status,
  GetHealth: (object) => ({ ...kubernetesHealth(object) }),
};

export const K8S_ALIASES: Readonly<Record<string, TemplateFunction>> = {
  isHealthy: K8S.IsHealthy!,
  isReady: K8S.IsReady!,
  getStatus: K8S.GetStatus!,
  getHealth: K8S.GetHealth!,
};
