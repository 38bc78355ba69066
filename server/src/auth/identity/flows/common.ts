import type { FastifyReply, FastifyRequest } from 'fastify';
import { assertCsrf, assertSameBrowser, digest, ensureCsrfSecret } from '../csrf.js';
import { errors } from '../errors.js';
import type { UiText } from '../messages.js';
import { addNodeMessage, clearMessages } from '../nodes.js';
import type { Urls, UiPage } from '../urls.js';
import { str, type Body, type IdentityDeps } from './http.js';
import { loadFlow, saveFlow, type FlowRow, type FlowType } from './store.js';

export const PAGE_OF: Readonly<Record<FlowType, UiPage>> = {
  login: 'login',
  registration: 'registration',
  settings: 'settings',
  recovery: 'recovery',
  verification: 'verification',
};

/** Builds a fresh flow of the same kind to replace an expired one. */
export type Recreate = (expired: FlowRow) => Promise<FlowRow>;

/**
 * The flow `id` of `type`: 404 when unknown; when expired, a replacement is created and the answer
 * is 410 self_service_flow_expired naming it in use_flow_id.
 */
export async function liveFlow(deps: IdentityDeps, urls: Urls, id: string | undefined, type: FlowType, recreate: Recreate): Promise<FlowRow> {
  const flow = await loadFlow(deps.pool, id, type);
  if (!flow) throw errors.flowNotFound();
  if (flow.expires_at.getTime() <= Date.now()) {
    const replacement = await recreate(flow);
    throw errors.flowExpired(flow.expires_at, replacement.id, urls.ui(PAGE_OF[type], { flow: replacement.id }));
  }
  return flow;
}

/**
 * Checks that the request comes from the browser the flow belongs to. A flow created without a
 * browser (an invitation's recovery flow) is bound to the first browser that opens it.
 */
export async function assertFlowBrowser(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply, urls: Urls, flow: FlowRow): Promise<void> {
  if (flow.csrf_secret_hash === null) {
    flow.csrf_secret_hash = digest(ensureCsrfSecret(request, reply, urls));
    await saveFlow(deps.pool, flow);
    return;
  }
  assertSameBrowser(request, flow);
}

/** CSRF check of a submit. */
export async function assertFlowSubmit(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply, urls: Urls, flow: FlowRow, body: Body): Promise<void> {
  await assertFlowBrowser(deps, request, reply, urls, flow);
  assertCsrf(request, flow, str(body, 'csrf_token'));
}

/** Clears earlier messages and attaches new ones: node messages by node name, the rest to the flow. */
export function setMessages(flow: FlowRow, nodeMessages: ReadonlyArray<{ name: string; message: UiText }>, flowMessages: readonly UiText[] = []): void {
  clearMessages(flow.ui);
  const general = [...flowMessages];
  for (const { name, message } of nodeMessages) {
    if (!addNodeMessage(flow.ui.nodes, name, message)) general.push(message);
  }
  if (general.length > 0) flow.ui.messages = general;
}
