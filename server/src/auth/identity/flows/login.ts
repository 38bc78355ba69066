import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bindToBrowser } from '../csrf.js';
import { errors } from '../errors.js';
import { getCredential, getIdentity, passwordCredential, putCredential, secondFactors, type IdentityRow, type SecondFactor } from '../identities.js';
import { transaction } from '../../../db/transaction.js';
import { messages, type UiText } from '../messages.js';
import { findLookupCode, parseStoredLookupCodes } from '../methods/lookup.js';
import { verifyNothing, verifyPassword } from '../methods/password.js';
import { providerDisabledPassword, providerDisabledSignIn } from '../oidc/disabled-accounts.js';
import { acceptTotp, totpConfig, totpCredential } from '../methods/totp.js';
import { authenticationOptions, parseStoredKeys, verifyAuthentication } from '../methods/webauthn.js';
import { csrfNode, hidden, input, setValue, submit, type UiContainer, type UiNode } from '../nodes.js';
import {
  availableAal,
  createSession,
  currentSession,
  methodAal,
  revokeSession,
  sessionJson,
  setSessionCookie,
  type Aal,
  type AuthenticationMethod,
  type AuthMethod,
  type SessionRow,
} from '../sessions.js';
import type { Urls } from '../urls.js';
import { assertFlowBrowser, assertFlowSubmit, liveFlow, setMessages } from './common.js';
import { bodyOf, flag, queryOf, requestUrl, returnToOf, sendFlow, str, urlsFor, wantsJson, type Body, type IdentityDeps } from './http.js';
import { baseFlowJson, insertFlow, newFlowId, saveFlow, type FlowRow } from './store.js';
import type { Attempt, SignInStep } from '../rate-limit.js';
import { rememberAdministratorOrigin } from '../../../system/remembered-origin.js';
import { OIDC_PROVIDER_ID, startOidcAuthorization } from '../oidc/start.js';
import { CHECKED_IN_CODE } from '../../../http/route-schema.js';
import { browserFlowSchema, LOGIN_FIELDS, readFlowSchema, submitFlowSchema } from './route-schemas.js';

interface LoginOptions {
  returnTo: string | null;
  refresh: boolean;
  aal: Aal;
}

type Current = { session: SessionRow; identity: IdentityRow } | null;

function firstFactorNodes(deps: IdentityDeps, csrf: string, refreshOf: IdentityRow | null): UiNode[] {
  const provider = deps.config.oidc ? [submit('provider', OIDC_PROVIDER_ID, 'oidc', messages.signInWith(deps.config.oidc.name))] : [];
  if (!deps.config.passwordLogin) return [csrfNode(csrf), ...provider];
  const identifier = refreshOf
    ? input('identifier', 'default', 'hidden', { value: refreshOf.traits.email, required: true, label: messages.labelGenerated('E-Mail', 'identifier') })
    : input('identifier', 'default', 'text', { value: '', required: true, autocomplete: 'username', label: messages.labelGenerated('E-Mail', 'identifier') });
  return [
    csrfNode(csrf),
    identifier,
    input('password', 'password', 'password', { required: true, autocomplete: 'current-password', label: messages.labelPassword() }),
    submit('method', 'password', 'password', messages.login()),
    ...provider,
  ];
}

async function secondFactorNodes(
  deps: IdentityDeps,
  urls: Urls,
  csrf: string,
  identityId: string,
  factors: ReadonlySet<SecondFactor>,
): Promise<{ nodes: UiNode[]; challenge: string | undefined }> {
  const nodes: UiNode[] = [csrfNode(csrf)];
  let challenge: string | undefined;
  if (factors.has('totp')) {
    nodes.push(
      input('totp_code', 'totp', 'text', { required: true, autocomplete: 'one-time-code', label: messages.totpLabel() }),
      submit('method', 'totp', 'totp', messages.useAuthenticator()),
    );
  }
  if (factors.has('lookup_secret')) {
    nodes.push(
      input('lookup_secret', 'lookup_secret', 'text', { required: true, autocomplete: 'off', label: messages.lookupLabel() }),
      submit('method', 'lookup_secret', 'lookup_secret', messages.useLookup()),
    );
  }
  if (factors.has('webauthn')) {
    const credential = await getCredential(deps.pool, identityId, 'webauthn');
    const options = await authenticationOptions({ id: urls.hostname, origin: urls.origin }, parseStoredKeys(credential?.config['credentials']));
    challenge = options.publicKey.challenge;
    nodes.push(
      input('webauthn_login_trigger', 'webauthn', 'button', {
        value: JSON.stringify(options),
        onclickTrigger: 'oryWebAuthnLogin',
        label: messages.useSecurityKey(),
      }),
      hidden('webauthn_login', '', 'webauthn'),
    );
  }
  return { nodes, challenge };
}

