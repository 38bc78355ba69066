import { claimCodeEvent } from '../code-limits.js';
import type { Db } from '../identities.js';
import { messages } from '../messages.js';
import { CODE_LENGTH, generateCode, newCodeState, type CodeState } from '../methods/code.js';
import { csrfNode, hidden, input, setValue, submit, type UiNode } from '../nodes.js';
import { isEmail, normalizeEmail } from '../schema.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Urls } from '../urls.js';
import { assertFlowBrowser, liveFlow, setMessages } from './common.js';
import { queryOf, returnToOf, sendFlow, urlsFor, type IdentityDeps } from './http.js';
import { saveFlow, type FlowRow } from './store.js';
import { CHECKED_IN_CODE } from '../../../http/route-schema.js';
import { browserFlowSchema, CODE_FIELDS, readFlowSchema, submitFlowSchema } from './route-schemas.js';

/** Shared by the recovery and verification flows (Kratos's `code` method). */
export type CodeFlowKind = 'recovery' | 'verification';

export function chooseMethodNodes(csrf: string, email = ''): UiNode[] {
  return [
    csrfNode(csrf),
    input('email', 'code', 'email', { value: email, required: true, autocomplete: 'email', label: messages.labelEmail() }),
    submit('method', 'code', 'code', messages.labelSubmit()),
  ];
}

export function sentEmailNodes(csrf: string, kind: CodeFlowKind, email: string): UiNode[] {
  return [
    csrfNode(csrf),
    hidden('method', 'code', 'code'),
    input('code', 'code', 'text', {
      required: true,
      autocomplete: 'one-time-code',
      pattern: '[0-9]+',
      maxlength: CODE_LENGTH,
      label: kind === 'recovery' ? messages.labelRecoveryCode() : messages.labelVerificationCode(),
    }),
    submit('method', 'code', 'code', messages.labelSubmit()),
    submit('email', email, 'code', messages.labelResendCode()),
  ];
}

/** The identity whose (verifiable and recoverable) address this is. */
export async function identityOfAddress(db: Db, email: string): Promise<string | null> {
  const { rows } = await db.query<{ identity_id: string }>(
    `select a.identity_id from identity_verifiable_addresses a join people p on p.id = a.identity_id
      where a.value = $1 and p.deleted_at is null limit 1`,
    [normalizeEmail(email)],
  );
  return rows[0]?.identity_id ?? null;
}

export function validEmail(raw: string | undefined): string | null {
  const email = (raw ?? '').trim();
  return email !== '' && isEmail(email) ? normalizeEmail(email) : null;
}

function codeEmail(kind: CodeFlowKind, code: string): { subject: string; body: string } {
  if (kind === 'verification') {
    return {
      subject: 'Please verify your email address',
      body: `Hi,\n\nplease verify your Pharos account by entering the following code:\n\n${code}\n\nIf you did not ask for this, you can ignore this message.\n`,
    };
  }
  return {
    subject: 'Recover access to your account',
    body: `Hi,\n\nplease recover access to your Pharos account by entering the following code:\n\n${code}\n\nIf you did not ask for this, you can ignore this message.\n`,
  };
}

/**
 * Moves the flow to sent_email with a fresh code for `email`, unless the send limits say no (the
 * flow then carries that message and false is answered). The code is mailed only when the
 * address belongs to an identity (whose id may be given); for unknown addresses the flow looks the
 * same, so answers do not tell which addresses exist.
 */
export async function sendCode(deps: IdentityDeps, flow: FlowRow, kind: CodeFlowKind, email: string, knownIdentityId?: string): Promise<boolean> {
  if (!(await claimSend(deps, flow, email))) return false;
  const identityId = knownIdentityId ?? (await identityOfAddress(deps.pool, email));
  const code = awaitCode(deps, flow, kind, email, identityId);
  if (identityId) {
    const { subject, body } = codeEmail(kind, code);
    await deps.courier.send({ to: email, subject, body, templateType: kind === 'recovery' ? 'recovery_code' : 'verification_code', templateData: { code }, secret: code });
  }
  return true;
}

