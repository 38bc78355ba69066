import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bindToBrowser } from '../csrf.js';
import { errors } from '../errors.js';
import { deleteCredential, DuplicateIdentityError, getCredential, getIdentity, identityJson, putCredential, setPassword, updateTraits, type IdentityRow } from '../identities.js';
import { transaction } from '../../../db/transaction.js';
import { messages, type UiText } from '../messages.js';
import { generateLookupCodes, lookupCodesNode, parseLookupCodes, storedLookupCodes, type LookupCode } from '../methods/lookup.js';
import { passwordPolicyViolation } from '../methods/password.js';
import { acceptTotp, newTotpSecret, totpConfig, totpCredential, totpQrDataUri, totpUrl } from '../methods/totp.js';
import { parseStoredKeys, registrationOptions, verifyRegistration } from '../methods/webauthn.js';
import { csrfNode, hidden, image, input, setValue, submit, text, type UiContainer, type UiNode } from '../nodes.js';
import { TRAIT_FIELDS, validateTraits } from '../schema.js';
import {
  addSessionMethod,
  currentSession,
  isPrivileged,
  revokeOtherSessions,
  sessionSatisfiesAal,
  type SessionRow,
} from '../sessions.js';
import type { Urls } from '../urls.js';
import { assertFlowBrowser, assertFlowSubmit, liveFlow, setMessages } from './common.js';
import { bodyOf, flag, queryOf, requestUrl, returnToOf, sendFlow, str, urlsFor, type Body, type IdentityDeps } from './http.js';
import { baseFlowJson, insertFlow, newFlowId, saveFlow, type FlowRow } from './store.js';
import { showVerificationUi, startVerification } from './verification.js';

type Method = 'profile' | 'password' | 'totp' | 'lookup_secret' | 'webauthn';

/** New backup codes shown but not confirmed yet, sealed in the flow. */
function pendingLookup(deps: IdentityDeps, flow: FlowRow): LookupCode[] | null {
  const sealed = flow.internal_context['lookup_pending_sealed'];
  const codes = typeof sealed === 'string' ? parseLookupCodes(JSON.parse(deps.secrets.open(sealed))) : [];
  return codes.length > 0 ? codes : null;
}

/** The authenticator secret offered for linking, sealed in the flow; null before `offerTotpSecret`. */
function pendingTotpSecret(deps: IdentityDeps, flow: FlowRow): string | null {
  const sealed = flow.internal_context['totp_secret_sealed'];
  return typeof sealed === 'string' ? deps.secrets.open(sealed) : null;
}

/** Makes the flow's authenticator secret, once. */
function offerTotpSecret(deps: IdentityDeps, flow: FlowRow): void {
  if (typeof flow.internal_context['totp_secret_sealed'] !== 'string') flow.internal_context['totp_secret_sealed'] = deps.secrets.seal(newTotpSecret());
}

const TOTP_QR = 'totp_qr';
const TOTP_SECRET = 'totp_secret_key';
const LOOKUP_CODES = 'lookup_secret_codes';

/**
 * The stored form keeps secrets out (flows are plain rows): its QR code, authenticator secret and new
 * backup codes are placeholders, filled in here for the answer to the signed-in owner.
 */
async function withSecrets(deps: IdentityDeps, flow: FlowRow, identity: IdentityRow): Promise<UiNode[]> {
  return Promise.all(
    flow.ui.nodes.map(async (node): Promise<UiNode> => {
      const id = node.attributes.node_type === 'input' ? undefined : (node.attributes as { id?: string }).id;
      const totpSecret = id === TOTP_QR || id === TOTP_SECRET ? pendingTotpSecret(deps, flow) : null;
      if (id === TOTP_QR && totpSecret) {
        const url = totpUrl(totpSecret, identity.traits.email);
        return { ...node, attributes: { ...node.attributes, src: await totpQrDataUri(url) } } as UiNode;
      }
      if (id === TOTP_SECRET && totpSecret) return { ...node, attributes: { ...node.attributes, text: messages.totpSecret(totpSecret) } } as UiNode;
      if (id === LOOKUP_CODES) return { ...lookupCodesNode(pendingLookup(deps, flow) ?? []), messages: node.messages };
      return node;
    }),
  );
}

