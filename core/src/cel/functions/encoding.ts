import { ALPHA, ALPHANUM, ASCII, HASH_NAMES, NIL_UUID, characterRange, digestBytes, hashUuid, hexDigest, isUuid, parseUuid, randomBelow, randomString, uuidV1, uuidV4 } from '../../functions/digest.js';
import { containsCidr, isValidIp } from '../../functions/net.js';
import { basePath, cleanPath, dirPath, extPath, isAbsPath, joinPath, matchPath, relPath, splitPath } from '../../functions/paths.js';
import { arnToMap, fromAwsMap } from '../../functions/data.js';
import { quoteMeta, regexFind, regexFindAll, regexMatches, regexReplaceAll, regexSplit } from '../../regex/re2.js';
import { inNamespace, overload, type CelOverload } from '../namespaces.js';
import { entriesOf, goString, numberOf } from '../values.js';

/** gomplate's base64, crypto, uuid, random, net, filepath, path, regexp and aws namespaces in CEL. */

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64ToBytes(text: string): Uint8Array {
  try {
    return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
  } catch {
    throw new Error(`illegal base64 data in ${JSON.stringify(text.slice(0, 40))}`);
  }
}

const bytes = (value: unknown): string | Uint8Array => (value instanceof Uint8Array ? value : typeof value === 'string' ? value : goString(value));


const int = (value: bigint): number => Number(value);

function randomNumber(min: unknown, max: unknown): bigint {
  const low = Math.trunc(numberOf(min));
  const high = Math.trunc(numberOf(max));
  if (high < low) throw new Error(`random.Number: max ${high} is less than min ${low}`);
  return BigInt(low + randomBelow(high - low + 1));
}

const PATH_FUNCTIONS: CelOverload[] = [
  overload('Base(string): string', basePath),
  overload('Clean(string): string', cleanPath),
  overload('Dir(string): string', dirPath),
  overload('Ext(string): string', extPath),
  overload('IsAbs(string): bool', isAbsPath),
  overload('Join(list): string', (parts: unknown[]) => joinPath(parts.map(String))),
  overload('Match(string, string): bool', matchPath),
  overload('Split(string): list<string>', splitPath),
];

export const ENCODING_FUNCTIONS: CelOverload[] = [
  ...inNamespace('base64', [
    overload('encode(bytes): string', bytesToBase64),
    overload('encode(string): string', (text: string) => bytesToBase64(new TextEncoder().encode(text))),
    overload('Encode(string): string', (text: string) => bytesToBase64(new TextEncoder().encode(text))),
    overload('decode(string): bytes', base64ToBytes),
    overload('Decode(string): string', (text: string) => new TextDecoder().decode(base64ToBytes(text))),
    overload('DecodeBytes(string): bytes', base64ToBytes),
  ]),
  ...inNamespace(
    'crypto',
    HASH_NAMES.flatMap((name) => [
      overload(`${name}(dyn): string`, (value: unknown) => hexDigest(name, bytes(value))),
      overload(`${name}Bytes(dyn): bytes`, (value: unknown) => digestBytes(name, bytes(value))),
    ]),
  ),
  ...inNamespace('uuid', [
    overload('Nil(): string', () => NIL_UUID),
    overload('V1(): string', () => uuidV1()),
    overload('V4(): string', uuidV4),
    overload('IsValid(string): bool', isUuid),
    overload('Parse(string): string', parseUuid),
    overload('HashUUID(dyn): string', (part: unknown) => hashUuid(Array.isArray(part) ? part.map(goString) : [goString(part)])),
    overload('HashUUID(dyn, dyn): string', (...parts: unknown[]) => hashUuid(parts.map(goString))),
    overload('HashUUID(dyn, dyn, dyn): string', (...parts: unknown[]) => hashUuid(parts.map(goString))),
  ]),
  ...inNamespace('random', [
    overload('ASCII(int): string', (count: bigint) => randomString(int(count), ASCII)),
    overload('Alpha(int): string', (count: bigint) => randomString(int(count), ALPHA)),
    overload('AlphaNum(int): string', (count: bigint) => randomString(int(count), ALPHANUM)),
    overload('String(int): string', (count: bigint) => randomString(int(count), ALPHANUM)),
    overload('String(int, list): string', (count: bigint, bounds: unknown[]) => {
      const [from, to] = bounds.map(String);
      return randomString(int(count), to === undefined ? (from ?? ALPHANUM) : characterRange(from!, to));
    }),
    overload('Item(list): dyn', (items: unknown[]) => items[randomBelow(items.length)]),
    overload('Number(dyn, dyn): int', randomNumber),
    overload('Float(dyn, dyn): double', (min: unknown, max: unknown) => numberOf(min) + Math.random() * (numberOf(max) - numberOf(min))),
  ]),
  ...inNamespace('net', [overload('ContainsCIDR(string, string): bool', containsCidr), overload('IsValidIP(string): bool', isValidIp)]),
  ...inNamespace('filepath', [
    ...PATH_FUNCTIONS,
    overload('FromSlash(string): string', (path: string) => path),
    overload('ToSlash(string): string', (path: string) => path),
    overload('VolumeName(string): string', () => ''),
    overload('Rel(string, string): string', relPath),
  ]),
  ...inNamespace('path', PATH_FUNCTIONS),
  ...inNamespace('regexp', [
    overload('Find(string, string): string', regexFind),
    overload('FindAll(string, int, string): list<string>', (pattern: string, count: bigint, text: string) => regexFindAll(pattern, text, int(count))),
    overload('Match(string, string): bool', regexMatches),
    overload('QuoteMeta(string): string', quoteMeta),
    overload('Replace(string, string, string): string', (pattern: string, replacement: string, text: string) => regexReplaceAll(pattern, text, replacement)),
    overload('ReplaceLiteral(string, string, string): string', (pattern: string, replacement: string, text: string) => regexReplaceAll(pattern, text, replacement.replaceAll('$', () => '$$'))),
    overload('Split(string, int, string): list<string>', (pattern: string, count: bigint, text: string) => regexSplit(pattern, text, int(count))),
  ]),
  ...inNamespace('aws', [overload('arnToMap(string): map', arnToMap), overload('fromAWSMap(list): map', (list: unknown[]) => fromAwsMap(list.map(entriesOf)))]),
  overload('arnToMap(string): map', arnToMap),
  overload('fromAWSMap(list): map', (list: unknown[]) => fromAwsMap(list.map(entriesOf))),
];
