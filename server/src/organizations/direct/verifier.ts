import { toRoles } from '@pharos/core';
import type { JWTPayload } from 'jose';
import { loadOnce } from '../../modules/load-once.js';
import type pg from 'pg';
import type { CallerResolver, CallerResolution } from '../../auth/guard.js';
import { ensurePerson } from '../../auth/people.js';
import { transaction } from '../../db/transaction.js';
import { ORGANIZATION_CLAIM, withoutTrailingSlash, type OrganizationClaim } from './claims.js';
import { TOKEN_ALGORITHM } from './keys.js';

export interface TrustedIssuer {
  /** The front door's URL: tokens must name it as issuer, and its keys are at {issuer}/.well-known/jwks.json. */
  issuer: string;
  /** Id or slug of the organization this backend serves. */
  organization: string;
  /** This backend's public URL: tokens must name it as their audience. */
  audience: string;
}

export const TOKEN_MESSAGES = {
  expired: 'The bearer token has expired: sign in again',
  audience: 'The bearer token was issued for another Pharos, not this one',
  issuer: 'The bearer token was not issued by the trusted front door',
  signature: 'The bearer token is invalid: its signature does not match the front door keys',
  malformed: 'The bearer token is invalid: it is not a token of the front door',
  organization: 'The bearer token is for another organization than the one this Pharos serves',
} as const;

const JWT_SHAPE = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function invalid(message: string): CallerResolution {
  return { outcome: 'invalid', message };
}

function organizationOf(payload: JWTPayload): OrganizationClaim | null {
  const claim = payload[ORGANIZATION_CLAIM];
  if (typeof claim !== 'object' || claim === null) return null;
  const { id, slug, role } = claim as Record<string, unknown>;
  return typeof id === 'string' && typeof slug === 'string' && typeof role === 'string' ? { id, slug, role } : null;
}

/** jose is loaded with the first bearer token, so servers that are no organization's backend never load it. */
const jose = loadOnce(() => import('jose'));

function refusal(error: unknown, errors: typeof import('jose').errors): CallerResolution {
  if (error instanceof errors.JWTExpired) return invalid(TOKEN_MESSAGES.expired);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return invalid(TOKEN_MESSAGES.audience);
    if (error.claim === 'iss') return invalid(TOKEN_MESSAGES.issuer);
    return invalid(TOKEN_MESSAGES.malformed);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) return invalid(TOKEN_MESSAGES.signature);
  if (error instanceof errors.JOSEError) return invalid(TOKEN_MESSAGES.malformed);
  throw error;
}

/**
 * A backend of a direct-mode organization accepts the front door's bearer tokens: signature (the
 * front door's published keys), issuer, audience (this backend), expiry and organization are all
 * checked; the person is known here by the token's email.
 */
export function trustedIssuerResolver(pool: pg.Pool, trusted: TrustedIssuer): CallerResolver {
  const jwks = loadOnce(async () => (await jose()).createRemoteJWKSet(new URL(`${withoutTrailingSlash(trusted.issuer)}/.well-known/jwks.json`)));
  return async (request) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    const token = match?.[1];
    if (!token || !JWT_SHAPE.test(token)) return { outcome: 'absent' };
    const { errors, jwtVerify } = await jose();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await jwks(), {
        issuer: withoutTrailingSlash(trusted.issuer),
        audience: withoutTrailingSlash(trusted.audience),
        algorithms: [TOKEN_ALGORITHM],
        requiredClaims: ['exp', 'sub', ORGANIZATION_CLAIM],
      }));
    } catch (error) {
      return refusal(error, errors);
    }
    const organization = organizationOf(payload);
    const email = typeof payload['email'] === 'string' ? payload['email'] : '';
    if (!organization || email === '') return invalid(TOKEN_MESSAGES.malformed);
    if (organization.id !== trusted.organization && organization.slug !== trusted.organization) {
      return { outcome: 'denied', statusCode: 403, body: { code: 'organization_mismatch', message: TOKEN_MESSAGES.organization, details: null, hint: null } };
    }
    const name = typeof payload['name'] === 'string' ? payload['name'] : undefined;
    const personId = await transaction(pool, (client) => ensurePerson(client, name === undefined ? { email } : { email, name }));
    return { outcome: 'valid', caller: { personId, roles: toRoles([organization.role]) } };
  };
}
