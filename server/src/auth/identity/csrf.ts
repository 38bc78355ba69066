import { createHash, randomBytes } from 'node:crypto';
import { safeEqual } from '../../http/same-secret.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from './errors.js';
import type { Urls } from './urls.js';

/**
 * Anti-CSRF: each browser holds a random secret in an HttpOnly cookie; each flow remembers the
 * digest of the secret of the browser that created it and carries its own token in a hidden
 * `csrf_token` node. A submit must present both: the cookie (which another site cannot read or
 * set) and the token (which only the page that loaded the flow knows).
 */
export const CSRF_COOKIE = 'pharos_csrf';

const SECRET_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

function cookieSecret(request: FastifyRequest): string | undefined {
  const value = request.cookies[CSRF_COOKIE];
  return value !== undefined && SECRET_FORMAT.test(value) ? value : undefined;
}

/** This browser's CSRF secret, created (and set as a cookie) when it has none yet. */
export function ensureCsrfSecret(request: FastifyRequest, reply: FastifyReply, urls: Urls): string {
  const existing = cookieSecret(request);
  if (existing) return existing;
  const secret = randomToken();
  reply.setCookie(CSRF_COOKIE, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: urls.secure,
    maxAge: 365 * 24 * 3600,
  });
  // Later code of the same request (e.g. a replacement flow) must see the same secret.
  request.cookies[CSRF_COOKIE] = secret;
  return secret;
}

export interface FlowBinding {
  csrf_token: string;
  csrf_secret_hash: string | null;
}

/** Binds a new flow to the requesting browser. */
export function bindToBrowser(request: FastifyRequest, reply: FastifyReply, urls: Urls): FlowBinding {
  return { csrf_token: randomToken(), csrf_secret_hash: digest(ensureCsrfSecret(request, reply, urls)) };
}

/** Throws security_csrf_violation unless the request comes from the browser the flow is bound to. */
export function assertSameBrowser(request: FastifyRequest, flow: FlowBinding): void {
  const secret = cookieSecret(request);
  if (!secret) throw errors.csrf('The anti-CSRF cookie was not sent with the request.');
  if (flow.csrf_secret_hash === null || !safeEqual(digest(secret), flow.csrf_secret_hash)) {
    throw errors.csrf('The anti-CSRF cookie does not belong to this flow.');
  }
}

/** Throws security_csrf_violation unless the cookie matches the flow and `token` is the flow's token. */
export function assertCsrf(request: FastifyRequest, flow: FlowBinding, token: string | undefined): void {
  assertSameBrowser(request, flow);
  const header = request.headers['x-csrf-token'];
  const submitted = token ?? (typeof header === 'string' ? header : undefined);
  if (!submitted) throw errors.csrf('The CSRF token was not included in the request body (csrf_token) nor in the X-CSRF-Token header.');
  if (!safeEqual(submitted, flow.csrf_token)) throw errors.csrf('The CSRF token in the request does not match the flow.');
}
