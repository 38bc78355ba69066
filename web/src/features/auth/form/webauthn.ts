import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { UiNodeInputAttributes } from '@ory/client-fetch';

export type WebAuthnTrigger = 'register' | 'login';

/** The hidden input that carries the browser's answer, per trigger. */
export const WEBAUTHN_RESULT_FIELD: Record<WebAuthnTrigger, string> = {
  register: 'webauthn_register',
  login: 'webauthn_login',
};

/** A webauthn trigger button (`webauthn_register_trigger` / `webauthn_login_trigger`), or null. */
export function webAuthnTriggerOf(attributes: UiNodeInputAttributes): WebAuthnTrigger | null {
  if (attributes.onclickTrigger === 'oryWebAuthnRegistration' || attributes.name === 'webauthn_register_trigger') return 'register';
  if (attributes.onclickTrigger === 'oryWebAuthnLogin' || attributes.name === 'webauthn_login_trigger') return 'login';
  return null;
}

/** The trigger's value is the options as JSON, either bare or wrapped in `publicKey`. */
function optionsOf(value: unknown): unknown {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (typeof parsed === 'object' && parsed !== null && 'publicKey' in parsed) return parsed.publicKey;
  return parsed;
}

/**
 * Asks the browser (security key, platform authenticator) and returns its answer as JSON text. The
 * WebAuthn library is loaded only then, so the pages with forms do not carry it.
 */
export async function runWebAuthn(trigger: WebAuthnTrigger, value: unknown): Promise<string> {
  const options = optionsOf(value);
  const { startAuthentication, startRegistration } = await import('@simplewebauthn/browser');
  const result =
    trigger === 'register'
      ? await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON })
      : await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  return JSON.stringify(result);
}
