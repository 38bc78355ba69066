import { HASH_NAMES, NIL_UUID, digestBytes, hashUuid, hexDigest, isUuid, parseUuid, uuidV1, uuidV4 } from '../../functions/digest.js';
import { inNamespace, overload, type CelOverload } from '../namespaces.js';
import { goString } from '../values.js';

/** gomplate's base64, crypto and uuid namespaces in CEL. */

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
];