export async function createLoginFlow(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply, options: LoginOptions): Promise<FlowRow> {
  const urls = urlsFor(deps, request);
  const current = await currentSession(deps.pool, request);
  let factors: Set<SecondFactor> = new Set();
  if (options.aal === 'aal2') {
    // Signed out: sign in first, then back here for the second factor.
    if (!current) throw errors.sessionAal1Required(urls.ui('login', { return_to: urls.ui('login', { aal: 'aal2', return_to: options.returnTo ?? undefined }) }));
    factors = await secondFactors(deps.pool, current.identity.id);
    if (factors.size === 0 || (current.session.aal === 'aal2' && !options.refresh)) throw errors.sessionAlreadyAvailable();
  } else if (current && !options.refresh) {
    throw errors.sessionAlreadyAvailable();
  }
  const id = newFlowId();
  const binding = bindToBrowser(request, reply, urls);
  const ui: UiContainer = { action: urls.api('/self-service/login', { flow: id }), method: 'POST', nodes: [] };
  const internalContext: Record<string, unknown> = {};
  if (options.aal === 'aal2' && current) {
    const built = await secondFactorNodes(deps, urls, binding.csrf_token, current.identity.id, factors);
    ui.nodes = built.nodes;
    if (built.challenge) internalContext['webauthn_challenge'] = built.challenge;
    ui.messages = [messages.loginMfa()];
  } else {
    ui.nodes = firstFactorNodes(deps, binding.csrf_token, options.refresh ? (current?.identity ?? null) : null);
    if (options.refresh && current) ui.messages = [messages.loginReAuth()];
  }
  return insertFlow(deps.pool, {
    id,
    type: 'login',
    state: 'choose_method',
    requestUrl: requestUrl(urls, request),
    returnTo: options.returnTo,
    ui,
    binding,
    identityId: options.aal === 'aal2' || options.refresh ? (current?.identity.id ?? null) : null,
    requestedAal: options.aal,
    refresh: options.refresh,
    internalContext,
    lifespanMs: deps.config.flowLifespanMs,
  });
}

function loginFlowJson(flow: FlowRow): Record<string, unknown> {
  return { ...baseFlowJson(flow), refresh: flow.refresh, requested_aal: flow.requested_aal, organization_id: null };
}

function recreate(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply) {
  return (old: FlowRow) => createLoginFlow(deps, request, reply, { returnTo: old.return_to, refresh: old.refresh, aal: old.requested_aal });
}

function methodOf(body: Body): string | undefined {
  const method = str(body, 'method');
  if (method) return method;
  if (str(body, 'provider') !== undefined) return 'oidc';
  if (str(body, 'password') !== undefined) return 'password';
  if (str(body, 'totp_code') !== undefined) return 'totp';
  if (str(body, 'lookup_secret') !== undefined) return 'lookup_secret';
  if (str(body, 'webauthn_login') !== undefined) return 'webauthn';
  return undefined;
}

class LoginFailure extends Error {
  constructor(
    readonly nodeMessages: Array<{ name: string; message: UiText }>,
    readonly flowMessages: UiText[] = [],
    /** Counts against the rate limit. */
    readonly counts = false,
  ) {
    super('login failed');
  }
}

function rateLimited(waitMs: number): LoginFailure {
  return new LoginFailure([], [messages.tooManyAttempts(Math.max(1, Math.ceil(waitMs / 60_000)))]);
}

/** Verifies the password; the identity id on success. */
async function checkPassword(deps: IdentityDeps, flow: FlowRow, body: Body, current: Current): Promise<string> {
  const identifier = (str(body, 'identifier') ?? '').trim();
  const password = str(body, 'password') ?? '';
  setValue(flow.ui.nodes, 'identifier', identifier);
  const missing: Array<{ name: string; message: UiText }> = [];
  if (identifier === '') missing.push({ name: 'identifier', message: messages.required('identifier') });
  if (password === '') missing.push({ name: 'password', message: messages.required('password') });
  if (missing.length > 0) throw new LoginFailure(missing);

  const credential = await passwordCredential(deps.pool, identifier);
  if (!credential) {
    const provider = deps.relyingParty?.config;
    const disabled = provider ? await providerDisabledPassword(deps.pool, identifier, provider.issuer) : null;
    if (provider && disabled && (await verifyPassword(disabled, password))) throw new LoginFailure([], [messages.generic(providerDisabledSignIn(provider.name))]);
    if (!disabled) await verifyNothing(password);
    throw new LoginFailure([], [messages.invalidCredentials()], true);
  }
  const valid = await verifyPassword(credential.hashedPassword, password);
  // A refresh re-authenticates the signed-in person, not whoever else knows a password.
  const sameIdentity = !(flow.refresh && current) || credential.identityId === current.identity.id;
  if (!valid || !sameIdentity) throw new LoginFailure([], [messages.invalidCredentials()], true);
  return credential.identityId;
}

