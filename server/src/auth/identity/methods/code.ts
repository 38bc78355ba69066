import { randomInt } from 'node:crypto';
import type { ServerSecrets } from '../../../secrets/server-secrets.js';
import { safeEqual } from '../../../http/same-secret.js';

/** A one-time code sent by e-mail (verification, recovery, invitation), as kept in a flow. */
export interface CodeState {
  /** Keyed digest of the flow id and the code (the server's key): the code itself is never stored. */
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

function codeHash(secrets: ServerSecrets, flowId: string, code: string): string {
  return secrets.digest('one-time-code', `${flowId}:${code}`);
}

export function newCodeState(secrets: ServerSecrets, flowId: string, code: string, address: string, identityId: string | null): CodeState {
  return { hash: codeHash(secrets, flowId, code), address, identity_id: identityId, issued_at: new Date().toISOString() };
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
export function codeMatches(secrets: ServerSecrets, flowId: string, state: CodeState, code: string): boolean {
  const cleaned = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(cleaned) && safeEqual(codeHash(secrets, flowId, cleaned), state.hash);
}
