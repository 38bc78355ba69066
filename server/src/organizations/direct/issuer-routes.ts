import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { IdentityConfig } from '../../auth/identity/config.js';
import { Urls } from '../../auth/identity/urls.js';
import { callerOf, RouteError, routeErrorHandler } from '../../http/route-access.js';
import { answers, BODY_OPTIONAL, CHECKED_IN_CODE, NO_BODY, REFUSALS } from '../../http/route-schema.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';
import { membershipOf } from '../store.js';
import { ORGANIZATION_CLAIM, TOKEN_LIFETIME_SECONDS, withoutTrailingSlash, type OrganizationClaim } from './claims.js';
import { publicKeys, signingKey, TOKEN_ALGORITHM, type SigningKey } from './keys.js';

export interface IssuerRoutesOptions {
  pool: pg.Pool;
  config: IdentityConfig;
  secrets: ServerSecrets;
}

export const NOT_DIRECT = 'This organization is not in direct mode: its calls go to this Pharos with the session';

const TOKEN_SCHEMA = {
  tags: ['organizations'],
  summary: 'A short-lived token for the backend of the current organization (direct mode)',
  body: NO_BODY,
  ...BODY_OPTIONAL,
  response: answers({
    200: '{token, backend_url, expires_at}',
    401: REFUSALS[401],
    404: 'Organization mode is off, or the caller is in no organization',
    409: 'The organization is not in direct mode, or the caller has no email address',
  }),
} as const;

/**
 * The front door of direct mode: publishes its public keys at /.well-known/jwks.json and issues,
 * for the session's person and current organization, a short-lived token whose audience is the
 * organization's backend.
 */
export const issuerRoutes: FastifyPluginAsync<IssuerRoutesOptions> = async (app, { pool, config, secrets }) => {
  app.setErrorHandler(routeErrorHandler);
  let key: Promise<SigningKey> | undefined;
  const currentKey = () => (key ??= signingKey(pool, secrets).catch((error: unknown) => {
    key = undefined;
    throw error;
  }));

  app.get('/.well-known/jwks.json', async (_request, reply) => {
    if (config.authMode === 'organizations') await currentKey();
    return reply.header('cache-control', 'public, max-age=300').send(await publicKeys(pool));
  });

  app.post('/api/organizations/current/token', { schema: TOKEN_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    if (config.authMode !== 'organizations') throw new RouteError(404, 'NOT_FOUND', 'Organizations are available only with PHAROS_AUTH_MODE=organizations');
    const caller = callerOf(request);
    if (!caller.organizationId) throw new RouteError(404, 'NOT_FOUND', 'You are not a member of any organization yet: create one or ask for an invitation');
    const membership = await membershipOf(pool, caller.personId, caller.organizationId);
    if (!membership) throw new RouteError(404, 'NOT_FOUND', 'You are no longer a member of this organization');
    const backend = membership.publicMetadata.backend_url;
    if (!membership.publicMetadata.direct || !backend) throw new RouteError(409, 'NOT_DIRECT', NOT_DIRECT);
    const { rows } = await pool.query<{ name: string; email: string | null }>('select name, email from people where id = $1', [caller.personId]);
    const person = rows[0];
    if (!person?.email) throw new RouteError(409, 'NO_EMAIL', 'Your account has no email address, which the backend needs to know you');
    const signer = await currentKey();
    const organization: OrganizationClaim = { id: membership.id, slug: membership.slug, role: membership.role };
    const expiresAt = Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_SECONDS;
    // jose is loaded with the first token, not at start (most servers never issue one).
    const { SignJWT } = await import('jose');
    const token = await new SignJWT({ [ORGANIZATION_CLAIM]: organization, email: person.email, name: person.name })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: signer.kid, typ: 'JWT' })
      .setIssuer(withoutTrailingSlash(new Urls(config, request).origin))
      .setSubject(caller.personId)
      .setAudience(withoutTrailingSlash(backend))
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(signer.privateKey);
    return { token, backend_url: backend, expires_at: new Date(expiresAt * 1000).toISOString() };
  });
};
