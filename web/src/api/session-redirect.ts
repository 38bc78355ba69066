import { errorIdOf } from './api-error';
import { authStateCheckerUrl, loginUrl, profileSettingsUrl, verificationUrl } from './session-paths';

export const AAL2_REQUIRED = 'session_aal2_required';
/** Organization mode: the organization requires a second factor the person has not set up yet. */
export const SECOND_FACTOR_SETUP_REQUIRED = 'organization_second_factor_required';
/** The data service's and the routes' code for a role that may not do something: the page shows it, no redirect. */
const PERMISSION_DENIED = '42501';

export function codeOf(body: unknown): string | undefined {
  const code = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['code'] : undefined;
  return typeof code === 'string' ? code : undefined;
}
/** The server's answer to someone signed in whose address must be verified first (PHAROS_REQUIRE_VERIFIED_EMAIL). */
export const VERIFIED_ADDRESS_REQUIRED = 'session_verified_address_required';

/**
 * Where a failed API call sends the browser: a 401 to the auth-state checker, a 403 or 422 that
 * says a second factor is needed to sign-in at aal2, a 403 that says the address must be verified
 * first to verification; anything else stays with the caller (null).
 */
export function sessionRedirectFor(status: number, body: unknown, returnTo: string, direct = false): string | null {
  if (status === 401) return authStateCheckerUrl(returnTo);
  if ((status === 403 || status === 422) && errorIdOf(body) === AAL2_REQUIRED) return loginUrl({ aal: 'aal2', returnTo });
  // Direct mode: the organization's backend refusing the token (not a role's permission) asks for a fresh sign-in at aal2.
  if (direct && (status === 403 || status === 422) && codeOf(body) !== PERMISSION_DENIED) return loginUrl({ aal: 'aal2', returnTo });
  if (status === 403 && errorIdOf(body) === VERIFIED_ADDRESS_REQUIRED) return verificationUrl(returnTo);
  if (status === 403 && codeOf(body) === SECOND_FACTOR_SETUP_REQUIRED) return profileSettingsUrl(returnTo);
  return null;
}
