import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bindToBrowser } from '../csrf.js';
import { confirmEmailChange, getIdentity, markAddressVerified } from '../identities.js';
import { messages } from '../messages.js';
import { codeMatches, parseCodeState } from '../methods/code.js';
import { anchor, csrfNode, type UiContainer } from '../nodes.js';
import { normalizeEmail } from '../schema.js';
import type { Urls } from '../urls.js';
import { assertFlowSubmit, liveFlow, setMessages } from './common.js';
import { chooseMethodNodes, codeFlowRoutes, codeTryAllowed, sendCode, sendCodeToSubmittedEmail } from './email-code.js';
import { bodyOf, queryOf, requestUrl, sendFlow, str, urlsFor, type IdentityDeps } from './http.js';
import { baseFlowJson, insertFlow, newFlowId, saveFlow, type FlowRow } from './store.js';

export function verificationFlowJson(flow: FlowRow): Record<string, unknown> {
  return { ...baseFlowJson(flow), active: 'code' };
}

export async function createVerificationFlow(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  urls: Urls,
  returnTo: string | null,
): Promise<FlowRow> {
  const id = newFlowId();
  const binding = bindToBrowser(request, reply, urls);
  const ui: UiContainer = { action: urls.api('/self-service/verification', { flow: id }), method: 'POST', nodes: chooseMethodNodes(binding.csrf_token) };
  return insertFlow(deps.pool, {
    id,
    type: 'verification',
    state: 'choose_method',
    requestUrl: requestUrl(urls, request),
    returnTo,
    ui,
    binding,
    lifespanMs: deps.config.flowLifespanMs,
  });
}

/** A verification flow that has already mailed a code to the identity's new address (after registration or an email change). */
export async function startVerification(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  urls: Urls,
  identityId: string,
  email: string,
  returnTo: string | null,
): Promise<FlowRow> {
  const flow = await createVerificationFlow(deps, request, reply, urls, returnTo);
  await sendCode(deps, flow, 'verification', email, identityId);
  await saveFlow(deps.pool, flow);
  return flow;
}

/** Kratos's continue_with entry pointing at a verification flow. */
export function showVerificationUi(urls: Urls, flow: FlowRow, email: string): Record<string, unknown> {
  return { action: 'show_verification_ui', flow: { id: flow.id, verifiable_address: email, url: urls.ui('verification', { flow: flow.id }) } };
}

async function submitVerification(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const urls = urlsFor(deps, request);
  const body = bodyOf(request);
  const recreate = (old: FlowRow) => createVerificationFlow(deps, request, reply, urls, old.return_to);
  const flow = await liveFlow(deps, urls, queryOf(request)['flow'], 'verification', recreate);
  await assertFlowSubmit(deps, request, reply, urls, flow, body);
  const answer = (status: number) => sendFlow(request, reply, urls, 'verification', flow.id, status, verificationFlowJson(flow));

  if (flow.state === 'passed_challenge') {
    setMessages(flow, [], [messages.verificationRetrySuccess()]);
    return answer(400);
  }
  const code = (str(body, 'code') ?? '').trim();
  const state = parseCodeState(flow.internal_context['code']);
  if (code !== '' && flow.state === 'sent_email' && state) {
    if (!(await codeTryAllowed(deps, flow, state)) || !codeMatches(deps.secrets, flow.id, state, code)) {
      setMessages(flow, [], [messages.verificationCodeInvalid()]);
      await saveFlow(deps.pool, flow);
      return answer(400);
    }
    const identity = state.identity_id ? await getIdentity(deps.pool, state.identity_id) : null;
    // The code proves the address only while it still belongs to the identity it was sent for: its
    // email, or the new email it asked for (which only now replaces the old one).
    if (identity && normalizeEmail(identity.traits.email) === state.address) {
      await markAddressVerified(deps.pool, identity.id, state.address);
    } else if (identity) {
      await confirmEmailChange(deps.pool, identity.id, state.address);
    }
    delete flow.internal_context['code'];
    flow.state = 'passed_challenge';
    flow.ui.nodes = [csrfNode(flow.csrf_token), anchor('continue', 'code', flow.return_to ?? urls.defaultReturn(), messages.labelContinue())];
    flow.ui.messages = [messages.verificationSuccessful()];
    await saveFlow(deps.pool, flow);
    return answer(200);
  }

  return answer(await sendCodeToSubmittedEmail(deps, flow, 'verification', str(body, 'email'), code));
}

export function verificationRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  codeFlowRoutes(app, deps, 'verification', { create: createVerificationFlow, json: verificationFlowJson, submit: submitVerification });
}
