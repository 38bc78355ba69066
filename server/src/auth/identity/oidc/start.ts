import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../errors.js';
import { setMessages } from '../flows/common.js';
import { wantsJson, type IdentityDeps } from '../flows/http.js';
import { saveFlow, type FlowRow } from '../flows/store.js';
import { messages } from '../messages.js';
import type { Urls } from '../urls.js';
import { OidcFailure, OidcRelyingParty, type AuthorizationChecks } from './relying-party.js';

/** The value of the provider's buttons ('Sign in with {name}', 'Link {name}'), posted natively. */
export const OIDC_PROVIDER_ID = 'oidc';

/** Where the provider sends the browser back: `{public URL}/api/auth/oidc/callback`. */
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

export function redirectUri(urls: Urls): string {
  return `${urls.origin}${urls.basePath}${OIDC_CALLBACK_PATH}`;
}

/** Kept in the login flow's internal context until the callback redeems it once. */
export interface PendingOidcSignIn extends AuthorizationChecks {
  issuer: string;
}

export function pendingOf(pending: unknown): PendingOidcSignIn | null {
  if (typeof pending !== 'object' || pending === null) return null;
  const record = pending as Record<string, unknown>;
  const { state, nonce, codeVerifier, issuer } = record;
  if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string' || typeof issuer !== 'string') return null;
  return { state, nonce, codeVerifier, issuer };
}

/** The flow id leads the state, so that the callback finds its flow; the rest is random. */
export function flowIdOfState(state: string): string {
  return state.split('.')[0] ?? '';
}

interface StartContext {
  urls: Urls;
  flow: FlowRow;
  relyingParty: OidcRelyingParty;
  /** Answers the flow with its messages and this status. */
  fail: (status: number) => FastifyReply | Promise<FastifyReply>;
}

/**
 * The provider button of a login flow, or the link button of a settings flow: sends the browser to
 * the provider's authorization page.
 */
export async function startOidcAuthorization(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply, context: StartContext): Promise<FastifyReply> {
  const { urls, flow, relyingParty, fail } = context;
  const random = OidcRelyingParty.newChecks();
  const checks: AuthorizationChecks = { ...random, state: `${flow.id}.${random.state}` };
  let target: URL;
  try {
    target = await relyingParty.authorizationUrl(redirectUri(urls), checks);
  } catch (error) {
    if (!(error instanceof OidcFailure)) throw error;
    request.log.warn({ err: error }, 'OpenID Connect provider unavailable');
    setMessages(flow, [], [messages.generic(error.message)]);
    await saveFlow(deps.pool, flow);
    return await fail(400);
  }
  const pending: PendingOidcSignIn = { ...checks, issuer: relyingParty.config.issuer };
  flow.internal_context = { ...flow.internal_context, oidc: pending };
  setMessages(flow, []);
  await saveFlow(deps.pool, flow);
  if (wantsJson(request)) return reply.code(422).send(errors.browserLocationChangeRequired(target.toString()).body());
  return reply.redirect(target.toString(), 303);
}
