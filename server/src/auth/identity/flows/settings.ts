import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bindToBrowser } from '../csrf.js';
import { errors } from '../errors.js';
import { getCredential, getIdentity, identityJson, type IdentityRow } from '../identities.js';
import { messages, type UiText } from '../messages.js';
import { lookupCodesNode } from '../methods/lookup.js';
import { newTotpSecret, totpQrDataUri, totpUrl } from '../methods/totp.js';
import { parseStoredKeys, registrationOptions } from '../methods/webauthn.js';
import { csrfNode, hidden, image, input, submit, text, type UiContainer, type UiNode } from '../nodes.js';
import { TRAIT_FIELDS } from '../schema.js';
import { currentSession, sessionSatisfiesAal, type SessionRow } from '../sessions.js';
import type { Urls } from '../urls.js';
import { assertFlowBrowser, assertFlowSubmit, liveFlow, setMessages } from './common.js';
import { bodyOf, flag, queryOf, requestUrl, returnToOf, sendFlow, str, urlsFor, type Body, type IdentityDeps } from './http.js';
import { baseFlowJson, insertFlow, newFlowId, saveFlow, type FlowRow } from './store.js';
import { isLinked, OidcAccountRefused, unlinkIdentity } from '../oidc/accounts.js';
import type { OidcRelyingParty } from '../oidc/relying-party.js';
import { OIDC_PROVIDER_ID, startOidcAuthorization } from '../oidc/start.js';
import { assertPrivileged, methodUpdates, pendingLookup, SettingsFailure, type Method, type Outcome, type Update } from './settings-updates.js';
import { CHECKED_IN_CODE } from '../../../http/route-schema.js';
import { browserFlowSchema, readFlowSchema, SETTINGS_FIELDS, submitFlowSchema } from './route-schemas.js';

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

  if (deps.config.passwordLogin) {
    nodes.push(
      input('password', 'password', 'password', { required: true, autocomplete: 'new-password', label: messages.labelPassword() }),
      submit('method', 'password', 'password', messages.labelSave()),
    );
  }

  const provider = deps.config.oidc;
  if (provider) {
    nodes.push(
      (await isLinked(deps.pool, identity.id, provider.issuer))
        ? submit('unlink', OIDC_PROVIDER_ID, 'oidc', messages.unlinkProvider(provider.name))
        : submit('link', OIDC_PROVIDER_ID, 'oidc', messages.linkProvider(provider.name)),
    );
  }

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

/** The provider's Unlink button: refused while it is the person's only way to sign in. */
async function unlinkProvider(update: Update, relyingParty: OidcRelyingParty): Promise<Outcome> {
  try {
    await unlinkIdentity(update.deps.pool, relyingParty.config, update.identity.id, update.deps.config.passwordLogin);
  } catch (error) {
    if (error instanceof OidcAccountRefused) throw new SettingsFailure([], [messages.generic(error.message)]);
    throw error;
  }
  return { saved: true, session: update.session };
}

function methodOf(body: Body): Method | 'oidc' | undefined {
  const method = str(body, 'method');
  if (method === 'profile' || method === 'password' || method === 'totp' || method === 'lookup_secret' || method === 'webauthn' || method === 'oidc') return method;
  if (method) return undefined;
  if (str(body, 'link') !== undefined || str(body, 'unlink') !== undefined) return 'oidc';
  if (str(body, 'webauthn_register') || str(body, 'webauthn_remove')) return 'webauthn';
  if (['lookup_secret_regenerate', 'lookup_secret_confirm', 'lookup_secret_disable'].some((name) => flag(body, name))) {
    return 'lookup_secret';
  }
  if (flag(body, 'totp_unlink') || str(body, 'totp_code')) return 'totp';
  if (str(body, 'password') !== undefined) return 'password';
  if (str(body, 'traits.email') !== undefined) return 'profile';
  return undefined;
}


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
  const failed = async (status: number): Promise<FastifyReply> => {
    const current = (await getIdentity(deps.pool, identity.id)) ?? identity;
    return sendFlow(request, reply, urls, 'settings', flow.id, status, await settingsFlowJson(deps, urls, flow, current));
  };
  let outcome: Outcome;
  try {
    if (method === 'oidc') {
      assertPrivileged(update);
      const relyingParty = deps.relyingParty;
      if (!relyingParty) throw new SettingsFailure([], [messages.noStrategy('settings')]);
      if (str(body, 'link') !== undefined) return await startOidcAuthorization(deps, request, reply, { urls, flow, relyingParty, fail: failed });
      outcome = await unlinkProvider(update, relyingParty);
    } else {
      if (!method || (method === 'password' && !deps.config.passwordLogin)) throw new SettingsFailure([], [messages.noStrategy('settings')]);
      if (method !== 'profile') assertPrivileged(update);
      outcome = await methodUpdates[method](update);
    }
  } catch (error) {
    if (!(error instanceof SettingsFailure)) throw error;
    setMessages(flow, error.nodeMessages, error.flowMessages);
    await saveFlow(deps.pool, flow);
    return failed(400);
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

const SETTINGS_SUBMIT_SCHEMA = submitFlowSchema('settings', SETTINGS_FIELDS, 'One method at a time: profile (traits), password, totp, lookup_secret, webauthn or oidc (link, unlink).');

export function settingsRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  app.get('/self-service/settings/browser', { schema: browserFlowSchema('settings'), ...CHECKED_IN_CODE }, async (request, reply) => {
    const urls = urlsFor(deps, request);
    const returnTo = returnToOf(urls, queryOf(request)['return_to']);
    const current = await requireSession(deps, request, urls, urls.ui('settings', { return_to: returnTo ?? undefined }));
    const flow = await createSettingsFlowFor(deps, request, reply, urls, current.identity, returnTo);
    return sendFlow(request, reply, urls, 'settings', flow.id, 200, await settingsFlowJson(deps, urls, flow, current.identity));
  });

  app.get('/self-service/settings/flows', { schema: readFlowSchema('settings'), ...CHECKED_IN_CODE }, async (request, reply) => {
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

  app.post('/self-service/settings', { schema: SETTINGS_SUBMIT_SCHEMA, ...CHECKED_IN_CODE }, (request, reply) => submitSettings(deps, request, reply));
}
