import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { assertSameBrowser } from '../csrf.js';
import { errors, IdentityError } from '../errors.js';
import { setMessages } from '../flows/common.js';
import { queryOf, urlsFor, type IdentityDeps } from '../flows/http.js';
import { createSettingsFlowFor } from '../flows/settings.js';
import { loadFlow, saveFlow, type FlowRow } from '../flows/store.js';
import { getIdentity } from '../identities.js';
import { messages } from '../messages.js';
import { availableAal, createSession, currentSession, methodAal, revokeSession, setSessionCookie } from '../sessions.js';
import type { Urls } from '../urls.js';
import { rememberAdministratorOrigin } from '../../../system/remembered-origin.js';
import { linkIdentity, OidcAccountRefused, signInIdentity } from './accounts.js';
import { saveGrant } from './recheck.js';
import { warnNoRefreshToken } from './refresh-advice.js';
import { OidcFailure, type OidcClaims, type OidcRelyingParty, type OidcSignIn } from './relying-party.js';
import { flowIdOfState, OIDC_CALLBACK_PATH, pendingOf, redirectUri, type PendingOidcSignIn } from './start.js';
import { CHECKED_IN_CODE } from '../../../http/route-schema.js';
import { OIDC_CALLBACK_SCHEMA } from '../flows/route-schemas.js';

export interface OidcCallbackOptions {
  deps: IdentityDeps;
  relyingParty: OidcRelyingParty;
}

const UNKNOWN_STATE = 'This sign-in answer is unknown or was already used. Please sign in again.';

/** A failure without a flow to show it on: kept as a flow error for the error page. */
async function toErrorPage(deps: IdentityDeps, reply: FastifyReply, urls: Urls, failure: IdentityError): Promise<FastifyReply> {
  const { rows } = await deps.pool.query<{ id: string }>('insert into identity_flow_errors (error) values ($1) returning id', [failure.body().error]);
  return reply.redirect(urls.ui('error', { id: rows[0]?.id }), 303);
}

/** The login or settings flow that sent the browser to the provider. */
async function flowOfState(deps: IdentityDeps, state: string): Promise<FlowRow | null> {
  const id = flowIdOfState(state);
  return (await loadFlow(deps.pool, id, 'login')) ?? (await loadFlow(deps.pool, id, 'settings'));
}

/** Takes the flow's pending authorization for this state, once: a second callback with it finds nothing. */
async function claimPending(deps: IdentityDeps, flowId: string, state: string): Promise<PendingOidcSignIn | null> {
  const { rows } = await deps.pool.query<{ pending: unknown }>(
    `update identity_flows f set internal_context = f.internal_context - 'oidc'
       from identity_flows old
      where f.id = $1 and old.id = f.id and f.internal_context -> 'oidc' ->> 'state' = $2
      returning old.internal_context -> 'oidc' as pending`,
    [flowId, state],
  );
  const row = rows[0];
  return row ? pendingOf(row.pending) : null;
}

async function showOnLogin(deps: IdentityDeps, reply: FastifyReply, urls: Urls, flow: FlowRow, text: string): Promise<FastifyReply> {
  setMessages(flow, [], [messages.generic(text)]);
  await saveFlow(deps.pool, flow);
  return reply.redirect(urls.ui('login', { flow: flow.id }), 303);
}

async function finishSignIn(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply, urls: Urls, flow: FlowRow, signIn: OidcSignIn, relyingParty: OidcRelyingParty): Promise<FastifyReply> {
  const { claims } = signIn;
  let identityId: string;
  try {
    identityId = await signInIdentity(deps.pool, relyingParty.config, claims);
  } catch (error) {
    if (!(error instanceof OidcAccountRefused)) throw error;
    request.log.warn({ err: error }, 'OpenID Connect sign-in refused');
    return showOnLogin(deps, reply, urls, flow, error.message);
  }
  const current = await currentSession(deps.pool, request);
  if (flow.refresh && current && current.identity.id !== identityId) {
    return showOnLogin(deps, reply, urls, flow, 'You signed in at the provider as somebody else than the person who is signed in here.');
  }
  await saveGrant(deps.pool, deps.secrets, { identityId, issuer: relyingParty.config.issuer, subject: claims.subject, refreshToken: signIn.refreshToken });
  const { session, token } = await createSession(deps.pool, {
    identityId,
    methods: [{ method: 'oidc', aal: methodAal('oidc'), completed_at: new Date().toISOString() }],
    request,
    lifespanMs: deps.config.sessionLifespanMs,
  });
  if (current) await revokeSession(deps.pool, current.session.id);
  await rememberAdministratorOrigin(deps.pool, identityId, urls.origin);
  setSessionCookie(reply, token, session, urls);
  flow.state = 'passed_challenge';
  setMessages(flow, []);
  await saveFlow(deps.pool, flow);
  if ((await availableAal(deps.pool, identityId)) === 'aal2') {
    // The provider is one factor: an identity with a second factor continues with it.
    return reply.redirect(urls.ui('login', { aal: 'aal2', return_to: flow.return_to ?? undefined }), 303);
  }
  return reply.redirect(flow.return_to ?? urls.defaultReturn(), 303);
}