/** Builds the settings form from the identity's current credentials (and the flow's pending state). */
async function buildNodes(deps: IdentityDeps, urls: Urls, flow: FlowRow, identity: IdentityRow): Promise<UiNode[]> {
  const traits = identity.traits;
  const values: Record<string, string> = { 'traits.email': traits.email, 'traits.name.first': traits.name.first, 'traits.name.last': traits.name.last };
  const nodes: UiNode[] = [csrfNode(flow.csrf_token)];

  for (const field of TRAIT_FIELDS) {
    nodes.push(
      input(field.name, 'profile', field.type, {
        value: values[field.name] ?? '',
        required: field.required,
        autocomplete: field.autocomplete,
        label: messages.labelGenerated(field.title, field.name),
      }),
    );
  }
  nodes.push(submit('method', 'profile', 'profile', messages.labelSave()));

  nodes.push(
    input('password', 'password', 'password', { required: true, autocomplete: 'new-password', label: messages.labelPassword() }),
    submit('method', 'password', 'password', messages.labelSave()),
  );

  const totp = await getCredential(deps.pool, identity.id, 'totp');
  if (totp) {
    nodes.push(submit('totp_unlink', true, 'totp', messages.unlinkTotp()));
  } else {
    offerTotpSecret(deps, flow);
    nodes.push(
      image(TOTP_QR, 'totp', '', 256, messages.totpQrCode()),
      text(TOTP_SECRET, 'totp', messages.totpSecret(''), messages.totpSecretLabel()),
      input('totp_code', 'totp', 'text', { required: true, autocomplete: 'one-time-code', label: messages.labelVerifyCode() }),
      submit('method', 'totp', 'totp', messages.labelSave()),
    );
  }

  const lookup = await getCredential(deps.pool, identity.id, 'lookup_secret');
  if (pendingLookup(deps, flow)) {
    nodes.push(
      lookupCodesNode([]),
      submit('lookup_secret_regenerate', true, 'lookup_secret', messages.regenerateLookup()),
      submit('lookup_secret_confirm', true, 'lookup_secret', messages.confirmLookup()),
    );
  } else if (lookup) {
    // Stored codes are digests: they cannot be shown again, only replaced.
    nodes.push(
      submit('lookup_secret_regenerate', true, 'lookup_secret', messages.regenerateLookup()),
      submit('lookup_secret_disable', true, 'lookup_secret', messages.disableLookup()),
    );
  } else {
    nodes.push(submit('lookup_secret_regenerate', true, 'lookup_secret', messages.regenerateLookup()));
  }

  const webauthn = await getCredential(deps.pool, identity.id, 'webauthn');
  const keys = parseStoredKeys(webauthn?.config['credentials']);
  for (const key of keys) nodes.push(submit('webauthn_remove', key.id, 'webauthn', messages.removeWebAuthn(key.display_name, new Date(key.added_at))));
  const options = await registrationOptions(
    { id: urls.hostname, origin: urls.origin },
    { id: identity.id, name: traits.email, displayName: `${traits.name.first} ${traits.name.last}`.trim() || traits.email },
    keys,
  );
  flow.internal_context['webauthn_challenge'] = options.publicKey.challenge;
  nodes.push(
    input('webauthn_register_displayname', 'webauthn', 'text', { value: '', label: messages.webAuthnDisplayName() }),
    hidden('webauthn_register', '', 'webauthn'),
    input('webauthn_register_trigger', 'webauthn', 'button', {
      value: JSON.stringify(options),
      onclickTrigger: 'oryWebAuthnRegistration',
      label: messages.registerWebAuthn(),
    }),
  );
  return nodes;
}

async function settingsFlowJson(deps: IdentityDeps, urls: Urls, flow: FlowRow, identity: IdentityRow): Promise<Record<string, unknown>> {
  const ui = { ...flow.ui, nodes: await withSecrets(deps, flow, identity) };
  return { ...baseFlowJson(flow), ui, identity: await identityJson(deps.pool, identity, urls) };
}

export async function createSettingsFlowFor(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  urls: Urls,
  identity: IdentityRow,
  returnTo: string | null,
  flowMessages: UiText[] = [],
): Promise<FlowRow> {
  const id = newFlowId();
  const binding = bindToBrowser(request, reply, urls);
  const ui: UiContainer = { action: urls.api('/self-service/settings', { flow: id }), method: 'POST', nodes: [] };
  if (flowMessages.length > 0) ui.messages = flowMessages;
  const flow = await insertFlow(deps.pool, {
    id,
    type: 'settings',
    state: 'show_form',
    requestUrl: requestUrl(urls, request),
    returnTo,
    ui,
    binding,
    identityId: identity.id,
    lifespanMs: deps.config.flowLifespanMs,
  });
  flow.ui.nodes = await buildNodes(deps, urls, flow, identity);
  await saveFlow(deps.pool, flow);
  return flow;
}

