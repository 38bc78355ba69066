import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { CallerResolution } from '../auth/guard.js';
import { errors } from '../auth/identity/errors.js';
import { availableAal, type SessionRow } from '../auth/identity/sessions.js';
import type { Urls } from '../auth/identity/urls.js';
import { pathViews } from '../http/path.js';
import { needsSecondFactor } from './organization.js';
import { sessionMembership } from './store.js';

export const ORGANIZATION_REQUIRED = 'organization_required';
export const SECOND_FACTOR_SETUP_REQUIRED = 'organization_second_factor_required';

/** What a person who belongs to no organization yet may call: who they are, and the switcher (to create one). */
const WITHOUT_ORGANIZATION: ReadonlySet<string> = new Set(['/api/auth/whoami', '/api/organizations']);

function reachableWithoutOrganization(request: FastifyRequest): boolean {
  return pathViews(request.url).every((path) => WITHOUT_ORGANIZATION.has(path));
}

function denied(statusCode: number, code: string, message: string, extra: Record<string, unknown> = {}): CallerResolution {
  return { outcome: 'denied', statusCode, body: { code, message, details: null, hint: null, ...extra } };
}

function lifespanText(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400}d`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

/**
 * Organization mode: the caller of a session holds the role of the session's current organization,
 * under that organization's policy (session lifetime, second factor).
 */
export async function organizationCaller(pool: pg.Pool, session: SessionRow, request: FastifyRequest, urls: Urls): Promise<CallerResolution> {
  const { rows } = await pool.query<{ organization_id: string | null }>('select organization_id from identity_sessions where id = $1', [session.id]);
  const membership = await sessionMembership(pool, { id: session.id, identity_id: session.identity_id, organization_id: rows[0]?.organization_id ?? null });
  if (!membership) {
    if (reachableWithoutOrganization(request)) return { outcome: 'valid', caller: { personId: session.identity_id, roles: [] } };
    return denied(403, ORGANIZATION_REQUIRED, 'You are not a member of any organization yet: create one or ask an administrator for an invitation');
  }
  const lifespan = membership.policy.session_lifespan_seconds;
  if (lifespan !== null && session.authenticated_at.getTime() + lifespan * 1000 < Date.now()) {
    return { outcome: 'invalid', message: `Sessions of ${membership.name} last ${lifespanText(lifespan)}: sign in again` };
  }
  if (needsSecondFactor(membership.policy.require_second_factor, membership.role) && session.aal !== 'aal2') {
    if ((await availableAal(pool, session.identity_id)) === 'aal2') {
      const error = errors.sessionAal2Required(urls.ui('login', { aal: 'aal2' }));
      return denied(403, 'session_aal2_required', error.reason, error.body() as unknown as Record<string, unknown>);
    }
    // Nothing to prove yet: the person is sent to set up an authenticator app or a security key.
    return denied(403, SECOND_FACTOR_SETUP_REQUIRED, `${membership.name} requires a second factor: add an authenticator app or a security key under Your Profile`, {
      redirect_browser_to: urls.ui('settings'),
    });
  }
  return { outcome: 'valid', caller: { personId: session.identity_id, roles: [membership.role], organizationId: membership.id } };
}
