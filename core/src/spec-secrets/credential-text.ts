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

/** A URL: its scheme and `//`, the authority (user info and host), the path and the query. */
const URL_PARTS = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?/i;

/** The password of a key=value connection string (`Server=db;User Id=sa;Password=…`, `host=db password=…`). */
const CONNECTION_STRING_PASSWORD = /(^|[;\s])\s*(password|pwd)\s*=\s*('[^']*'|"[^"]*"|[^;\s]*)\s*;?/gi;

/** Whether a service URL carries a credential: a user or password before the host, or a known token parameter. */
export function urlCarriesCredentials(value: string): boolean {
  const match = URL_PARTS.exec(value.trim());
  if (!match) return false;
  if (match[2]!.includes('@')) return true;
  const query = match[4];
  if (!query) return false;
  return [...new URLSearchParams(query.slice(1)).keys()].some((name) => TOKEN_PARAMETERS.has(name.toLowerCase()));
}

/** Whether a key=value connection string (SQL Server's, PostgreSQL's) carries a password. */
export function connectionStringCarriesPassword(value: string): boolean {
  return !URL_PARTS.test(value.trim()) && new RegExp(CONNECTION_STRING_PASSWORD.source, 'i').test(value);
}

/** Whether a service URL or connection string carries a credential, and so is sealed whole. */
export function carriesCredentials(value: string): boolean {
  return urlCarriesCredentials(value) || connectionStringCarriesPassword(value);
}

/**
 * A service URL or connection string as it may be shown: without the password of its user info,
 * its token parameters or its `password=` (one without credentials as it is).
 */
export function withoutCredentials(value: string): string {
  if (!carriesCredentials(value)) return value;
  const match = URL_PARTS.exec(value.trim());
  if (!match) return value.replace(CONNECTION_STRING_PASSWORD, '$1').trim();
  const [whole, scheme, authority, path, query] = match as unknown as [string, string, string, string, string | undefined];
  const at = authority.lastIndexOf('@');
  const user = at < 0 ? '' : authority.slice(0, at).split(':')[0]!;
  const host = authority.slice(at + 1);
  const parameters = query ? new URLSearchParams(query.slice(1)) : undefined;
  for (const name of [...(parameters?.keys() ?? [])]) if (TOKEN_PARAMETERS.has(name.toLowerCase())) parameters!.delete(name);
  const kept = parameters && parameters.size > 0 ? `?${parameters.toString()}` : '';
  return `${scheme}${user ? `${user}@` : ''}${host}${path}${kept}${value.trim().slice(whole.length)}`;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The credentials a service URL or connection string carries, as written and URL-decoded: the
 * password of its user info, the values of its token parameters, its `password=`. A message that
 * repeats any of them is cleaned of it.
 */
export function credentialsIn(value: string): string[] {
  if (!carriesCredentials(value)) return [];
  const match = URL_PARTS.exec(value.trim());
  const found: string[] = [];
  if (!match) {
    for (const entry of value.matchAll(CONNECTION_STRING_PASSWORD)) found.push(entry[3]!.replace(/^(['"])(.*)\1$/, '$2'));
  } else {
    const authority = match[2]!;
    const userInfo = authority.slice(0, Math.max(0, authority.lastIndexOf('@')));
    if (userInfo.includes(':')) found.push(userInfo.slice(userInfo.indexOf(':') + 1));
    for (const pair of (match[4] ?? '').slice(1).split('&')) {
      const [name = '', text = ''] = pair.split(/=(.*)/s);
      if (TOKEN_PARAMETERS.has(decoded(name).toLowerCase())) found.push(text);
    }
  }
  return [...new Set(found.flatMap((text) => [text, decoded(text)]))].filter((text) => text !== '');
}
