import { toRoles } from '@pharos/core';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { CallerResolver, CallerResolution } from '../guard.js';
import type { IdentityConfig } from './config.js';
import { errors } from './errors.js';
import { SESSION_COOKIE, sessionByToken, sessionSatisfiesAal } from './sessions.js';
import { Urls } from './urls.js';

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

/** Lets every /api route accept the identity session cookie as well as a bearer token. */
export function sessionCookieResolver(pool: pg.Pool, config: IdentityConfig): CallerResolver {
  return async (request): Promise<CallerResolution> => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return { outcome: 'absent' };
    const session = await sessionByToken(pool, token);
    if (!session) return { outcome: 'invalid', message: INVALID_SESSION };
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
    const { rows } = await pool.query<{ roles: string[] }>(
      "select coalesce(array_agg(role::text), '{}') as roles from person_roles where person_id = $1",
      [session.identity_id],
    );
    return { outcome: 'valid', caller: { personId: session.identity_id, roles: toRoles(rows[0]?.roles ?? []) } };
  };
}
