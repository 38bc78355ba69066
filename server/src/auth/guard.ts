import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Caller } from './caller.js';
import { pathViews } from '../http/path.js';
import { verifyToken } from './tokens.js';

/** What one way of authenticating found on a request. */
export type CallerResolution =
  /** The request carries no credentials of this kind: the next resolver is asked. */
  | { outcome: 'absent' }
  | { outcome: 'valid'; caller: Caller }
  /** Credentials of this kind are present but wrong; reported if no other resolver succeeds. */
  | { outcome: 'invalid'; message: string }
  /** Valid credentials that may not be used for this request (e.g. a session lacking its second factor): answered at once. */
  | { outcome: 'denied'; statusCode: number; body: unknown };

/**
 * Extension point of the access guard: bearer tokens now; the session cookie of the identity flows
 * is added as another resolver.
 */
export type CallerResolver = (request: FastifyRequest) => Promise<CallerResolution>;

export interface AccessGuardOptions {
  /** Tried in order; the first valid answer wins. */
  resolvers: readonly CallerResolver[];
}

export const AUTHENTICATION_REQUIRED = 'Authentication required: sign in or send a bearer token';
export const INVALID_BEARER_TOKEN = 'The bearer token is invalid or expired';

const ABSENT: CallerResolution = { outcome: 'absent' };

/** Reads `Authorization: Bearer <token>` and checks the token against access_tokens. */
export function bearerTokenResolver(pool: pg.Pool): CallerResolver {
  return async (request) => {
    const header = request.headers.authorization;
    if (!header) return ABSENT;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) return /^Bearer\b/i.test(header) ? { outcome: 'invalid', message: INVALID_BEARER_TOKEN } : ABSENT;
    const caller = await verifyToken(pool, match[1]);
    return caller ? { outcome: 'valid', caller } : { outcome: 'invalid', message: INVALID_BEARER_TOKEN };
  };
}

/**
 * True for requests the guard lets through without a caller: decided on the path as the router
 * decodes it and on the fully normalised path, and public only when public in both.
 */
export function isPublic(method: string, url: string): boolean {
  return pathViews(url).every((path) => isPublicPath(method, path));
}

/** Outside /api but not for everyone: the Prometheus figures. */
const PROTECTED_OUTSIDE_API: ReadonlySet<string> = new Set(['/metrics']);

function isPublicPath(method: string, path: string): boolean {
  if (PROTECTED_OUTSIDE_API.has(path)) return false;
  if (path !== '/api' && !path.startsWith('/api/')) return true; // the web app and its assets
  if ((method === 'GET' || method === 'HEAD') && (path === '/api/health' || path === '/api/ready' || path === '/api/about')) return true;
  // Webhook checks' results, pushed by other systems with the check's own token (health/webhook-routes.ts).
  if (method === 'POST' && /^\/api\/canary\/webhook\/[^/]+$/.test(path)) return true;
  // Playbook webhooks, called by other systems with the webhook's own credentials (playbooks/webhook-routes.ts).
  if ((method === 'POST' || method === 'GET') && /^\/api\/playbook\/webhook\/[^/]+$/.test(path)) return true;
  // The OpenID Connect provider sends the browser back here before it has a session.
  if (method === 'GET' && path === '/api/auth/oidc/callback') return true;
  // Identity flows (sign-in, registration, recovery) must be reachable before signing in.
  return path === '/api/.ory' || path.startsWith('/api/.ory/');
}

/** The only routes an agent's token may call: pushing its results upstream, pulling its work, taking and reporting playbook actions. */
const AGENT_ROUTES: readonly RegExp[] = [/^\/api\/agent\/push(\/|$)/, /^\/api\/agent\/pull(\/|$)/, /^\/api\/agent\/playbook\/action(\/[^/]+\/status)?$/];

export const AGENT_TOKEN_REFUSED =
  "An agent's access token may only push to and pull from /api/agent/push and /api/agent/pull, and take playbook actions at /api/agent/playbook/action";

/** True when an agent may call this path, as the router decodes it and fully normalised. */
export function isAgentRoute(url: string): boolean {
  return pathViews(url).every((path) => AGENT_ROUTES.some((route) => route.test(path)));
}

function refuse(reply: FastifyReply, message: string): FastifyReply {
  return reply
    .code(401)
    .header('www-authenticate', 'Bearer')
    .send({ code: 'PGRST301', message, details: null, hint: null });
}

/** Requires a caller on every /api request but the public ones, and sets `request.caller`. */
export function installAccessGuard(app: FastifyInstance, options: AccessGuardOptions): void {
  app.decorateRequest('caller', undefined);
  app.addHook('onRequest', async (request, reply) => {
    if (isPublic(request.method, request.url)) return;
    let invalid: string | undefined;
    for (const resolve of options.resolvers) {
      const resolution = await resolve(request);
      if (resolution.outcome === 'valid') {
        if (resolution.caller.agentId && !isAgentRoute(request.url)) {
          return reply.code(403).send({ code: '42501', message: AGENT_TOKEN_REFUSED, details: null, hint: null });
        }
        request.caller = resolution.caller;
        return;
      }
      if (resolution.outcome === 'denied') return reply.code(resolution.statusCode).send(resolution.body);
      if (resolution.outcome === 'invalid') invalid ??= resolution.message;
    }
    return refuse(reply, invalid ?? AUTHENTICATION_REQUIRED);
  });
}