/** Verifies a second factor of the flow's identity; the method used on success. */
async function checkSecondFactor(deps: IdentityDeps, urls: Urls, flow: FlowRow, body: Body, method: string, identity: IdentityRow): Promise<AuthMethod> {
  if (method === 'totp') {
    const code = str(body, 'totp_code') ?? '';
    if (code.trim() === '') throw new LoginFailure([{ name: 'totp_code', message: messages.required('totp_code') }]);
    const accepted = await transaction(deps.pool, async (client) => {
      const credential = await getCredential(client, identity.id, 'totp', true);
      const config = credential ? totpConfig(deps.secrets, credential.config) : null;
      if (!config) throw new LoginFailure([{ name: 'totp_code', message: messages.noTotpDevice() }]);
      const step = acceptTotp(config.url, code, config.lastStep);
      if (step === null) return false;
      await putCredential(client, identity.id, 'totp', totpCredential(deps.secrets, { url: config.url, lastStep: step }));
      return true;
    });
    if (!accepted) throw new LoginFailure([{ name: 'totp_code', message: messages.totpWrong() }], [], true);
    return 'totp';
  }
  if (method === 'lookup_secret') {
    const code = str(body, 'lookup_secret') ?? '';
    if (code.trim() === '') throw new LoginFailure([{ name: 'lookup_secret', message: messages.required('lookup_secret') }]);
    const problem = await transaction(deps.pool, async (client) => {
      const credential = await getCredential(client, identity.id, 'lookup_secret', true);
      if (!credential) return messages.noLookup();
      const codes = parseStoredLookupCodes(credential.config['recovery_codes']);
      const index = findLookupCode(deps.secrets, codes, code);
      const found = codes[index];
      if (!found) return messages.lookupInvalid();
      if (found.used_at) return messages.lookupAlreadyUsed();
      found.used_at = new Date().toISOString();
      await putCredential(client, identity.id, 'lookup_secret', { recovery_codes: codes });
      return null;
    });
    if (problem) throw new LoginFailure([{ name: 'lookup_secret', message: problem }], [], true);
    return 'lookup_secret';
  }
  if (method === 'webauthn') {
    const response = str(body, 'webauthn_login') ?? '';
    const challenge = flow.internal_context['webauthn_challenge'];
    const credential = await getCredential(deps.pool, identity.id, 'webauthn');
    const keys = parseStoredKeys(credential?.config['credentials']);
    if (keys.length === 0) throw new LoginFailure([], [messages.noWebAuthnDevice()]);
    const verified =
      response !== '' && typeof challenge === 'string'
        ? await verifyAuthentication({ id: urls.hostname, origin: urls.origin }, challenge, response, keys)
        : null;
    if (!verified) throw new LoginFailure([], [messages.generic('The security key could not be verified. Please try again.')], true);
    await putCredential(deps.pool, identity.id, 'webauthn', { credentials: keys.map((key) => (key.id === verified.id ? verified : key)) });
    return 'webauthn';
  }
  throw new LoginFailure([], [messages.noStrategy('login')]);
}

function method(name: AuthMethod): AuthenticationMethod {
  return { method: name, aal: methodAal(name), completed_at: new Date().toISOString() };
}