/** Links the provider account to the signed-in person who pressed 'Link' in their settings. */
async function finishLink(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply, urls: Urls, flow: FlowRow, signIn: OidcSignIn, relyingParty: OidcRelyingParty): Promise<FastifyReply> {
  const { claims } = signIn;
  const current = await currentSession(deps.pool, request);
  if (!current || current.identity.id !== flow.identity_id) return toErrorPage(deps, reply, urls, errors.identityMismatch());
  let note = messages.settingsSaved();
  try {
    await linkIdentity(deps.pool, relyingParty.config, current.identity.id, claims);
    await saveGrant(deps.pool, deps.secrets, { identityId: current.identity.id, issuer: relyingParty.config.issuer, subject: claims.subject, refreshToken: signIn.refreshToken });
  } catch (error) {
    if (!(error instanceof OidcAccountRefused)) throw error;
    note = messages.generic(error.message);
  }
  const identity = (await getIdentity(deps.pool, current.identity.id)) ?? current.identity;
  const next = await createSettingsFlowFor(deps, request, reply, urls, identity, flow.return_to, [note]);
  return reply.redirect(urls.ui('settings', { flow: next.id }), 303);
}

async function callback(options: OidcCallbackOptions, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { deps, relyingParty } = options;
  const urls = urlsFor(deps, request);
  const state = queryOf(request)['state'] ?? '';
  const flow = await flowOfState(deps, state);
  if (!flow || pendingOf(flow.internal_context['oidc'])?.state !== state) {
    return toErrorPage(deps, reply, urls, new IdentityError(400, 'security_oidc_state_mismatch', UNKNOWN_STATE, { message: 'the OpenID Connect state is unknown or was already used' }));
  }
  try {
    assertSameBrowser(request, flow);
  } catch (error) {
    if (error instanceof IdentityError) return toErrorPage(deps, reply, urls, error);
    throw error;
  }
  const pending = await claimPending(deps, flow.id, state);
  if (!pending) return toErrorPage(deps, reply, urls, new IdentityError(400, 'security_oidc_state_mismatch', UNKNOWN_STATE));
  delete flow.internal_context['oidc'];
  if (flow.expires_at.getTime() <= Date.now()) {
    return toErrorPage(
      deps,
      reply,
      urls,
      new IdentityError(410, 'self_service_flow_expired', 'The sign-in took longer than allowed and expired. Please sign in again.', { message: 'self-service flow expired' }),
    );
  }

  const callbackUrl = new URL(redirectUri(urls));
  callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
  let claims: OidcClaims;
  let refreshToken: string | undefined;
  try {
    if (pending.issuer !== relyingParty.config.issuer) throw new OidcFailure('invalid_response', 'The identity provider changed while you were signing in. Please sign in again.');
    ({ claims, refreshToken } = await relyingParty.signIn(callbackUrl, pending));
  } catch (error) {
    if (!(error instanceof OidcFailure)) throw error;
    request.log.warn({ err: error }, 'OpenID Connect sign-in refused');
    if (flow.type === 'login') return showOnLogin(deps, reply, urls, flow, error.message);
    const current = await currentSession(deps.pool, request);
    if (!current || current.identity.id !== flow.identity_id) return toErrorPage(deps, reply, urls, errors.identityMismatch());
    const next = await createSettingsFlowFor(deps, request, reply, urls, current.identity, flow.return_to, [messages.generic(error.message)]);
    return reply.redirect(urls.ui('settings', { flow: next.id }), 303);
  }
  if (refreshToken === undefined) await warnNoRefreshToken(request.log, relyingParty);
  const signIn = { claims, refreshToken };
  return flow.type === 'settings' ? finishLink(deps, request, reply, urls, flow, signIn, relyingParty) : finishSignIn(deps, request, reply, urls, flow, signIn, relyingParty);
}

/** The OpenID Connect provider's redirect back to Pharos after the person signed in there. */
export const oidcCallbackRoute: FastifyPluginAsync<OidcCallbackOptions> = async (app: FastifyInstance, options) => {
  app.get(OIDC_CALLBACK_PATH, { schema: OIDC_CALLBACK_SCHEMA, ...CHECKED_IN_CODE }, (request, reply) => callback(options, request, reply));
};
