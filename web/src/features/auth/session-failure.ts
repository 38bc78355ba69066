import { errorIdOf, isApiError } from '../../api/api-error';
import { loginUrl, profileSettingsUrl, verificationUrl } from '../../api/session-paths';
import { AAL2_REQUIRED, codeOf, SECOND_FACTOR_SETUP_REQUIRED, VERIFIED_ADDRESS_REQUIRED } from '../../api/session-redirect';

/** What a failed session check leads to. */
export type SessionFailure =
  | { type: 'login'; to: string }
  | { type: 'provisioning' }
  | { type: 'error' };

export interface SessionFailureContext {
  /** Path and query to come back to after signing in. */
  returnTo: string;
  /** Organization (hosted) mode: a 5xx or 404 means the instance is still being provisioned. */
  organizationMode?: boolean;
}

/** Spec 1 section 4, "Session handling", for the whoami check. */
export function sessionFailure(error: unknown, { returnTo, organizationMode = false }: SessionFailureContext): SessionFailure {
  if (!isApiError(error)) return { type: 'error' };
  if (error.status === 401) return { type: 'login', to: loginUrl({ returnTo }) };
  if ((error.status === 403 || error.status === 422) && errorIdOf(error.body) === AAL2_REQUIRED) {
    return { type: 'login', to: loginUrl({ aal: 'aal2', returnTo }) };
  }
  // Signed in, but the address must be verified first (PHAROS_REQUIRE_VERIFIED_EMAIL).
  if (error.status === 403 && errorIdOf(error.body) === VERIFIED_ADDRESS_REQUIRED) return { type: 'login', to: verificationUrl(returnTo) };
  // The organization requires a second factor the person has not set up: the profile settings offer them.
  if (error.status === 403 && codeOf(error.body) === SECOND_FACTOR_SETUP_REQUIRED) return { type: 'login', to: profileSettingsUrl(returnTo) };
  if (organizationMode && (error.status >= 500 || error.status === 404)) return { type: 'provisioning' };
  return { type: 'error' };
}
