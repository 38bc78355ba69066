import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { parseJsonWithin } from '../../../http/json-body.js';
import { loadOnce } from '../../../modules/load-once.js';

/** The WebAuthn library (and its certificate parsers) is loaded at the first use of a security key, not at start. */
const webauthn = loadOnce(() => import('@simplewebauthn/server'));

/** A security key registered by an identity, as kept in its webauthn credential. */
export interface StoredKey {
  /** Credential id, base64url. */
  id: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: number;
  transports: string[];
  display_name: string;
  added_at: string;
}

/** Relying party of one request: RP id = host name of the public URL, origin = its origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}

const RP_NAME = 'Pharos';
const TIMEOUT_MS = 60_000;
const TRANSPORTS: ReadonlySet<string> = new Set(['ble', 'hybrid', 'internal', 'nfc', 'usb']);

function transports(values: readonly string[]): AuthenticatorTransport[] {
  return values.filter((value): value is AuthenticatorTransport => TRANSPORTS.has(value));
}

export function parseStoredKeys(value: unknown): StoredKey[] {
  if (!Array.isArray(value)) return [];
  const keys: StoredKey[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    if (typeof record['id'] !== 'string' || typeof record['public_key'] !== 'string') continue;
    keys.push({
      id: record['id'],
      public_key: record['public_key'],
      counter: typeof record['counter'] === 'number' ? record['counter'] : 0,
      transports: Array.isArray(record['transports']) ? record['transports'].filter((t): t is string => typeof t === 'string') : [],
      display_name: typeof record['display_name'] === 'string' ? record['display_name'] : 'Security key',
      added_at: typeof record['added_at'] === 'string' ? record['added_at'] : new Date(0).toISOString(),
    });
  }
  return keys;
}

/**
 * Options for navigator.credentials.create, wrapped as Kratos does (`{publicKey: …}`, binary
 * fields base64url) so they travel as the JSON string of the trigger node's value.
 */
export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; name: string; displayName: string },
  existing: readonly StoredKey[],
): Promise<{ publicKey: Awaited<ReturnType<typeof generateRegistrationOptions>> }> {
  const publicKey = await (await webauthn()).generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.name,
    userDisplayName: user.displayName,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    timeout: TIMEOUT_MS,
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: transports(key.transports) })),
    authenticatorSelection: { residentKey: 'discouraged', userVerification: 'discouraged' },
  });
  return { publicKey };
}

export async function authenticationOptions(
  rp: RelyingParty,
  keys: readonly StoredKey[],
): Promise<{ publicKey: Awaited<ReturnType<typeof generateAuthenticationOptions>> }> {
  const publicKey = await (await webauthn()).generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: 'discouraged',
    allowCredentials: keys.map((key) => ({ id: key.id, transports: transports(key.transports) })),
  });
  return { publicKey };
}

function parseJson(raw: string): Record<string, unknown> | null {
  try {
    const parsed = parseJsonWithin(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function hasResponse(value: Record<string, unknown>): boolean {
  return typeof value['id'] === 'string' && typeof value['rawId'] === 'string' && typeof value['response'] === 'object' && value['response'] !== null;
}

/** Checks the browser's answer to a registration challenge; the new key, or null. */
export async function verifyRegistration(
  rp: RelyingParty,
  challenge: string,
  raw: string,
  displayName: string,
): Promise<StoredKey | null> {
  const parsed = parseJson(raw);
  if (!parsed || !hasResponse(parsed)) return null;
  const response = { clientExtensionResults: {}, type: 'public-key', ...parsed } as RegistrationResponseJSON;
  try {
    const result = await (await webauthn()).verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      display_name: displayName,
      added_at: new Date().toISOString(),
    };
  } catch {
    return null;
  }
}

/** Checks the browser's answer to a sign-in challenge; the key with its new counter, or null. */
export async function verifyAuthentication(
  rp: RelyingParty,
  challenge: string,
  raw: string,
  keys: readonly StoredKey[],
): Promise<StoredKey | null> {
  const parsed = parseJson(raw);
  if (!parsed || !hasResponse(parsed)) return null;
  const response = { clientExtensionResults: {}, type: 'public-key', ...parsed } as AuthenticationResponseJSON;
  const key = keys.find((candidate) => candidate.id === response.id);
  if (!key) return null;
  try {
    const result = await (await webauthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.public_key, 'base64url')),
        counter: key.counter,
        transports: transports(key.transports),
      },
    });
    return result.verified ? { ...key, counter: result.authenticationInfo.newCounter } : null;
  } catch {
    return null;
  }
}