/** Counts a send to `email` in this flow; false (and the flow says so) when the limits are reached. */
export async function claimSend(deps: IdentityDeps, flow: FlowRow, email: string): Promise<boolean> {
  if (await claimCodeEvent(deps.pool, { event: 'send', address: normalizeEmail(email), flowId: flow.id })) return true;
  flow.ui.messages = [messages.tooManyCodes()];
  return false;
}

/** Moves the flow to sent_email, waiting for a fresh code for `email`, and answers that code. */
export function awaitCode(deps: IdentityDeps, flow: FlowRow, kind: CodeFlowKind, email: string, identityId: string | null): string {
  const code = generateCode();
  flow.internal_context['code'] = newCodeState(deps.secrets, flow.id, code, email, identityId);
  flow.state = 'sent_email';
  flow.ui.nodes = sentEmailNodes(flow.csrf_token, kind, email);
  flow.ui.messages = [kind === 'recovery' ? messages.recoveryCodeSent() : messages.verificationCodeSent()];
  return code;
}

/**
 * The step recovery and verification share: send a code to the address in the body, or say why
 * not (a code typed without a known address is treated as a wrong code). Answers the status to send.
 */
export async function sendCodeToSubmittedEmail(deps: IdentityDeps, flow: FlowRow, kind: CodeFlowKind, raw: string | undefined, code: string): Promise<200 | 400> {
  const email = validEmail(raw);
  if (!email) {
    if (code !== '') setMessages(flow, [], [kind === 'recovery' ? messages.recoveryCodeInvalid() : messages.verificationCodeInvalid()]);
    else {
      setValue(flow.ui.nodes, 'email', raw ?? '');
      setMessages(flow, [{ name: 'email', message: raw ? messages.invalidFormat(raw, 'email') : messages.required('email') }]);
    }
    await saveFlow(deps.pool, flow);
    return 400;
  }
  const sent = await sendCode(deps, flow, kind, email);
  await saveFlow(deps.pool, flow);
  return sent ? 200 : 400;
}

/** Counts a try of the flow's code; false when its tries, or the address's, are used up. */
export function codeTryAllowed(deps: IdentityDeps, flow: FlowRow, state: CodeState): Promise<boolean> {
  return claimCodeEvent(deps.pool, { event: 'try', address: state.address, flowId: flow.id, codeHash: state.hash });
}

/** What recovery or verification brings to the routes they share. */
export interface CodeFlowHandlers {
  create(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply, urls: Urls, returnTo: string | null): Promise<FlowRow>;
  json(flow: FlowRow): Record<string, unknown>;
  submit(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** `GET /self-service/{kind}/browser`, `GET …/flows?id=` and `POST /self-service/{kind}?flow=`. */
export function codeFlowRoutes(app: FastifyInstance, deps: IdentityDeps, kind: CodeFlowKind, handlers: CodeFlowHandlers): void {
  app.get(`/self-service/${kind}/browser`, { schema: browserFlowSchema(kind), ...CHECKED_IN_CODE }, async (request, reply) => {
    const urls = urlsFor(deps, request);
    const flow = await handlers.create(deps, request, reply, urls, returnToOf(urls, queryOf(request)['return_to']));
    return sendFlow(request, reply, urls, kind, flow.id, 200, handlers.json(flow));
  });

  app.get(`/self-service/${kind}/flows`, { schema: readFlowSchema(kind), ...CHECKED_IN_CODE }, async (request, reply) => {
    const urls = urlsFor(deps, request);
    const recreate = (old: FlowRow) => handlers.create(deps, request, reply, urls, old.return_to);
    const flow = await liveFlow(deps, urls, queryOf(request)['id'], kind, recreate);
    await assertFlowBrowser(deps, request, reply, urls, flow);
    return reply.send(handlers.json(flow));
  });

  app.post(`/self-service/${kind}`, { schema: submitFlowSchema(kind, CODE_FIELDS, 'First the email to send a code to, then the code received.'), ...CHECKED_IN_CODE }, (request, reply) => handlers.submit(deps, request, reply));
}
