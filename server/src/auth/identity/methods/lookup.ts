import { randomInt } from 'node:crypto';
import { safeEqual } from '../../../http/same-secret.js';
import { messages, type UiText } from '../messages.js';
import { text, type UiNode } from '../nodes.js';
import type { ServerSecrets } from '../../../secrets/server-secrets.js';

/** A code as shown to its owner, before it is stored. */
export interface LookupCode {
  code: string;
  used_at: string | null;
}

/** A code as stored: only its keyed digest. */
export interface StoredLookupCode {
  hash: string;
  used_at: string | null;
}

function lookupDigest(secrets: ServerSecrets, code: string): string {
  return secrets.digest('backup-code', code);
}

export function storedLookupCodes(secrets: ServerSecrets, codes: readonly LookupCode[]): StoredLookupCode[] {
  return codes.map((code) => ({ hash: lookupDigest(secrets, code.code), used_at: code.used_at }));
}

export function parseStoredLookupCodes(value: unknown): StoredLookupCode[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    return typeof record['hash'] === 'string' ? [{ hash: record['hash'], used_at: typeof record['used_at'] === 'string' ? record['used_at'] : null }] : [];
  });
}

export const LOOKUP_CODE_COUNT = 12;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function generateLookupCodes(): LookupCode[] {
  return Array.from({ length: LOOKUP_CODE_COUNT }, () => ({
    code: Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
    used_at: null,
  }));
}

export function parseLookupCodes(value: unknown): LookupCode[] {
  if (!Array.isArray(value)) return [];
  const codes: LookupCode[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    if (typeof record['code'] !== 'string') continue;
    codes.push({ code: record['code'], used_at: typeof record['used_at'] === 'string' ? record['used_at'] : null });
  }
  return codes;
}

/** Index of the stored code that matches `input` (used or not), or -1. */
export function findLookupCode(secrets: ServerSecrets, codes: readonly StoredLookupCode[], input: string): number {
  const digest = lookupDigest(secrets, input.trim().toLowerCase().replace(/[\s-]+/g, ''));
  let found = -1;
  // Compare against every code so the time taken does not depend on which one matched.
  codes.forEach((candidate, index) => {
    if (safeEqual(candidate.hash, digest)) found = index;
  });
  return found;
}

/** The list node of the settings screen: unused codes as 1050009, used ones as 1050014 'Used'. */
export function lookupCodesNode(codes: readonly LookupCode[]): UiNode {
  const secrets: UiText[] = codes.map((code) => (code.used_at ? messages.lookupSecretUsed(new Date(code.used_at)) : messages.lookupSecret(code.code)));
  const texts = codes.map((code) => (code.used_at ? 'used' : code.code));
  return text('lookup_secret_codes', 'lookup_secret', messages.lookupSecretList(texts, secrets), messages.lookupSecretsLabel());
}
