import type { FastifyInstance } from 'fastify';
import { digest, randomToken } from '../csrf.js';
import { errors } from '../errors.js';
import { IDENTITY_SCHEMA, SCHEMA_ID } from '../schema.js';
import { clearSessionCookie, currentSession, revokeSession, sessionJson, sessionSatisfiesAal } from '../sessions.js';
import { queryOf, returnToOf, urlsFor, wantsJson, type IdentityDeps } from './http.js';
import { CHECKED_IN_CODE } from '../../../http/route-schema.js';
import { ERRORS_SCHEMA, LOGOUT_BROWSER_SCHEMA, LOGOUT_SCHEMA, SCHEMA_SCHEMA, SCHEMAS_SCHEMA, WHOAMI_SCHEMA } from './route-schemas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** whoami, logout, flow errors and the identity schema. */
export function sessionRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  app.get('/sessions/whoami', { schema: WHOAMI_SCHEMA }, async (request, reply) => {
    const urls = urlsFor(deps, request);
    const current = await currentSession(deps.pool, request);
    if (!current) throw errors.sessionInactive();
    if (!(await sessionSatisfiesAal(deps.pool, current.session))) throw errors.sessionAal2Required(urls.ui('login', { aal: 'aal2' }));
    reply.header('x-kratos-authenticated-identity-id', current.identity.id);
    return sessionJson(deps.pool, current.session, current.identity, urls);
  });

  app.get('/self-service/logout/browser', { schema: LOGOUT_BROWSER_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    const urls = urlsFor(deps, request);
    const returnTo = returnToOf(urls, queryOf(request)['return_to']);
    const current = await currentSession(deps.pool, request);
    if (!current) throw errors.sessionInactive();
    const token = randomToken();
    await deps.pool.query('update identity_sessions set logout_token_hash = $2 where id = $1', [current.session.id, digest(token)]);
    return { logout_url: urls.api('/self-service/logout', { token, return_to: returnTo ?? undefined }), logout_token: token };
  });

  app.get('/self-service/logout', { schema: LOGOUT_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const urls = urlsFor(deps, request);
    const query = queryOf(request);
    const returnTo = returnToOf(urls, query['return_to']);
    const token = query['token'] ?? '';
    const { rows } = await deps.pool.query<{ id: string }>('select id from identity_sessions where logout_token_hash = $1 and active', [
      digest(token),
    ]);
    const target = rows[0];
    const current = await currentSession(deps.pool, request);
    // The token must belong to the session of this browser, if it has one.
    if (current && current.session.id !== target?.id) throw errors.logoutTokenMismatch();
    if (target) await revokeSession(deps.pool, target.id);
    clearSessionCookie(reply, urls);
    if (wantsJson(request)) return reply.code(204).send();
    return reply.redirect(returnTo ?? urls.defaultReturn(), 303);
  });

  app.get('/self-service/errors', { schema: ERRORS_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    const id = queryOf(request)['id'];
    if (id === undefined || !UUID.test(id)) throw errors.notFound('The error could not be found.');
    const { rows } = await deps.pool.query<{ id: string; error: unknown; created_at: Date; updated_at: Date }>(
      'select id, error, created_at, updated_at from identity_flow_errors where id = $1',
      [id],
    );
    const row = rows[0];
    if (!row) throw errors.notFound('The error could not be found.');
    return { id: row.id, error: row.error, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
  });

  app.get('/schemas', { schema: SCHEMAS_SCHEMA }, async (request) => [{ id: SCHEMA_ID, schema: IDENTITY_SCHEMA, url: urlsFor(deps, request).api(`/schemas/${SCHEMA_ID}`) }]);

  app.get<{ Params: { id: string } }>('/schemas/:id', { schema: SCHEMA_SCHEMA }, async (request) => {
    if (request.params.id !== SCHEMA_ID && request.params.id !== Buffer.from(SCHEMA_ID).toString('base64url')) {
      throw errors.notFound('The identity schema could not be found.');
    }
    return IDENTITY_SCHEMA;
  });
}
