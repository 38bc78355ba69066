import { HASH_NAMES, NIL_UUID, hashUuid, hexDigest, isUuid, parseUuid, uuidV1, uuidV4 } from '../../functions/digest.js';
import { variadic } from '../arity.js';
import type { TemplateFunction } from '../exec.js';
import { text } from './values.js';

/** gomplate's crypto, base64 and uuid namespaces. */

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