async function submitLogin(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const urls = urlsFor(deps, request);
  const body = bodyOf(request);
  const flow = await liveFlow(deps, urls, queryOf(request)['flow'], 'login', recreate(deps, request, reply));
  await assertFlowSubmit(deps, request, reply, urls, flow, body);
  const fail = (status: number) => sendFlow(request, reply, urls, 'login', flow.id, status, loginFlowJson(flow));

  if (flow.state === 'passed_challenge') {
    setMessages(flow, [], [messages.loginRetrySuccess()]);
    return fail(400);
  }

  const current = await currentSession(deps.pool, request);
  const chosen = methodOf(body);
  let identityId: string;
  let methods: AuthenticationMethod[];
  let expiresAt: Date | undefined;
  let attempt: Attempt | undefined;
  /** Takes the attempt's place in the counts before anything is checked, or refuses it. */
  const claim = async (step: SignInStep, identifier: string): Promise<void> => {
    if (identifier === '') return;
    const claimed = await deps.limiter.begin(deps.pool, step, identifier, request.ip);
    if ('retryAfterMs' in claimed) throw rateLimited(claimed.retryAfterMs);
    attempt = claimed.attempt;
  };
  try {
    if (flow.requested_aal === 'aal2') {
      if (!current || current.identity.id !== flow.identity_id) throw errors.sessionAal1Required(urls.ui('login', { return_to: flow.return_to ?? undefined }));
      await claim('second_factor', current.identity.traits.email);
      const used = await checkSecondFactor(deps, urls, flow, body, chosen ?? '', current.identity);
      identityId = current.identity.id;
      methods = [...current.session.authentication_methods, method(used)];
      expiresAt = current.session.expires_at;
    } else {
      if (current && !flow.refresh) throw errors.sessionAlreadyAvailable();
      if (chosen === 'oidc' && deps.relyingParty) return await startOidcAuthorization(deps, request, reply, { urls, flow, relyingParty: deps.relyingParty, fail });
      if (chosen !== 'password' || !deps.config.passwordLogin) throw new LoginFailure([], [messages.noStrategy('login')]);
      await claim('password', (str(body, 'identifier') ?? '').trim());
      identityId = await checkPassword(deps, flow, body, current);
      const keep = flow.refresh && current && current.identity.id === identityId ? current.session.authentication_methods.filter((m) => m.method !== 'password') : [];
      methods = [...keep, method('password')];
    }
  } catch (error) {
    if (attempt && !(error instanceof LoginFailure && error.counts)) await deps.limiter.release(deps.pool, attempt);
    if (!(error instanceof LoginFailure)) throw error;
    setMessages(flow, error.nodeMessages, error.flowMessages);
    await saveFlow(deps.pool, flow);
    return fail(400);
  }

  const { session, token } = await createSession(deps.pool, {
    identityId,
    methods,
    request,
    lifespanMs: deps.config.sessionLifespanMs,
    ...(expiresAt ? { expiresAt } : {}),
  });
  if (current) await revokeSession(deps.pool, current.session.id);
  if (attempt) await deps.limiter.succeeded(deps.pool, attempt);
  await rememberAdministratorOrigin(deps.pool, identityId, urls.origin);
  setSessionCookie(reply, token, session, urls);
  flow.state = 'passed_challenge';
  setMessages(flow, []);
  await saveFlow(deps.pool, flow);

  if (session.aal === 'aal1' && (await availableAal(deps.pool, identityId)) === 'aal2') {
    // The password was right but the identity has a second factor: continue with it.
    const next = urls.ui('login', { aal: 'aal2', return_to: flow.return_to ?? undefined });
    if (wantsJson(request)) return reply.code(422).send(errors.browserLocationChangeRequired(next).body());
    return reply.redirect(next, 303);
  }
  const returnTo = flow.return_to ?? urls.defaultReturn();
  if (!wantsJson(request)) return reply.redirect(returnTo, 303);
  const resolved = current && current.identity.id === identityId ? current.identity : await getIdentity(deps.pool, identityId);
  if (!resolved) throw errors.sessionInactive();
  return reply.code(200).send({
    session: await sessionJson(deps.pool, session, resolved, urls),
    continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: returnTo }],
  });
}

const LOGIN_BROWSER_SCHEMA = browserFlowSchema('login', {
  refresh: { type: 'boolean', description: 'Sign in again although a session exists' },
  aal: { type: 'string', enum: ['aal1', 'aal2'], description: 'aal2 asks for the second factor' },
});
const LOGIN_SUBMIT_SCHEMA = submitFlowSchema('login', LOGIN_FIELDS, 'One method at a time: password (identifier, password), oidc (provider), totp, lookup_secret or webauthn.');

export function loginRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  app.get('/self-service/login/browser', { schema: LOGIN_BROWSER_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const urls = urlsFor(deps, request);
    const query = queryOf(request);
    const options: LoginOptions = {
      returnTo: returnToOf(urls, query['return_to']),
      refresh: flag(query, 'refresh'),
      aal: query['aal'] === 'aal2' ? 'aal2' : 'aal1',
    };
    const flow = await createLoginFlow(deps, request, reply, options);
    return sendFlow(request, reply, urls, 'login', flow.id, 200, loginFlowJson(flow));
  });

  app.get('/self-service/login/flows', { schema: readFlowSchema('login'), ...CHECKED_IN_CODE }, async (request, reply) => {
    const urls = urlsFor(deps, request);
    const flow = await liveFlow(deps, urls, queryOf(request)['id'], 'login', recreate(deps, request, reply));
    await assertFlowBrowser(deps, request, reply, urls, flow);
    return reply.send(loginFlowJson(flow));
  });

  app.post('/self-service/login', { schema: LOGIN_SUBMIT_SCHEMA, ...CHECKED_IN_CODE }, (request, reply) => submitLogin(deps, request, reply));
}
