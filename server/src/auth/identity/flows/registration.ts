import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bindToBrowser } from '../csrf.js';
import { errors } from '../errors.js';
import { createIdentity, DuplicateIdentityError, getIdentity, identityJson } from '../identities.js';
import { transaction } from '../../../db/transaction.js';
import { messages, type UiText } from '../messages.js';
import { hashPassword, passwordPolicyViolation } from '../methods/password.js';
import { csrfNode, input, setValue, submit, type UiContainer, type UiNode } from '../nodes.js';
import { TRAIT_FIELDS, validateTraits, type Traits } from '../schema.js';
import { createSession, currentSession, methodAal, sessionJson, setSessionCookie } from '../sessions.js';
import { consumeSetupToken, setupTokenHash, setupTokenUsable } from '../setup.js';
import type { Urls } from '../urls.js';
import { assertFlowBrowser, assertFlowSubmit, liveFlow, setMessages } from './common.js';
import { bodyOf, queryOf, requestUrl, returnToOf, sendFlow, str, urlsFor, wantsJson, type IdentityDeps } from './http.js';
import { baseFlowJson, insertFlow, newFlowId, saveFlow, type FlowRow } from './store.js';
import { awaitCode, claimSend } from './email-code.js';
import { createVerificationFlow, showVerificationUi, startVerification } from './verification.js';
import { rememberAdministratorOrigin } from '../../../system/remembered-origin.js';
import { CHECKED_IN_CODE } from '../../../http/route-schema.js';
import { browserFlowSchema, readFlowSchema, REGISTRATION_FIELDS, submitFlowSchema } from './route-schemas.js';

interface RegistrationOptions {
  returnTo: string | null;
  afterVerificationReturnTo: string | null;
  setupToken: string | undefined;
}

const DISABLED = 'Registration is not allowed because it was disabled.';

function registrationNodes(csrf: string): UiNode[] {
  const nodes: UiNode[] = [csrfNode(csrf)];
  for (const field of TRAIT_FIELDS) {
    nodes.push(
      input(field.name, 'default', field.type, {
        value: '',
        required: field.required,
        autocomplete: field.autocomplete,
        label: messages.labelGenerated(field.title, field.name),
      }),
    );
  }
  nodes.push(
    input('password', 'password', 'password', { required: true, autocomplete: 'new-password', label: messages.labelPassword() }),
    submit('method', 'password', 'password', messages.registration()),
  );
  return nodes;
}

/**
 * The setup token of the first-run link: from the query, or else from the page the request came
 * from, because the link opens the web app's /registration?setup_token=… and a Kratos client
 * creates the flow without passing extra parameters.
 */
function setupTokenOf(request: FastifyRequest, urls: Urls): string | undefined {
  const fromQuery = queryOf(request)['setup_token'];
  if (fromQuery) return fromQuery;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    const page = new URL(referer);
    return page.origin === urls.origin ? (page.searchParams.get('setup_token') ?? undefined) : undefined;
  } catch {
    return undefined;
  }
}

async function createRegistrationFlow(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply, urls: Urls, options: RegistrationOptions): Promise<FlowRow> {
  if (await currentSession(deps.pool, request)) throw errors.sessionAlreadyAvailable();
  const hash = setupTokenHash(options.setupToken);
  const setupToken = (await setupTokenUsable(deps.pool, hash)) ? options.setupToken : undefined;
  if (deps.config.registration === 'invite' && !setupToken) throw errors.flowDisabled(DISABLED);
  const internalContext: Record<string, unknown> = {};
  if (options.afterVerificationReturnTo) internalContext['after_verification_return_to'] = options.afterVerificationReturnTo;
  // The flow itself holds the right to create the administrator: Kratos clients send back only the
  // fields they know, so the hidden node's value may not return.
  if (setupToken) internalContext['setup_token_hash'] = hash;
  const id = newFlowId();
  const binding = bindToBrowser(request, reply, urls);
  const ui: UiContainer = { action: urls.api('/self-service/registration', { flow: id }), method: 'POST', nodes: registrationNodes(binding.csrf_token) };
  return insertFlow(deps.pool, {
    id,
    type: 'registration',
    state: 'choose_method',
    requestUrl: requestUrl(urls, request),
    returnTo: options.returnTo,
    ui,
    binding,
    internalContext,
    lifespanMs: deps.config.flowLifespanMs,
  });
}

function registrationFlowJson(flow: FlowRow): Record<string, unknown> {
  return { ...baseFlowJson(flow), organization_id: null };
}

