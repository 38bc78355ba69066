import { toRoles } from '@pharos/core';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { CallerResolver, CallerResolution } from '../guard.js';
import type { IdentityConfig } from './config.js';
import { errors } from './errors.js';
import { SESSION_COOKIE, sessionByToken, sessionSatisfiesAal } from './sessions.js';
import { providerDisabledMessage, type OidcRecheck } from './oidc/recheck.js';
import { Urls } from './urls.js';
import { organizationCaller } from '../../organizations/session-caller.js';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
export const INVALID_SESSION = 'The session is invalid or has expired: sign in again';

/**
 * SameSite=Lax keeps the cookie off cross-site writes; this also refuses writes from other origins
 * of the same site (another subdomain), which Lax lets through.
 */
function crossOrigin(request: FastifyRequest, urls: Urls): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin !== urls.origin && origin !== `${request.protocol}://${request.host}`;
  return request.headers['sec-fetch-site'] === 'cross-site';
}

export const VERIFIED_ADDRESS_REQUIRED = 'session_verified_address_required';

/** A signed-in person whose address is not verified yet: sent to verify it first. */
function unverified(urls: Urls): CallerResolution {
  const message = 'Verify your email address before using Pharos: enter the code sent to it.';
  return {
    outcome: 'denied',
    statusCode: 403,
    body: {
      code: VERIFIED_ADDRESS_REQUIRED,
      message,
      details: null,
      hint: null,
      error: { id: VERIFIED_ADDRESS_REQUIRED, code: 403, status: 'Forbidden', reason: message, message: 'address not verified' },
      redirect_browser_to: urls.ui('verification'),
    },
  };
}

/** Lets every /api route accept the identity session cookie as well as a bearer token. */
export function sessionCookieResolver(pool: pg.Pool, config: IdentityConfig, recheck?: OidcRecheck): CallerResolver {
  return async (request): Promise<CallerResolution> => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return { outcome: 'absent' };
    const session = await sessionByToken(pool, token);
    if (!session) return { outcome: 'invalid', message: INVALID_SESSION };
    // A person who signed in with the provider is asked about again once their last check is older than the interval.
    if (recheck && config.oidc && (await recheck.recheck(session.identity_id)) === 'disabled') {
      return { outcome: 'invalid', message: providerDisabledMessage(config.oidc.name) };
    }
    const urls = new Urls(config, request);
    if (!SAFE_METHODS.has(request.method) && crossOrigin(request, urls)) {
      return {
        outcome: 'denied',
        statusCode: 403,
        body: { code: 'CROSS_ORIGIN', message: 'Cross-origin requests may not use the session cookie', details: null, hint: null },
      };
    }
    if (!(await sessionSatisfiesAal(pool, session))) {
      const error = errors.sessionAal2Required(urls.ui('login', { aal: 'aal2' }));
      return {
        outcome: 'denied',
        statusCode: 403,
        body: { code: 'session_aal2_required', message: error.reason, details: null, hint: null, ...error.body() },
      };
    }
    if (config.authMode === 'organizations') return organizationCaller(pool, session, request, urls);
    const { rows } = await pool.query<{ roles: string[]; verified: boolean }>(
      `select coalesce((select array_agg(role::text) from person_roles where person_id = $1), '{}') as roles,
              exists (select 1 from identity_verifiable_addresses where identity_id = $1 and verified) as verified`,
      [session.identity_id],
    );
    const roles = rows[0]?.roles ?? [];
    // Someone who registered themselves counts once their address is proven; a role was only ever given
    // to a verified account, an invited address (its code proves it) or the operator's setup link.
    if (config.requireVerifiedEmail && roles.length === 0 && !rows[0]?.verified) return unverified(urls);
    return { outcome: 'valid', caller: { personId: session.identity_id, roles: toRoles(roles) } };
  };
}
