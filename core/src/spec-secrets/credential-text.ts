import { isEnvVarReference, unreadableSourceReason } from '../connections/env-var.js';

/** Names of headers and environment variables whose value is a credential. */
const CREDENTIAL_NAME = /passw(or)?d|passphrase|token|secret|bearer|authorization|cookie|api[-_]?key|private[-_]?key|credential/i;

/** Query parameters of service URLs that carry a token. */
const TOKEN_PARAMETERS: ReadonlySet<string> = new Set([
  'token',
  'access_token',
  'accesstoken',
  'auth',
  'auth_token',
  'authtoken',
  'apikey',
  'api_key',
  'key',
  'secret',
  'password',
  'signature',
  'sig',
  'code',
  'webhook_token',
]);

export function isCredentialName(name: string): boolean {
  return CREDENTIAL_NAME.test(name);
}

/**
 * Whether a credential field's text is a value of its own worth sealing: not empty, not a
 * `secret://` or `configmap://` reference (anyone may see where a secret is kept), and not a template
 * filled in when it is used (`{{ .params.token }}`, `$(password)`).
 */
export function isLiteralCredential(value: string): boolean {
  return value !== '' && !isEnvVarReference(value) && unreadableSourceReason(value) === undefined && !value.includes('{{') && !value.includes('$(');
}

/** Whether a service URL carries a credential: a user or password before the host, or a known token parameter. */
export function urlCarriesCredentials(value: string): boolean {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)([^?#]*)(\?[^#]*)?/i.exec(value.trim());
  if (!match) return false;
  if (match[1]!.includes('@')) return true;
  const query = match[3];
  if (!query) return false;
  return [...new URLSearchParams(query.slice(1)).keys()].some((name) => TOKEN_PARAMETERS.has(name.toLowerCase()));
}