async function submitRegistration(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const urls = urlsFor(deps, request);
  const body = bodyOf(request);
  const recreate = (old: FlowRow) => {
    const after = old.internal_context['after_verification_return_to'];
    return createRegistrationFlow(deps, request, reply, urls, {
      returnTo: old.return_to,
      afterVerificationReturnTo: typeof after === 'string' ? after : null,
      setupToken: str(body, 'setup_token'),
    });
  };
  const flow = await liveFlow(deps, urls, queryOf(request)['flow'], 'registration', recreate);
  await assertFlowSubmit(deps, request, reply, urls, flow, body);
  const fail = (nodeMessages: Array<{ name: string; message: UiText }>, flowMessages: UiText[] = []) => {
    setMessages(flow, nodeMessages, flowMessages);
    return saveFlow(deps.pool, flow).then(() => sendFlow(request, reply, urls, 'registration', flow.id, 400, registrationFlowJson(flow)));
  };

  if (flow.state === 'passed_challenge') return fail([], [messages.registrationRetrySuccess()]);
  if (await currentSession(deps.pool, request)) throw errors.sessionAlreadyAvailable();
  const method = str(body, 'method') ?? (str(body, 'password') !== undefined ? 'password' : undefined);
  if (method !== 'password') return fail([], [messages.noStrategy('registration')]);

  const input = { email: str(body, 'traits.email'), first: str(body, 'traits.name.first'), last: str(body, 'traits.name.last') };
  setValue(flow.ui.nodes, 'traits.email', input.email ?? '');
  setValue(flow.ui.nodes, 'traits.name.first', input.first ?? '');
  setValue(flow.ui.nodes, 'traits.name.last', input.last ?? '');
  const { traits, errors: invalid } = validateTraits(input);
  const password = str(body, 'password') ?? '';
  if (password === '') invalid.push({ name: 'password', message: messages.required('password') });
  else if (invalid.length === 0) {
    const violation = passwordPolicyViolation(password, traits.email);
    if (violation) invalid.push({ name: 'password', message: violation });
  }
  if (invalid.length > 0) return fail(invalid);

  const fromFlow = flow.internal_context['setup_token_hash'];
  const submitted = str(body, 'setup_token');
  const setupHash = submitted ? setupTokenHash(submitted) : typeof fromFlow === 'string' ? fromFlow : null;
  const withSetup = Boolean(submitted) || setupHash !== null;
  if (withSetup && !(await setupTokenUsable(deps.pool, setupHash))) {
    return fail([], [messages.generic('This setup link is invalid or has been used already.')]);
  }
  if (deps.config.registration === 'invite' && !withSetup) throw errors.flowDisabled(DISABLED);
  if (!withSetup) return registerWithoutSignIn(deps, request, reply, urls, flow, traits, password);

  // The first administrator, through the setup link, is signed in at once: no other account exists to tell apart.
  let identityId: string;
  try {
    identityId = await transaction(deps.pool, async (client) => {
      if (!(await consumeSetupToken(client, setupHash))) throw new Error('setup token raced');
      return createIdentity(client, { traits, password, roles: ['admin'], verified: false, adoptExistingPerson: true });
    });
  } catch (error) {
    if (error instanceof DuplicateIdentityError) return fail([], [messages.duplicateCredentials()]);
    if (error instanceof Error && error.message === 'setup token raced') {
      return fail([], [messages.generic('This setup link is invalid or has been used already.')]);
    }
    throw error;
  }
  request.log.info({ identity_id: identityId, admin: true }, 'identity registered');

  const { session, token } = await createSession(deps.pool, {
    identityId,
    methods: [{ method: 'password', aal: methodAal('password'), completed_at: new Date().toISOString() }],
    request,
    lifespanMs: deps.config.sessionLifespanMs,
  });
  setSessionCookie(reply, token, session, urls);
  await rememberAdministratorOrigin(deps.pool, identityId, urls.origin);
  const after = flow.internal_context['after_verification_return_to'];
  const verification = await startVerification(deps, request, reply, urls, identityId, traits.email, typeof after === 'string' ? after : flow.return_to);
  flow.state = 'passed_challenge';
  delete flow.internal_context['setup_token_hash'];
  setMessages(flow, []);
  await saveFlow(deps.pool, flow);

  const returnTo = flow.return_to ?? urls.defaultReturn();
  if (!wantsJson(request)) return reply.redirect(returnTo, 303);
  const identity = await getIdentity(deps.pool, identityId);
  if (!identity) throw errors.sessionInactive();
  const continueWith: Array<Record<string, unknown>> = [showVerificationUi(urls, verification, traits.email)];
  continueWith.push({ action: 'redirect_browser_to', redirect_browser_to: returnTo });
  return reply.code(200).send({
    identity: await identityJson(deps.pool, identity, urls),
    session: await sessionJson(deps.pool, session, identity, urls),
    continue_with: continueWith,
  });
}

