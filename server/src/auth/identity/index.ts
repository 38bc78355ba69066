import formbody from '@fastify/formbody';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { IdentityConfig } from './config.js';
import { Courier } from './courier.js';
import { IdentityError } from './errors.js';
import { loginRoutes } from './flows/login.js';
import { queryOf, urlsFor, wantsJson, type IdentityDeps } from './flows/http.js';
import { recoveryRoutes } from './flows/recovery.js';
import { registrationRoutes } from './flows/registration.js';
import { sessionRoutes } from './flows/session.js';
import { settingsRoutes } from './flows/settings.js';
import { verificationRoutes } from './flows/verification.js';
import { LoginRateLimiter } from './rate-limit.js';
import { answeredDatabaseUnavailable } from '../../http/database-unavailable.js';
import type { OidcRelyingParty } from './oidc/relying-party.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';

export interface IdentityPluginOptions {
  pool: pg.Pool;
  config: IdentityConfig;
  /** Shared with the rest of the app (invitations); created by the plugin when absent. */
  courier?: Courier;
  secrets: ServerSecrets;
  /** Shared with the provider's callback route (oidc/callback-route.ts). */
  relyingParty?: OidcRelyingParty | undefined;
}

function asIdentityError(error: FastifyError, request: FastifyRequest): IdentityError {
  if (error instanceof IdentityError) return error;
  // 503: the server cannot do it now (too many sign-ins hashing at once); the person may retry.
  const status = error.statusCode && ((error.statusCode >= 400 && error.statusCode < 500) || error.statusCode === 503) ? error.statusCode : 500;
  if (status === 500) {
    request.log.error({ err: error }, 'identity request failed');
    return new IdentityError(500, undefined, 'An internal error occurred.');
  }
  return new IdentityError(status, undefined, error.message);
}

/** What the flows share; also given to the OpenID Connect callback, which lives outside /api/.ory. */
export function identityDeps(options: IdentityPluginOptions & { courier: Courier }): IdentityDeps {
  return {
    pool: options.pool,
    config: options.config,
    courier: options.courier,
    limiter: new LoginRateLimiter(options.config),
    secrets: options.secrets,
    relyingParty: options.relyingParty,
  };
}

/**
 * The self-hosted identity service: Ory Kratos's public browser API (login, registration,
 * recovery, verification, settings, logout, whoami), mounted under /api/.ory.
 */
export const identityPlugin: FastifyPluginAsync<IdentityPluginOptions> = async (app, options) => {
  const courier = options.courier ?? new Courier(options.pool, options.config, app.log);
  if (!options.courier) app.addHook('onClose', () => courier.close());
  const deps = identityDeps({ ...options, courier });

  await app.register(formbody);

  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (answeredDatabaseUnavailable(error, reply)) return reply;
    const failure = asIdentityError(error, request);
    if (wantsJson(request)) return reply.code(failure.statusCode).send(failure.body());
    const urls = urlsFor(deps, request);
    if (failure.id === 'session_already_available') {
      const returnTo = urls.allowedReturnTo(queryOf(request)['return_to'] ?? '');
      return reply.redirect(returnTo ?? urls.defaultReturn(), 303);
    }
    const redirect = failure.extra.browserRedirect ?? failure.extra.redirect_browser_to;
    if (redirect) return reply.redirect(redirect, 303);
    const { rows } = await deps.pool.query<{ id: string }>('insert into identity_flow_errors (error) values ($1) returning id', [failure.body().error]);
    return reply.redirect(urls.ui('error', { id: rows[0]?.id }), 303);
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    // Flows, sessions and codes must never be cached by a browser or a proxy.
    reply.header('cache-control', 'private, no-cache, no-store, must-revalidate');
    return payload;
  });

  loginRoutes(app, deps);
  registrationRoutes(app, deps);
  recoveryRoutes(app, deps);
  verificationRoutes(app, deps);
  settingsRoutes(app, deps);
  sessionRoutes(app, deps);
};

export { loadIdentityConfig, type IdentityConfig } from './config.js';
export { Courier } from './courier.js';
