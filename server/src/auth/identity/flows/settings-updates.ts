import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../errors.js';
import { deleteCredential, DuplicateIdentityError, getCredential, putCredential, setPassword, updateTraits, type IdentityRow } from '../identities.js';
import { transaction } from '../../../db/transaction.js';
import { messages, type UiText } from '../messages.js';
import { generateLookupCodes, parseLookupCodes, storedLookupCodes, type LookupCode } from '../methods/lookup.js';
import { passwordPolicyViolation } from '../methods/password.js';
import { acceptTotp, totpConfig, totpCredential, totpUrl } from '../methods/totp.js';
import { parseStoredKeys, verifyRegistration } from '../methods/webauthn.js';
import { setValue } from '../nodes.js';
import { validateTraits } from '../schema.js';
import { addSessionMethod, isPrivileged, revokeOtherSessions, type SessionRow } from '../sessions.js';
import type { Urls } from '../urls.js';
import { flag, str, type Body, type IdentityDeps } from './http.js';
import type { FlowRow } from './store.js';
import { showVerificationUi, startVerification } from './verification.js';

/** What a settings submission changes: one method of the identity's credentials or its profile. */
export type Method = 'profile' | 'password' | 'totp' | 'lookup_secret' | 'webauthn';

/** New backup codes shown but not confirmed yet, sealed in the flow. */
export function pendingLookup(deps: IdentityDeps, flow: FlowRow): LookupCode[] | null {
  const sealed = flow.internal_context['lookup_pending_sealed'];
  const codes = typeof sealed === 'string' ? parseLookupCodes(JSON.parse(deps.secrets.open(sealed))) : [];
  return codes.length > 0 ? codes : null;
}

export class SettingsFailure extends Error {
  constructor(
    readonly nodeMessages: Array<{ name: string; message: UiText }>,
    readonly flowMessages: UiText[] = [],
  ) {
    super('settings update failed');
  }
}

export interface Outcome {
  /** Something was stored: state success and 1050001. */
  saved: boolean;
  session: SessionRow;
  /** Shown after 1050001, e.g. that a new email waits for its code. */
  notes?: UiText[];
}

export interface Update {
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

export function assertPrivileged(u: Update): void {
  if (!isPrivileged(u.session, u.deps.config)) {
    throw errors.sessionRefreshRequired(u.urls.ui('login', { refresh: 'true', return_to: u.urls.ui('settings', { flow: u.flow.id }) }));
  }
}

export const methodUpdates: Readonly<Record<Method, (u: Update) => Promise<Outcome>>> = {
  profile: updateProfile,
  password: updatePassword,
  totp: updateTotp,
  lookup_secret: updateLookup,
  webauthn: updateWebAuthn,
};