/** The signed-in session, at the level its identity can reach. */
async function requireSession(deps: IdentityDeps, request: FastifyRequest, urls: Urls, returnTo: string): Promise<{ session: SessionRow; identity: IdentityRow }> {
  const current = await currentSession(deps.pool, request);
  if (!current) {
    const error = errors.sessionInactive();
    error.extra.browserRedirect = urls.ui('login', { return_to: returnTo });
    throw error;
  }
  if (!(await sessionSatisfiesAal(deps.pool, current.session))) {
    throw errors.sessionAal2Required(urls.ui('login', { aal: 'aal2', return_to: returnTo }));
  }
  return current;
}

function methodOf(body: Body): Method | undefined {
  const method = str(body, 'method');
  if (method === 'profile' || method === 'password' || method === 'totp' || method === 'lookup_secret' || method === 'webauthn') return method;
  if (method) return undefined;
  if (str(body, 'webauthn_register') || str(body, 'webauthn_remove')) return 'webauthn';
  if (['lookup_secret_regenerate', 'lookup_secret_confirm', 'lookup_secret_disable'].some((name) => flag(body, name))) {
    return 'lookup_secret';
  }
  if (flag(body, 'totp_unlink') || str(body, 'totp_code')) return 'totp';
  if (str(body, 'password') !== undefined) return 'password';
  if (str(body, 'traits.email') !== undefined) return 'profile';
  return undefined;
}

class SettingsFailure extends Error {
  constructor(
    readonly nodeMessages: Array<{ name: string; message: UiText }>,
    readonly flowMessages: UiText[] = [],
  ) {
    super('settings update failed');
  }
}

interface Outcome {
  /** Something was stored: state success and 1050001. */
  saved: boolean;
  session: SessionRow;
  /** Shown after 1050001, e.g. that a new email waits for its code. */
  notes?: UiText[];
}

interface Update {
  deps: IdentityDeps;
  request: FastifyRequest;
  reply: FastifyReply;
  urls: Urls;
  flow: FlowRow;
  body: Body;
  session: SessionRow;
  identity: IdentityRow;
}

async function updateProfile(u: Update): Promise<Outcome> {
  const input = { email: str(u.body, 'traits.email'), first: str(u.body, 'traits.name.first'), last: str(u.body, 'traits.name.last') };
  for (const [name, value] of [['traits.email', input.email], ['traits.name.first', input.first], ['traits.name.last', input.last]] as const) {
    if (value !== undefined) setValue(u.flow.ui.nodes, name, value);
  }
  const { traits, errors: invalid } = validateTraits(input);
  if (invalid.length > 0) throw new SettingsFailure(invalid);
  const emailChanging = traits.email !== u.identity.traits.email.toLowerCase();
  if (emailChanging) assertPrivileged(u);
  let emailChanged = false;
  try {
    emailChanged = (await transaction(u.deps.pool, (client) => updateTraits(client, u.identity.id, traits))).emailChanged;
  } catch (error) {
    if (error instanceof DuplicateIdentityError) throw new SettingsFailure([], [messages.duplicateCredentials()]);
    throw error;
  }
  if (emailChanged) {
    const verification = await startVerification(u.deps, u.request, u.reply, u.urls, u.identity.id, traits.email, u.flow.return_to);
    u.flow.internal_context['continue_with'] = [showVerificationUi(u.urls, verification, traits.email)];
    return { saved: true, session: u.session, notes: [messages.emailChangePending(traits.email)] };
  }
  return { saved: true, session: u.session };
}

async function updatePassword(u: Update): Promise<Outcome> {
  const password = str(u.body, 'password') ?? '';
  if (password === '') throw new SettingsFailure([{ name: 'password', message: messages.required('password') }]);
  const violation = passwordPolicyViolation(password, u.identity.traits.email);
  if (violation) throw new SettingsFailure([{ name: 'password', message: violation }]);
  await setPassword(u.deps.pool, u.identity.id, u.identity.traits.email, password);
  await revokeOtherSessions(u.deps.pool, u.identity.id, u.session.id);
  return { saved: true, session: u.session };
}