/**
 * An ordinary registration answers the same whether or not the address has an account already, as
 * sign-in and recovery do: the form is done, a verification code is on its way, and the browser goes
 * to return_to, where the person signs in. The owner of a taken address is mailed instead (and the
 * password is hashed all the same, so the time taken does not tell either).
 */
async function registerWithoutSignIn(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  urls: Urls,
  flow: FlowRow,
  traits: Traits,
  password: string,
): Promise<FastifyReply> {
  let identityId: string | null;
  try {
    identityId = await transaction(deps.pool, (client) => createIdentity(client, { traits, password, roles: [], verified: false, adoptExistingPerson: false }));
  } catch (error) {
    if (!(error instanceof DuplicateIdentityError)) throw error;
    await hashPassword(password);
    identityId = null;
  }
  request.log.info({ identity_id: identityId, taken: identityId === null }, identityId ? 'identity registered' : 'registration for a taken address');
  const after = flow.internal_context['after_verification_return_to'];
  const returnTo = flow.return_to ?? urls.defaultReturn();
  const verification = identityId
    ? await startVerification(deps, request, reply, urls, identityId, traits.email, typeof after === 'string' ? after : flow.return_to)
    : await noticeToOwner(deps, request, reply, urls, traits.email, flow.return_to);
  flow.state = 'passed_challenge';
  setMessages(flow, []);
  await saveFlow(deps.pool, flow);
  if (!wantsJson(request)) return reply.redirect(returnTo, 303);
  return reply.code(200).send({
    continue_with: [showVerificationUi(urls, verification, traits.email), { action: 'redirect_browser_to', redirect_browser_to: returnTo }],
  });
}

/** For a taken address: a verification flow that looks like any other, and a message to the address's owner. */
async function noticeToOwner(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply, urls: Urls, email: string, returnTo: string | null): Promise<FlowRow> {
  const flow = await createVerificationFlow(deps, request, reply, urls, returnTo);
  if (await claimSend(deps, flow, email)) {
    awaitCode(deps, flow, 'verification', email, null);
    await deps.courier.send({
      to: email,
      subject: 'Someone tried to create an account with your address',
      body: [
        'Hi,',
        '',
        'someone tried to create a Pharos account with this e-mail address, which has an account already.',
        `If it was you, sign in at ${urls.origin}${urls.ui('login')}, or recover your password at ${urls.origin}${urls.ui('recovery')}.`,
        '',
        'If it was not you, you can ignore this message: nothing has changed.',
        '',
      ].join('\n'),
      templateType: 'registration_attempt',
      templateData: {},
    });
  }
  await saveFlow(deps.pool, flow);
  return flow;
}

const REGISTRATION_BROWSER_SCHEMA = browserFlowSchema('registration', {
  after_verification_return_to: { type: 'string', description: 'Where the browser goes once the address is verified' },
  setup_token: { type: 'string', description: 'The setup link’s token, for the first account' },
});
const REGISTRATION_SUBMIT_SCHEMA = submitFlowSchema('registration', REGISTRATION_FIELDS, 'password (traits and password) or oidc (provider); form keys may be flat (traits.email) or nested JSON.');

export function registrationRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  app.get('/self-service/registration/browser', { schema: REGISTRATION_BROWSER_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const urls = urlsFor(deps, request);
    const query = queryOf(request);
    const afterVerification = query['after_verification_return_to'];
    const flow = await createRegistrationFlow(deps, request, reply, urls, {
      returnTo: returnToOf(urls, query['return_to']),
      afterVerificationReturnTo: afterVerification ? returnToOf(urls, afterVerification) : null,
      setupToken: setupTokenOf(request, urls),
    });
    return sendFlow(request, reply, urls, 'registration', flow.id, 200, registrationFlowJson(flow));
  });

  app.get('/self-service/registration/flows', { schema: readFlowSchema('registration'), ...CHECKED_IN_CODE }, async (request, reply) => {
    const urls = urlsFor(deps, request);
    const recreate = (old: FlowRow) =>
      createRegistrationFlow(deps, request, reply, urls, { returnTo: old.return_to, afterVerificationReturnTo: null, setupToken: undefined });
    const flow = await liveFlow(deps, urls, queryOf(request)['id'], 'registration', recreate);
    await assertFlowBrowser(deps, request, reply, urls, flow);
    return reply.send(registrationFlowJson(flow));
  });

  app.post('/self-service/registration', { schema: REGISTRATION_SUBMIT_SCHEMA, ...CHECKED_IN_CODE }, (request, reply) => submitRegistration(deps, request, reply));
}
