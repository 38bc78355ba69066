import { answers, TEXT, UUID } from '../../../http/route-schema.js';

/**
 * Schemas of the identity routes (Ory Kratos's public browser API under /api/.ory) for `/api/openapi.json`.
 * The flows check their own input and answer as Kratos does (a flow with messages), so the routes mark
 * them CHECKED_IN_CODE.
 */

const TAGS = ['identity'];
const PUBLIC = { tags: TAGS, security: [] } as const;
const RETURN_TO = { type: 'string', description: 'Where the browser goes once the flow is done; an allowed URL' } as const;
const FORM_TYPES = ['application/json', 'application/x-www-form-urlencoded'];
const CSRF = { type: 'string', description: 'The flow’s csrf_token (browser flows)' } as const;

/** Settings need the browser's session; the other flows are open to anyone. */
function access(kind: IdentityFlowKind) {
  return kind === 'settings' ? { tags: TAGS } : PUBLIC;
}

const FLOW_ANSWERS = {
  200: 'The flow (JSON, when the request asks for JSON)',
  303: 'A browser is sent to the flow’s page',
  400: 'The flow, with messages naming the fields at fault',
  403: 'The flow belongs to another browser, or the CSRF token is wrong',
  404: 'No such flow',
  410: 'The flow expired: start a new one',
} as const;

export type IdentityFlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

/** `GET /self-service/{kind}/browser`: a new flow. */
export function browserFlowSchema(kind: IdentityFlowKind, extra: Record<string, object> = {}) {
  return {
    ...access(kind),
    summary: `Start a ${kind} flow`,
    querystring: { type: 'object', properties: { return_to: RETURN_TO, ...extra } },
    response: answers({ 200: FLOW_ANSWERS[200], 303: FLOW_ANSWERS[303], 400: 'return_to is not allowed' }),
  } as const;
}

/** `GET /self-service/{kind}/flows?id=`: a flow as it stands. */
export function readFlowSchema(kind: IdentityFlowKind) {
  return {
    ...access(kind),
    summary: `A ${kind} flow as it stands`,
    querystring: { type: 'object', required: ['id'], properties: { id: UUID } },
    response: answers({ 200: 'The flow', 403: FLOW_ANSWERS[403], 404: FLOW_ANSWERS[404], 410: FLOW_ANSWERS[410] }),
  } as const;
}

/** `POST /self-service/{kind}?flow=`: a form of the flow sent. */
export function submitFlowSchema(kind: IdentityFlowKind, fields: Record<string, object>, description: string) {
  return {
    ...access(kind),
    summary: `Send a form of a ${kind} flow`,
    description,
    querystring: { type: 'object', required: ['flow'], properties: { flow: UUID } },
    consumes: FORM_TYPES,
    body: { type: 'object', properties: { csrf_token: CSRF, ...fields } },
    response: answers(FLOW_ANSWERS),
  } as const;
}

export const LOGIN_FIELDS = {
  method: { type: 'string', enum: ['password', 'oidc', 'totp', 'lookup_secret', 'webauthn'] },
  identifier: { type: 'string', description: 'The email address' },
  password: TEXT,
  provider: { type: 'string', description: 'oidc: the provider' },
  totp_code: TEXT,
  lookup_secret: TEXT,
  webauthn_login: { type: 'string', description: 'The WebAuthn assertion, as JSON' },
} as const;

export const REGISTRATION_FIELDS = {
  method: { type: 'string', enum: ['password', 'oidc'] },
  'traits.email': { type: 'string', format: 'email' },
  'traits.name.first': TEXT,
  'traits.name.last': TEXT,
  password: TEXT,
  setup_token: { type: 'string', description: 'The setup link’s token, for the first account' },
} as const;

export const CODE_FIELDS = {
  method: { type: 'string', enum: ['code'] },
  email: { type: 'string', format: 'email', description: 'Where to send a code' },
  code: { type: 'string', description: 'The code received' },
} as const;

export const SETTINGS_FIELDS = {
  method: { type: 'string', enum: ['profile', 'password', 'totp', 'lookup_secret', 'webauthn', 'oidc'] },
  'traits.email': { type: 'string', format: 'email' },
  'traits.name.first': TEXT,
  'traits.name.last': TEXT,
  password: TEXT,
  totp_code: TEXT,
  totp_unlink: { type: 'boolean' },
  webauthn_register: { type: 'string', description: 'The WebAuthn credential, as JSON' },
  webauthn_remove: TEXT,
  link: { type: 'string', description: 'oidc: a provider to link' },
  unlink: { type: 'string', description: 'oidc: a provider to unlink' },
} as const;

export const WHOAMI_SCHEMA = {
  tags: TAGS,
  summary: 'The session of the browser (or of the X-Session-Token)',
  response: answers({ 200: 'The session and its identity', 401: 'No active session' }),
} as const;

export const LOGOUT_BROWSER_SCHEMA = {
  tags: TAGS,
  summary: 'A logout link for the browser’s session',
  querystring: { type: 'object', properties: { return_to: RETURN_TO } },
  response: answers({ 200: '{logout_url, logout_token}', 401: 'No active session' }),
} as const;

export const LOGOUT_SCHEMA = {
  ...PUBLIC,
  summary: 'End the session a logout token names',
  querystring: { type: 'object', required: ['token'], properties: { token: TEXT, return_to: RETURN_TO } },
  response: answers({ 204: 'Ended (JSON clients)', 303: 'Ended; the browser goes to return_to', 401: 'The token names no active session' }),
} as const;

export const ERRORS_SCHEMA = {
  ...PUBLIC,
  summary: 'An error a flow sent the browser to',
  querystring: { type: 'object', required: ['id'], properties: { id: UUID } },
  response: answers({ 200: 'The error', 404: 'No such error' }),
} as const;

export const SCHEMAS_SCHEMA = {
  ...PUBLIC,
  summary: 'The identity schemas',
  response: answers({ 200: 'The identity schema, with its id and URL' }),
} as const;

export const SCHEMA_SCHEMA = {
  ...PUBLIC,
  summary: 'An identity schema by id',
  params: { type: 'object', required: ['id'], properties: { id: TEXT } },
  response: answers({ 200: 'The JSON Schema of identities', 404: 'No such schema' }),
} as const;

export const OIDC_CALLBACK_SCHEMA = {
  ...PUBLIC,
  summary: 'Where the OpenID Connect provider sends the browser back after signing in',
  querystring: {
    type: 'object',
    required: ['state'],
    properties: { state: TEXT, code: TEXT, error: TEXT, error_description: TEXT },
  },
  response: answers({ 303: 'The browser goes on to its flow, its return_to, or the error page' }),
} as const;
