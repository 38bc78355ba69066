import type { ServerSecrets } from '../../../secrets/server-secrets.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bindToBrowser, randomToken } from '../csrf.js';
import { errors } from '../errors.js';
import { getIdentity, markAddressVerified, type Db } from '../identities.js';
import { messages } from '../messages.js';
import { codeMatches, generateCode, newCodeState, parseCodeState } from '../methods/code.js';
import type { UiContainer } from '../nodes.js';
import { normalizeEmail } from '../schema.js';
import { createSession, currentSession, methodAal, revokeOtherSessions, setSessionCookie } from '../sessions.js';
import type { Urls } from '../urls.js';
import { assertFlowSubmit, liveFlow, setMessages } from './common.js';
import { chooseMethodNodes, codeFlowRoutes, codeTryAllowed, sendCodeToSubmittedEmail, sentEmailNodes } from './email-code.js';
import { bodyOf, queryOf, requestUrl, sendFlow, str, urlsFor, wantsJson, type IdentityDeps } from './http.js';
import { createSettingsFlowFor } from './settings.js';
import { baseFlowJson, insertFlow, newFlowId, saveFlow, type FlowRow } from './store.js';

function recoveryFlowJson(flow: FlowRow): Record<string, unknown> {
  return { ...baseFlowJson(flow), active: 'code' };
}

async function createRecoveryFlow(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply, urls: Urls, returnTo: string | null): Promise<FlowRow> {
  if (await currentSession(deps.pool, request)) throw errors.sessionAlreadyAvailable();
  const id = newFlowId();
  const binding = bindToBrowser(request, reply, urls);
  const ui: UiContainer = { action: urls.api('/self-service/recovery', { flow: id }), method: 'POST', nodes: chooseMethodNodes(binding.csrf_token) };
  return insertFlow(deps.pool, {
    id,
    type: 'recovery',
    state: 'choose_method',
    requestUrl: requestUrl(urls, request),
    returnTo,
    ui,
    binding,
    lifespanMs: deps.config.flowLifespanMs,
  });
}

/**
 * An invitation: a recovery flow that already holds a code for the identity, made without a
 * browser (it binds to the first browser that opens it) and valid for the invitation's lifespan.
 */
export async function createInvitationFlow(
  db: Db,
  secrets: ServerSecrets,
  urls: Urls,
  lifespanMs: number,
  identityId: string,
  email: string,
): Promise<{ flow: FlowRow; code: string }> {
  const id = newFlowId();
  const csrfToken = randomToken();
  const code = generateCode();
  const flow = await insertFlow(db, {
    id,
    type: 'recovery',
    state: 'sent_email',
    requestUrl: urls.api('/self-service/recovery/browser'),
    returnTo: null,
    ui: {
      action: urls.api('/self-service/recovery', { flow: id }),
      method: 'POST',
      nodes: sentEmailNodes(csrfToken, 'recovery', email),
      messages: [messages.recoveryCodeSent()],
    },
    binding: { csrf_token: csrfToken, csrf_secret_hash: null },
    internalContext: { code: newCodeState(secrets, id, code, normalizeEmail(email), identityId), invitation: true },
    lifespanMs,
  });
  return { flow, code };
}

async function submitRecovery(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const urls = urlsFor(deps, request);
  const body = bodyOf(request);
  const recreate = (old: FlowRow) => createRecoveryFlow(deps, request, reply, urls, old.return_to);
  const flow = await liveFlow(deps, urls, queryOf(request)['flow'], 'recovery', recreate);
  await assertFlowSubmit(deps, request, reply, urls, flow, body);
  const answer = (status: number) => sendFlow(request, reply, urls, 'recovery', flow.id, status, recoveryFlowJson(flow));

  if (flow.state === 'passed_challenge') {
    setMessages(flow, [], [messages.recoveryRetrySuccess()]);
    return answer(400);
  }
  const code = (str(body, 'code') ?? '').trim();
  const state = parseCodeState(flow.internal_context['code']);
  if (code !== '' && flow.state === 'sent_email' && state) {
    const identity = state.identity_id ? await getIdentity(deps.pool, state.identity_id) : null;
    if (!(await codeTryAllowed(deps, flow, state)) || !codeMatches(deps.secrets, flow.id, state, code) || !identity) {
      setMessages(flow, [], [messages.recoveryCodeInvalid()]);
      await saveFlow(deps.pool, flow);
      return answer(400);
    }
    // Reading the code proves the address; whoever held the account before is signed out.
    if (normalizeEmail(identity.traits.email) === state.address) await markAddressVerified(deps.pool, identity.id, state.address);
    await revokeOtherSessions(deps.pool, identity.id, null);
    const { session, token } = await createSession(deps.pool, {
      identityId: identity.id,
      methods: [{ method: 'code', aal: methodAal('code'), completed_at: new Date().toISOString() }],
      request,
      lifespanMs: deps.config.sessionLifespanMs,
    });
    setSessionCookie(reply, token, session, urls);
    const settings = await createSettingsFlowFor(deps, request, reply, urls, identity, flow.return_to, [
      messages.recoverySuccessful(new Date(session.authenticated_at.getTime() + deps.config.privilegedSessionMaxAgeMs)),
    ]);
    delete flow.internal_context['code'];
    flow.state = 'passed_challenge';
    flow.internal_context['continue_with'] = [{ action: 'show_settings_ui', flow: { id: settings.id, url: urls.ui('settings', { flow: settings.id }) } }];
    setMessages(flow, []);
    await saveFlow(deps.pool, flow);
    const next = urls.ui('settings', { flow: settings.id });
    if (wantsJson(request)) return reply.code(422).send(errors.browserLocationChangeRequired(next).body());
    return reply.redirect(next, 303);
  }

  return answer(await sendCodeToSubmittedEmail(deps, flow, 'recovery', str(body, 'email'), code));
}

export function recoveryRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  codeFlowRoutes(app, deps, 'recovery', { create: createRecoveryFlow, json: recoveryFlowJson, submit: submitRecovery });
}