async function updateTotp(u: Update): Promise<Outcome> {
  if (flag(u.body, 'totp_unlink')) {
    await deleteCredential(u.deps.pool, u.identity.id, 'totp');
    delete u.flow.internal_context['totp_secret_sealed'];
    return { saved: true, session: u.session };
  }
  const existing = await getCredential(u.deps.pool, u.identity.id, 'totp');
  if (existing && totpConfig(u.deps.secrets, existing.config)) throw new SettingsFailure([], [messages.generic('An authenticator app is linked already. Unlink it first.')]);
  const code = str(u.body, 'totp_code') ?? '';
  if (code.trim() === '') throw new SettingsFailure([{ name: 'totp_code', message: messages.required('totp_code') }]);
  const sealed = u.flow.internal_context['totp_secret_sealed'];
  const url = typeof sealed === 'string' ? totpUrl(u.deps.secrets.open(sealed), u.identity.traits.email) : null;
  const step = url ? acceptTotp(url, code, undefined) : null;
  if (!url || step === null) throw new SettingsFailure([{ name: 'totp_code', message: messages.totpWrong() }]);
  await putCredential(u.deps.pool, u.identity.id, 'totp', totpCredential(u.deps.secrets, { url, lastStep: step }));
  delete u.flow.internal_context['totp_secret_sealed'];
  // Entering a valid code proved the second factor: the session reaches AAL2 rather than being
  // locked out of its own settings.
  return { saved: true, session: await addSessionMethod(u.deps.pool, u.session, 'totp') };
}

async function updateLookup(u: Update): Promise<Outcome> {
  const context = u.flow.internal_context;
  if (flag(u.body, 'lookup_secret_regenerate')) {
    context['lookup_pending_sealed'] = u.deps.secrets.seal(JSON.stringify(generateLookupCodes()));
    return { saved: false, session: u.session };
  }
  if (flag(u.body, 'lookup_secret_confirm')) {
    const pending = pendingLookup(u.deps, u.flow);
    if (!pending) throw new SettingsFailure([], [messages.generic('Generate new backup recovery codes first.')]);
    await putCredential(u.deps.pool, u.identity.id, 'lookup_secret', { recovery_codes: storedLookupCodes(u.deps.secrets, pending) });
    delete context['lookup_pending_sealed'];
    const hadAal2 = u.session.aal === 'aal2';
    // The codes were just shown to this session, which already had every right: keep it usable.
    return { saved: true, session: hadAal2 ? u.session : await addSessionMethod(u.deps.pool, u.session, 'lookup_secret') };
  }
  if (flag(u.body, 'lookup_secret_disable')) {
    await deleteCredential(u.deps.pool, u.identity.id, 'lookup_secret');
    delete context['lookup_pending_sealed'];
    return { saved: true, session: u.session };
  }
  throw new SettingsFailure([], [messages.noStrategy('settings')]);
}

async function updateWebAuthn(u: Update): Promise<Outcome> {
  const credential = await getCredential(u.deps.pool, u.identity.id, 'webauthn');
  const keys = parseStoredKeys(credential?.config['credentials']);
  const remove = str(u.body, 'webauthn_remove');
  if (remove) {
    const remaining = keys.filter((key) => key.id !== remove);
    if (remaining.length === keys.length) throw new SettingsFailure([], [messages.noWebAuthnDevice()]);
    if (remaining.length === 0) await deleteCredential(u.deps.pool, u.identity.id, 'webauthn');
    else await putCredential(u.deps.pool, u.identity.id, 'webauthn', { credentials: remaining });
    return { saved: true, session: u.session };
  }
  const response = str(u.body, 'webauthn_register') ?? '';
  if (response === '') throw new SettingsFailure([], [messages.noStrategy('settings')]);
  const name = (str(u.body, 'webauthn_register_displayname') ?? '').trim().slice(0, 100) || 'Security key';
  const challenge = u.flow.internal_context['webauthn_challenge'];
  const key =
    typeof challenge === 'string' ? await verifyRegistration({ id: u.urls.hostname, origin: u.urls.origin }, challenge, response, name) : null;
  if (!key) throw new SettingsFailure([], [messages.generic('The security key could not be registered. Please try again.')]);
  if (keys.some((existing) => existing.id === key.id)) throw new SettingsFailure([], [messages.generic('This security key is registered already.')]);
  await putCredential(u.deps.pool, u.identity.id, 'webauthn', { credentials: [...keys, key] });
  return { saved: true, session: await addSessionMethod(u.deps.pool, u.session, 'webauthn') };
}

