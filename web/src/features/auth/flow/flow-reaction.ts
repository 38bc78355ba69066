import { ApiError, redirectBrowserToOf } from '../../../api/api-error';
import { loginUrl } from '../../../api/session-paths';
import { isFlowBody } from '../api/flow-body';
import type { FlowKind } from '../api/flows';

export const FLOW_MESSAGES = {
  returnToForbidden: 'The return_to address is not allowed.',
  expired: 'Your interaction expired, please fill out the form again.',
  csrf: 'A security violation was detected, please fill out the form again.',
} as const;

/** What to do about a failed flow call. */
export type FlowReaction =
  /** Go to a URL (in-app path or a server-given address). */
  | { type: 'redirect'; to: string }
  /** Drop the flow and create a new one; `fresh` also drops return_to and the other parameters. */
  | { type: 'restart'; toast?: string; fresh?: boolean }
  /** Show the flow the server answered with (a 400 carries field messages). */
  | { type: 'replace'; body: unknown }
  /** Not a flow matter: the caller shows it. */
  | { type: 'rethrow' };

export type FlowPhase = 'create' | 'get' | 'submit';

export interface FlowContext {
  kind: FlowKind;
  phase: FlowPhase;
  /** Path and query of the page, carried as return_to. */
  location: string;
}

function withReturnTo(url: string, returnTo: string): string {
  const target = new URL(url, window.location.origin);
  target.searchParams.set('return_to', returnTo);
  return target.origin === window.location.origin ? `${target.pathname}${target.search}` : target.href;
}

/**
 * The reactions of spec 1 section 4 ("Flow error ids and reactions", "Flow lifecycle"), decided
 * once for every flow page. Pure: executing them is `useFlowErrorHandler`'s job.
 */
export function flowReaction(error: unknown, { kind, phase, location }: FlowContext): FlowReaction {
  if (!(error instanceof ApiError)) return { type: 'rethrow' };
  const redirectTo = redirectBrowserToOf(error.body);

  // Verification: an unusable flow link starts afresh; a refused creation leaves for home.
  if (kind === 'verification' && phase === 'get' && (error.status === 410 || error.status === 403)) {
    return { type: 'restart', fresh: true };
  }
  if (kind === 'verification' && phase === 'create' && error.status === 400) return { type: 'redirect', to: '/' };

  switch (error.id) {
    case 'session_aal2_required':
      if (redirectTo) return { type: 'redirect', to: kind === 'settings' ? withReturnTo(redirectTo, location) : redirectTo };
      return { type: 'redirect', to: loginUrl({ aal: 'aal2', returnTo: location }) };
    case 'session_aal1_required':
      // A second factor asked for without a session: sign in first, then come back for the second factor.
      return { type: 'redirect', to: loginUrl({ returnTo: location }) };
    case 'session_already_available':
      return { type: 'redirect', to: '/' };
    case 'session_refresh_required':
      return { type: 'redirect', to: redirectTo ?? loginUrl({ refresh: true, returnTo: location }) };
    case 'session_inactive':
      return { type: 'redirect', to: loginUrl({ returnTo: location }) };
    case 'self_service_flow_return_to_forbidden':
      return { type: 'restart', toast: FLOW_MESSAGES.returnToForbidden, fresh: true };
    case 'self_service_flow_expired':
      return { type: 'restart', toast: FLOW_MESSAGES.expired };
    case 'security_csrf_violation':
      return { type: 'restart', toast: FLOW_MESSAGES.csrf };
    case 'security_identity_mismatch':
      return { type: 'restart' };
    case 'browser_location_change_required':
      if (redirectTo) return { type: 'redirect', to: redirectTo };
      break;
  }

  if (error.status === 422 && redirectTo) return { type: 'redirect', to: redirectTo };
  if (error.status === 410) return { type: 'restart' };
  if (error.status === 400 && phase === 'submit' && isFlowBody(error.body)) return { type: 'replace', body: error.body };
  return { type: 'rethrow' };
}
