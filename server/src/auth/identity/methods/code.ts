import { createHmac, randomInt } from 'node:crypto';
import { safeEqual } from '../csrf.js';

/** A one-time code sent by e-mail (verification, recovery, invitation), as kept in a flow. */
export interface CodeState {
  /** HMAC of the code keyed by the flow id: the code itself is never stored. */
  hash: string;
  address: string;
  /** The identity the code recovers or verifies; null when the address is unknown. */
  identity_id: string | null;
  issued_at: string;
}

export const CODE_LENGTH = 6;
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

export function codeHash(flowId: string, code: string): string {
  return createHmac('sha256', flowId).update(code).digest('hex');
}

export function newCodeState(flowId: string, code: string, address: string, identityId: string | null): CodeState {
  return { hash: codeHash(flowId, code), address, identity_id: identityId, issued_at: new Date().toISOString() };
}

export function parseCodeState(value: unknown): CodeState | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record['hash'] !== 'string' || typeof record['address'] !== 'string') return null;
  return {
    hash: record['hash'],
    address: record['address'],
    identity_id: typeof record['identity_id'] === 'string' ? record['identity_id'] : null,
    issued_at: typeof record['issued_at'] === 'string' ? record['issued_at'] : new Date(0).toISOString(),
  };
}

/** True when `code` is the flow's code. Whether a try is allowed at all is `claimCodeEvent`'s to say. */
export function codeMatches(flowId: string, state: CodeState, code: string): boolean {
  const cleaned = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(cleaned) && safeEqual(codeHash(flowId, cleaned), state.hash);
}