function assertPrivileged(u: Update): void {
  if (!isPrivileged(u.session, u.deps.config)) {
    throw errors.sessionRefreshRequired(u.urls.ui('login', { refresh: 'true', return_to: u.urls.ui('settings', { flow: u.flow.id }) }));
  }
}

const UPDATES: Readonly<Record<Method, (u: Update) => Promise<Outcome>>> = {
  profile: updateProfile,
  password: updatePassword,
  totp: updateTotp,
  lookup_secret: updateLookup,
  webauthn: updateWebAuthn,
};

async function submitSettings(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const urls = urlsFor(deps, request);
  const body = bodyOf(request);
  const flowId = queryOf(request)['flow'];
  const here = urls.ui('settings', { flow: flowId });
  const flow = await liveFlow(deps, urls, flowId, 'settings', async (old) => {
    const current = await requireSession(deps, request, urls, here);
    return createSettingsFlowFor(deps, request, reply, urls, current.identity, old.return_to);
  });
  await assertFlowSubmit(deps, request, reply, urls, flow, body);
  const { session, identity } = await requireSession(deps, request, urls, here);
  if (flow.identity_id !== identity.id) throw errors.identityMismatch();

  const method = methodOf(body);
  const update: Update = { deps, request, reply, urls, flow, body, session, identity };
  let outcome: Outcome;
  try {
    if (!method) throw new SettingsFailure([], [messages.noStrategy('settings')]);
    if (method !== 'profile') assertPrivileged(update);
    outcome = await UPDATES[method](update);
  } catch (error) {
    if (!(error instanceof SettingsFailure)) throw error;
    setMessages(flow, error.nodeMessages, error.flowMessages);
    await saveFlow(deps.pool, flow);
    const current = (await getIdentity(deps.pool, identity.id)) ?? identity;
    return sendFlow(request, reply, urls, 'settings', flow.id, 400, await settingsFlowJson(deps, urls, flow, current));
  }

  const updated = (await getIdentity(deps.pool, identity.id)) ?? identity;
  flow.ui.nodes = await buildNodes(deps, urls, flow, updated);
  flow.state = outcome.saved ? 'success' : 'show_form';
  setMessages(flow, [], outcome.saved ? [messages.settingsSaved(), ...(outcome.notes ?? [])] : []);
  if (outcome.saved && flow.return_to) {
    const continueWith = Array.isArray(flow.internal_context['continue_with']) ? (flow.internal_context['continue_with'] as unknown[]) : [];
    flow.internal_context['continue_with'] = [
      ...continueWith.filter((item) => !(typeof item === 'object' && item !== null && (item as Record<string, unknown>)['action'] === 'redirect_browser_to')),
      { action: 'redirect_browser_to', redirect_browser_to: flow.return_to },
    ];
  }
  await saveFlow(deps.pool, flow);
  return sendFlow(request, reply, urls, 'settings', flow.id, 200, await settingsFlowJson(deps, urls, flow, updated));
}

export function settingsRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  app.get('/self-service/settings/browser', async (request, reply) => {
    const urls = urlsFor(deps, request);
    const returnTo = returnToOf(urls, queryOf(request)['return_to']);
    const current = await requireSession(deps, request, urls, urls.ui('settings', { return_to: returnTo ?? undefined }));
    const flow = await createSettingsFlowFor(deps, request, reply, urls, current.identity, returnTo);
    return sendFlow(request, reply, urls, 'settings', flow.id, 200, await settingsFlowJson(deps, urls, flow, current.identity));
  });

  app.get('/self-service/settings/flows', async (request, reply) => {
    const urls = urlsFor(deps, request);
    const flowId = queryOf(request)['id'];
    const here = urls.ui('settings', { flow: flowId });
    const flow = await liveFlow(deps, urls, flowId, 'settings', async (old) => {
      const current = await requireSession(deps, request, urls, here);
      return createSettingsFlowFor(deps, request, reply, urls, current.identity, old.return_to);
    });
    await assertFlowBrowser(deps, request, reply, urls, flow);
    const current = await requireSession(deps, request, urls, here);
    if (flow.identity_id !== current.identity.id) throw errors.identityMismatch();
    return reply.send(await settingsFlowJson(deps, urls, flow, current.identity));
  });

  app.post('/self-service/settings', (request, reply) => submitSettings(deps, request, reply));
}
