import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { IdentityConfig } from '../config.js';
import { assertSameBrowser } from '../csrf.js';
import { IdentityError } from '../errors.js';
import { setMessages } from '../flows/common.js';
import { queryOf } from '../flows/http.js';
import { loadFlow, saveFlow, type FlowRow } from '../flows/store.js';
import { messages } from '../messages.js';
import { availableAal, createSession, currentSession, methodAal, revokeSession, setSessionCookie } from '../sessions.js';
import { Urls } from '../urls.js';
import { rememberAdministratorOrigin } from '../../../system/remembered-origin.js';
import { OidcAccountRefused, signInIdentity } from './accounts.js';
import { OidcFailure, type OidcRelyingParty } from './relying-party.js';
import { flowIdOfState, OIDC_CALLBACK_PATH, pendingOf, redirectUri, type PendingOidcSignIn } from './start.js';

export interface OidcCallbackOptions {
  pool: pg.Pool;
  config: IdentityConfig;
  relyingParty: OidcRelyingParty;
}

/** A failure without a login flow to show it on: kept as a flow error for the error page. */
async function toErrorPage(pool: pg.Pool, reply: FastifyReply, urls: Urls, failure: IdentityError): Promise<FastifyReply> {
  const { rows } = await pool.query<{ id: string }>('insert into identity_flow_errors (error) values ($1) returning id', [failure.body().error]);
  return reply.redirect(urls.ui('error', { id: rows[0]?.id }), 303);
}

/** Takes the flow's pending sign-in for this state, once: a second callback with it finds nothing. */
async function claimPending(pool: pg.Pool, flowId: string, state: string): Promise<PendingOidcSignIn | null> {
  const { rows } = await pool.query<{ pending: unknown }>(
    `update identity_flows f set internal_context = f.internal_context - 'oidc'
       from identity_flows old
      where f.id = $1 and old.id = f.id and f.type = 'login' and f.internal_context -> 'oidc' ->> 'state' = $2
      returning old.internal_context -> 'oidc' as pending`,
    [flowId, state],
  );
  const row = rows[0];
  return row ? pendingOf(row.pending) : null;
}

async function showOnFlow(pool: pg.Pool, reply: FastifyReply, urls: Urls, flow: FlowRow, text: string): Promise<FastifyReply> {
  setMessages(flow, [], [messages.generic(text)]);
  await saveFlow(pool, flow);
  return reply.redirect(urls.ui('login', { flow: flow.id }), 303);
}

async function callback(options: OidcCallbackOptions, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { pool, config, relyingParty } = options;
  const urls = new Urls(config, request);
  const state = queryOf(request)['state'] ?? '';
  const flow = await loadFlow(pool, flowIdOfState(state), 'login');
  if (!flow || pendingOf(flow.internal_context['oidc'])?.state !== state) {
    return toErrorPage(pool, reply, urls, new IdentityError(400, 'security_oidc_state_mismatch', 'This sign-in answer is unknown or was already used. Please sign in again.', { message: 'the OpenID Connect state is unknown or was already used' }));
  }
  try {
    assertSameBrowser(request, flow);
  } catch (error) {
    if (error instanceof IdentityError) return toErrorPage(pool, reply, urls, error);
    throw error;
  }
  const pending = await claimPending(pool, flow.id, state);
  if (!pending) {
    return toErrorPage(pool, reply, urls, new IdentityError(400, 'security_oidc_state_mismatch', 'This sign-in answer is unknown or was already used. Please sign in again.'));
  }
  delete flow.internal_context['oidc'];
  if (flow.expires_at.getTime() <= Date.now()) {
    return toErrorPage(pool, reply, urls, new IdentityError(410, 'self_service_flow_expired', 'The sign-in took longer than allowed and expired. Please sign in again.', { message: 'self-service flow expired' }));
  }
  if (pending.issuer !== relyingParty.config.issuer) return showOnFlow(pool, reply, urls, flow, 'The identity provider changed while you were signing in. Please sign in again.');

  const callbackUrl = new URL(redirectUri(urls));
  callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
  let identityId: string;
  try {
    const claims = await relyingParty.redeem(callbackUrl, pending);
    identityId = await signInIdentity(pool, relyingParty.config, claims);
  } catch (error) {
    if (!(error instanceof OidcFailure) && !(error instanceof OidcAccountRefused)) throw error;
    request.log.warn({ err: error }, 'OpenID Connect sign-in refused');
    return showOnFlow(pool, reply, urls, flow, error.message);
  }

  const current = await currentSession(pool, request);
  if (flow.refresh && current && current.identity.id !== identityId) {
    return showOnFlow(pool, reply, urls, flow, 'You signed in at the provider as somebody else than the person who is signed in here.');
  }
  const { session, token } = await createSession(pool, {
    identityId,
    methods: [{ method: 'oidc', aal: methodAal('oidc'), completed_at: new Date().toISOString() }],
    request,
    lifespanMs: config.sessionLifespanMs,
  });
  if (current) await revokeSession(pool, current.session.id);
  await rememberAdministratorOrigin(pool, identityId, urls.origin);
  setSessionCookie(reply, token, session, urls);
  flow.state = 'passed_challenge';
  setMessages(flow, []);
  await saveFlow(pool, flow);
  if ((await availableAal(pool, identityId)) === 'aal2') {
    // The provider is one factor: an identity with a second factor continues with it.
    return reply.redirect(urls.ui('login', { aal: 'aal2', return_to: flow.return_to ?? undefined }), 303);
  }
  return reply.redirect(flow.return_to ?? urls.defaultReturn(), 303);
}

/** The OpenID Connect provider's redirect back to Pharos after the person signed in there. */
export const oidcCallbackRoute: FastifyPluginAsync<OidcCallbackOptions> = async (app: FastifyInstance, options) => {
  app.get(OIDC_CALLBACK_PATH, (request, reply) => callback(options, request, reply));
};
