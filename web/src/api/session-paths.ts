/** The in-app addresses the session handling sends the browser to (spec 1 section 4). */

/** The session check (api/session.ts). */
export const WHOAMI_PATH = '/api/auth/whoami';
export const AUTH_STATE_CHECKER_PATH = '/auth-state-checker';
export const LOGIN_PATH = '/login';
export const VERIFICATION_PATH = '/verification';
export const PROFILE_SETTINGS_PATH = '/profile-settings';

/** Where a person goes to set up a second factor their organization requires, coming back to `returnTo`. */
export function profileSettingsUrl(returnTo: string): string {
  return `${PROFILE_SETTINGS_PATH}?${new URLSearchParams({ return_to: returnTo }).toString()}`;
}

/** Where a person whose address is not verified yet goes, coming back to `returnTo` once it is. */
export function verificationUrl(returnTo: string): string {
  return `${VERIFICATION_PATH}?${new URLSearchParams({ return_to: returnTo }).toString()}`;
}

export interface LoginTarget {
  returnTo?: string | null;
  aal?: 'aal2';
  refresh?: boolean;
}

export function loginUrl({ returnTo, aal, refresh }: LoginTarget = {}): string {
  const params = new URLSearchParams();
  if (aal) params.set('aal', aal);
  if (refresh) params.set('refresh', 'true');
  if (returnTo) params.set('return_to', returnTo);
  const query = params.toString();
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}

export function authStateCheckerUrl(returnTo: string): string {
  return `${AUTH_STATE_CHECKER_PATH}?${new URLSearchParams({ return_to: returnTo }).toString()}`;
}

/**
 * A `return_to` as an in-app path: a path with one leading slash, or an address on this origin.
 * Anything else (another origin, `//host`, `javascript:`) falls back.
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/'): string {
  if (!value) return fallback;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  try {
    const url = new URL(value);
    if (url.origin === window.location.origin) return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    // not an absolute URL
  }
  return fallback;
}
