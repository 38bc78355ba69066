/** Errors of the identity service in Kratos's JSON shape: `{error: {id, code, status, reason, message}, …}`. */

export interface ErrorContent {
  id?: string;
  code: number;
  status: string;
  reason: string;
  message: string;
  details?: Record<string, unknown>;
}

export interface ErrorBody {
  error: ErrorContent;
  redirect_browser_to?: string;
  use_flow_id?: string;
}

const STATUS_TEXT: Readonly<Record<number, [status: string, message: string]>> = {
  400: ['Bad Request', 'The request was malformed or contained invalid parameters'],
  401: ['Unauthorized', 'The request could not be authorized'],
  403: ['Forbidden', 'The requested action was forbidden'],
  404: ['Not Found', 'The requested resource could not be found'],
  410: ['Gone', 'The requested resource is no longer available'],
  422: ['Unprocessable Entity', 'The request could not be processed'],
  500: ['Internal Server Error', 'An internal server error occurred, please contact the system administrator'],
  503: ['Service Unavailable', 'The service is busy, please try again in a moment'],
};

export class IdentityError extends Error {
  constructor(
    readonly statusCode: number,
    readonly id: string | undefined,
    readonly reason: string,
    readonly extra: {
      redirect_browser_to?: string;
      use_flow_id?: string;
      details?: Record<string, unknown>;
      message?: string;
      /** Where a plain browser request is sent instead of the error page (not part of the body). */
      browserRedirect?: string;
    } = {},
  ) {
    super(reason);
  }

  body(): ErrorBody {
    const [status, message] = STATUS_TEXT[this.statusCode] ?? ['Error', 'The request failed'];
    const error: ErrorContent = { code: this.statusCode, status, reason: this.reason, message: this.extra.message ?? message };
    if (this.id) error.id = this.id;
    if (this.extra.details) error.details = this.extra.details;
    const body: ErrorBody = { error };
    if (this.extra.redirect_browser_to !== undefined) body.redirect_browser_to = this.extra.redirect_browser_to;
    if (this.extra.use_flow_id !== undefined) body.use_flow_id = this.extra.use_flow_id;
    return body;
  }
}

export const errors = {
  csrf: (hint: string) =>
    new IdentityError(
      403,
      'security_csrf_violation',
      'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
      { details: { hint }, message: 'the request was rejected to protect you from Cross-Site-Request-Forgery' },
    ),
  identityMismatch: () =>
    new IdentityError(403, 'security_identity_mismatch', 'The flow belongs to another identity. Start a new one.'),
  returnToForbidden: () => new IdentityError(400, 'self_service_flow_return_to_forbidden', 'The return_to address is not allowed.'),
  flowExpired: (expiredAt: Date, newFlowId: string, browserRedirect: string) =>
    new IdentityError(
      410,
      'self_service_flow_expired',
      `The self-service flow expired ${((Date.now() - expiredAt.getTime()) / 60_000).toFixed(2)} minutes ago, initialize a new one.`,
      { use_flow_id: newFlowId, message: 'self-service flow expired', browserRedirect },
    ),
  flowNotFound: () => new IdentityError(404, undefined, 'The flow could not be found. Start a new one.', { message: 'Unable to locate the resource' }),
  flowDisabled: (reason: string) => new IdentityError(400, 'self_service_flow_disabled', reason),
  sessionInactive: () => new IdentityError(401, 'session_inactive', 'No active session was found in this request.'),
  sessionAlreadyAvailable: () =>
    new IdentityError(400, 'session_already_available', 'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?'),
  sessionAal1Required: (redirectTo: string) =>
    new IdentityError(401, 'session_aal1_required', 'You can not requested a higher AAL (AAL2/AAL3) without an active session.', {
      redirect_browser_to: redirectTo,
    }),
  sessionAal2Required: (redirectTo: string) =>
    new IdentityError(
      403,
      'session_aal2_required',
      'An active session was found but it does not fulfill the Authenticator Assurance Level, implying that the session must first be upgraded to AAL2.',
      { redirect_browser_to: redirectTo },
    ),
  sessionRefreshRequired: (redirectTo: string) =>
    new IdentityError(
      403,
      'session_refresh_required',
      'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      { redirect_browser_to: redirectTo },
    ),
  browserLocationChangeRequired: (redirectTo: string) =>
    new IdentityError(422, 'browser_location_change_required', `In order to complete this flow please redirect the browser to: ${redirectTo}`, {
      redirect_browser_to: redirectTo,
      message: 'browser location change required',
    }),
  badRequest: (reason: string) => new IdentityError(400, undefined, reason),
  notFound: (reason: string) => new IdentityError(404, undefined, reason),
  logoutTokenMismatch: () =>
    new IdentityError(403, undefined, 'Unable to log out because the logout token in the URL query does not match the session cookie.'),
};
