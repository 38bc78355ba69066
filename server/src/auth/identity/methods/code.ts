import { createHmac, randomInt } from 'node:crypto';
import { safeEqual } from '../csrf.js';

/** A one-time code sent by e-mail (verification, recovery, invitation), as kept in a flow. */
export interface CodeState {
  /** HMAC of the code keyed by the flow id: the code itself is never stored. */
  hash: string;
  address: string;
  /** The identity the code recovers or verifies; null when the address is unknown. */
  identity_id: string | null;
  attempts: number;
  issued_at: string;
}

export const CODE_LENGTH = 6;
/** Wrong guesses a code survives; then it is void and a new one must be requested. */
export const MAX_CODE_ATTEMPTS = 5;

export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

function codeHash(flowId: string, code: string): string {
  return createHmac('sha256', flowId).update(code).digest('hex');
}

export function newCodeState(flowId: string, code: string, address: string, identityId: string | null): CodeState {
  return { hash: codeHash(flowId, code), address, identity_id: identityId, attempts: 0, issued_at: new Date().toISOString() };
}

export function parseCodeState(value: unknown): CodeState | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record['hash'] !== 'string' || typeof record['address'] !== 'string' || typeof record['attempts'] !== 'number') return null;
  return {
    hash: record['hash'],
    address: record['address'],
    identity_id: typeof record['identity_id'] === 'string' ? record['identity_id'] : null,
    attempts: record['attempts'],
    issued_at: typeof record['issued_at'] === 'string' ? record['issued_at'] : new Date(0).toISOString(),
  };
}

/** True when `code` is the flow's code and attempts remain. */
export function codeMatches(flowId: string, state: CodeState, code: string): boolean {
  const cleaned = code.replace(/\s+/g, '');
  return state.attempts < MAX_CODE_ATTEMPTS && /^\d{6}$/.test(cleaned) && safeEqual(codeHash(flowId, cleaned), state.hash);
}
