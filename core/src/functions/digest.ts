/** Hashes, UUIDs and random values as gomplate's crypto, uuid and random namespaces make them. */
import { sha1 } from '@noble/hashes/legacy.js';
import { sha224, sha256, sha384, sha512, sha512_224, sha512_256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const HASHES = { SHA1: sha1, SHA224: sha224, SHA256: sha256, SHA384: sha384, SHA512: sha512, SHA512_224: sha512_224, SHA512_256: sha512_256 } as const;
export type HashName = keyof typeof HASHES;
export const HASH_NAMES = Object.keys(HASHES) as HashName[];

const encoder = new TextEncoder();

/** The hex digest of a text or bytes. */
export function hexDigest(name: HashName, input: string | Uint8Array): string {
  return bytesToHex(HASHES[name](typeof input === 'string' ? encoder.encode(input) : input));
}

export function digestBytes(name: HashName, input: string | Uint8Array): Uint8Array {
  return HASHES[name](typeof input === 'string' ? encoder.encode(input) : input);
}

const UUID = /^(?:urn:uuid:)?\{?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})\}?$/i;

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** google/uuid's Parse: the canonical lower-case form, or an error. */
export function parseUuid(text: string): string {
  const match = UUID.exec(text);
  if (!match) throw new Error(`invalid UUID format: ${text}`);
  return match.slice(1).join('-').toLowerCase();
}

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

function randomBytes(count: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(count));
}

function formatUuid(bytes: Uint8Array): string {
  const hex = bytesToHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function uuidV4(): string {
  return globalThis.crypto.randomUUID();
}

/** A time-based (version 1) UUID with a random node, as google/uuid makes when no interface is found. */
export function uuidV1(now = Date.now()): string {
  const ticks = BigInt(now) * 10_000n + 0x01b21dd213814000n;
  const bytes = randomBytes(16);
  const low = ticks & 0xffffffffn;
  const mid = (ticks >> 32n) & 0xffffn;
  const high = ((ticks >> 48n) & 0x0fffn) | 0x1000n;
  const view = new DataView(bytes.buffer);
  view.setUint32(0, Number(low));
  view.setUint16(4, Number(mid));
  view.setUint16(6, Number(high));
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  bytes[10] = bytes[10]! | 0x01;
  return formatUuid(bytes);
}

/** google/uuid's NewHash(sha256, Nil, data, 5) over the joined inputs: the same inputs, the same UUID. */
export function hashUuid(parts: readonly string[]): string {
  const data = encoder.encode(parts.join(''));
  const bytes = digestBytes('SHA256', new Uint8Array([...new Uint8Array(16), ...data])).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return formatUuid(bytes);
}

/** An integer in [0, bound), from the platform's cryptographic source. */
export function randomBelow(bound: number): number {
  if (bound <= 0) throw new Error('random: empty range');
  const [value] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return value! % bound;
}

/** The longest random string made: more is a mistake, or an attempt to exhaust memory. */
export const MAX_RANDOM_LENGTH = 1_000_000;

/** `count` characters drawn from `alphabet`. */
export function randomString(count: number, alphabet: string): string {
  if (count < 0 || count > MAX_RANDOM_LENGTH) throw new Error(`random: length must be 0 to ${MAX_RANDOM_LENGTH}, not ${count}`);
  const chars = [...alphabet];
  if (chars.length === 0) throw new Error('random: no characters to choose from');
  let out = '';
  for (let i = 0; i < count; i++) out += chars[randomBelow(chars.length)];
  return out;
}

/** The printable ASCII characters, space to tilde. */
export const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
export const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const ALPHANUM = `${ALPHA}0123456789`;

/** The characters between two (inclusive), as gomplate's random.String with bounds. */
export function characterRange(from: string, to: string): string {
  const start = from.codePointAt(0) ?? 0;
  const end = to.codePointAt(0) ?? 0;
  if (end < start || end - start > 0x10000) throw new Error(`random: bad character range ${from}-${to}`);
  return Array.from({ length: end - start + 1 }, (_, i) => String.fromCodePoint(start + i)).join('');
}
