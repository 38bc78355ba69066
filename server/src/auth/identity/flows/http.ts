import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { IdentityConfig } from '../config.js';
import type { Courier } from '../courier.js';
import { errors } from '../errors.js';
import type { OidcRelyingParty } from '../oidc/relying-party.js';
import type { LoginRateLimiter } from '../rate-limit.js';
import type { ServerSecrets } from '../../../secrets/server-secrets.js';
import { Urls, type UiPage } from '../urls.js';

/** What every flow handler needs. */
export interface IdentityDeps {
  pool: pg.Pool;
  config: IdentityConfig;
  courier: Courier;
  limiter: LoginRateLimiter;
  /** Seals TOTP secrets and digests one-time and backup codes. */
  secrets: ServerSecrets;
  /** Sign-in through the organization's OpenID Connect provider, when configured. */
  relyingParty: OidcRelyingParty | undefined;
}

export function urlsFor(deps: IdentityDeps, request: FastifyRequest): Urls {
  return new Urls(deps.config, request);
}

/**
 * Whether to answer with JSON (the SDK, fetch) rather than redirects (a plain browser navigation or
 * form post): JSON bodies and `Accept: application/json` get JSON, and so does any request that does
 * not ask for HTML.
 */
export function wantsJson(request: FastifyRequest): boolean {
  const contentType = request.headers['content-type'] ?? '';
  if (contentType.includes('application/json')) return true;
  const accept = request.headers.accept ?? '';
  if (accept.includes('application/json')) return true;
  return !accept.includes('text/html');
}

export type Body = Record<string, unknown>;

export function bodyOf(request: FastifyRequest): Body {
  const body: unknown = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : {};
}

function lookup(body: Body, path: string): unknown {
  if (path in body) return body[path];
  let current: unknown = body;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** A string field, by name (`traits.email` as a flat form key or nested JSON). */
export function str(body: Body, path: string): string | undefined {
  const value = lookup(body, path);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** A checkbox or button value: true, "true", "1", "on". */
export function flag(body: Body, path: string): boolean {
  const value = lookup(body, path);
  return value === true || value === 'true' || value === '1' || value === 'on';
}

export function queryOf(request: FastifyRequest): Record<string, string | undefined> {
  const query: unknown = request.query;
  const result: Record<string, string | undefined> = {};
  if (typeof query !== 'object' || query === null) return result;
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (typeof value === 'string') result[key] = value;
    else if (Array.isArray(value) && typeof value[0] === 'string') result[key] = value[0];
  }
  return result;
}

/** return_to of the query: null when absent; throws self_service_flow_return_to_forbidden when not allowed. */
export function returnToOf(urls: Urls, raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const allowed = urls.allowedReturnTo(raw);
  if (allowed === null) throw errors.returnToForbidden();
  return allowed;
}

/** The request's URL as the browser sent it (Kratos keeps it as request_url). */
/** Query parameters that grant something: never kept with a flow (it is stored in clear). */
const SECRET_PARAMETERS = ['setup_token'];

/** The URL that created a flow, as Kratos reports it, without secrets. */
export function requestUrl(urls: Urls, request: FastifyRequest): string {
  const url = new URL(`${urls.origin}${urls.basePath}${request.url}`);
  for (const name of SECRET_PARAMETERS) url.searchParams.delete(name);
  return url.toString();
}

/** Answers a flow: JSON with `status`, or for browsers a redirect to its screen. */
export function sendFlow(request: FastifyRequest, reply: FastifyReply, urls: Urls, page: UiPage, flowId: string, status: number, json: unknown): FastifyReply {
  if (wantsJson(request)) return reply.code(status).send(json);
  return reply.redirect(urls.ui(page, { flow: flowId }), 303);
}
