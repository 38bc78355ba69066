/**
 * Identity flows shaped exactly as Ory Kratos's public API returns them (JSON, snake_case), for
 * component tests. Builders take overrides so a test states only what it is about.
 */

export interface RawText {
  id: number;
  text: string;
  type: 'info' | 'error' | 'success';
  context?: Record<string, unknown>;
}

export interface RawNode {
  type: 'input' | 'img' | 'text' | 'a' | 'script';
  group: string;
  attributes: Record<string, unknown>;
  messages: RawText[];
  meta: { label?: RawText };
}

export interface RawFlow {
  id: string;
  type: 'browser';
  expires_at: string;
  issued_at: string;
  request_url: string;
  return_to?: string;
  state?: string;
  refresh?: boolean;
  requested_aal?: string;
  ui: { action: string; method: string; messages?: RawText[]; nodes: RawNode[] };
  [key: string]: unknown;
}

const ORIGIN = 'http://localhost:3000';
export const CSRF = 'csrf-token-value';

export const text = (id: number, value: string, type: RawText['type'] = 'info', context?: Record<string, unknown>): RawText => ({
  id,
  text: value,
  type,
  ...(context ? { context } : {}),
});

export function input(
  group: string,
  name: string,
  type: string,
  options: { value?: unknown; label?: string; required?: boolean; messages?: RawText[]; extra?: Record<string, unknown> } = {},
): RawNode {
  return {
    type: 'input',
    group,
    attributes: {
      name,
      type,
      ...(options.value === undefined ? {} : { value: options.value }),
      required: options.required ?? false,
      disabled: false,
      node_type: 'input',
      ...options.extra,
    },
    messages: options.messages ?? [],
    meta: options.label ? { label: text(1070000, options.label) } : {},
  };
}

export const csrfNode = (): RawNode => input('default', 'csrf_token', 'hidden', { value: CSRF, required: true });

function flow(kind: string, id: string, nodes: RawNode[], extra: Partial<RawFlow> = {}): RawFlow {
  return {
    id,
    type: 'browser',
    expires_at: '2099-01-01T00:00:00Z',
    issued_at: '2024-01-01T00:00:00Z',
    request_url: `${ORIGIN}/api/.ory/self-service/${kind}/browser`,
    ...extra,
    ui: { action: `${ORIGIN}/api/.ory/self-service/${kind}?flow=${id}`, method: 'POST', nodes, ...extra.ui },
  };
}

export function loginFlow(extra: Partial<RawFlow> = {}): RawFlow {
  return flow(
    'login',
    extra.id ?? 'login-1',
    [
      csrfNode(),
      input('default', 'identifier', 'text', { value: '', label: 'E-Mail', required: true }),
      input('password', 'password', 'password', { label: 'Password', required: true, extra: { autocomplete: 'current-password' } }),
      input('password', 'method', 'submit', { value: 'password', label: 'Sign in' }),
      input('oidc', 'provider', 'submit', { value: 'github', label: 'Sign in with GitHub' }),
    ],
    { refresh: false, requested_aal: 'aal1', state: 'choose_method', ...extra },
  );
}

export function registrationFlow(extra: Partial<RawFlow> = {}): RawFlow {
  return flow(
    'registration',
    extra.id ?? 'registration-1',
    [
      csrfNode(),
      input('password', 'traits.email', 'email', { label: 'E-Mail', required: true }),
      input('password', 'traits.name.first', 'text', { label: 'First name' }),
      input('password', 'traits.name.last', 'text', { label: 'Last name' }),
      input('password', 'password', 'password', { label: 'Password', required: true }),
      input('password', 'method', 'submit', { value: 'password', label: 'Sign up' }),
    ],
    { state: 'choose_method', ...extra },
  );
}

export function recoveryFlow(extra: Partial<RawFlow> = {}): RawFlow {
  return flow(
    'recovery',
    extra.id ?? 'recovery-1',
    [
      csrfNode(),
      input('code', 'email', 'email', { label: 'Email', required: true }),
      input('code', 'method', 'submit', { value: 'code', label: 'Submit' }),
    ],
    { state: 'choose_method', ...extra },
  );
}

export function verificationFlow(extra: Partial<RawFlow> = {}): RawFlow {
  return flow(
    'verification',
    extra.id ?? 'verification-1',
    [
      csrfNode(),
      input('code', 'email', 'email', { label: 'Email', required: true }),
      input('code', 'method', 'submit', { value: 'code', label: 'Submit' }),
    ],
    { state: 'choose_method', ...extra },
  );
}

export const RECOVERY_CODES = ['a1b2c3d4', 'e5f6g7h8', 'i9j0k1l2'];

export const WEBAUTHN_OPTIONS = {
  publicKey: {
    challenge: 'Y2hhbGxlbmdl',
    rp: { name: 'Pharos', id: 'localhost' },
    user: { id: 'dXNlcg', name: 'ada@example.com', displayName: 'Ada' },
    pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  },
};

/** Nodes of every settings group (Kratos's own node names, labels and text ids). */
export function settingsNodes(): RawNode[] {
  return [
    csrfNode(),
    input('profile', 'traits.email', 'email', { value: 'ada@example.com', label: 'E-Mail' }),
    input('profile', 'traits.name.first', 'text', { value: 'Ada', label: 'First name' }),
    input('profile', 'traits.name.last', 'text', { value: 'Lovelace', label: 'Last name' }),
    input('profile', 'traits.newsletter', 'checkbox', { value: false, label: 'Newsletter' }),
    input('profile', 'method', 'submit', { value: 'profile', label: 'Save' }),
    input('password', 'password', 'password', { label: 'Password', required: true }),
    input('password', 'method', 'submit', { value: 'password', label: 'Save' }),
    input('oidc', 'link', 'submit', { value: 'github', label: 'Link github' }),
    {
      type: 'text',
      group: 'lookup_secret',
      attributes: {
        id: 'lookup_secret_codes',
        node_type: 'text',
        text: text(1050015, RECOVERY_CODES.join(', '), 'info', {
          secrets: [
            text(1050009, RECOVERY_CODES[0] ?? ''),
            text(1050014, 'Secret was used at 2024-01-01', 'info', { used_at: '2024-01-01T00:00:00Z' }),
            text(1050009, RECOVERY_CODES[2] ?? ''),
          ],
        }),
      },
      messages: [],
      meta: { label: text(1050010, 'These are your back up recovery codes. Please keep them in a safe place!') },
    },
    input('lookup_secret', 'lookup_secret_regenerate', 'submit', { value: true, label: 'Generate new backup recovery codes' }),
    {
      type: 'img',
      group: 'totp',
      attributes: { id: 'totp_qr', src: 'data:image/png;base64,iVBORw0KGgo=', width: 256, height: 256, node_type: 'img' },
      messages: [],
      meta: { label: text(1050005, 'Authenticator app QR code') },
    },
    {
      type: 'text',
      group: 'totp',
      attributes: { id: 'totp_secret_key', node_type: 'text', text: text(1050006, 'JBSWY3DPEHPK3PXP', 'info', { secret: 'JBSWY3DPEHPK3PXP' }) },
      messages: [],
      meta: { label: text(1050017, 'This is your authenticator app secret. Use it if you can not scan the QR code.') },
    },
    input('totp', 'totp_code', 'text', { label: 'Verify code', required: true }),
    input('totp', 'method', 'submit', { value: 'totp', label: 'Save' }),
    input('webauthn', 'webauthn_register_displayname', 'text', { value: '', label: 'Name of the security key' }),
    input('webauthn', 'webauthn_register', 'hidden', { value: '' }),
    input('webauthn', 'webauthn_register_trigger', 'button', {
      value: JSON.stringify(WEBAUTHN_OPTIONS),
      label: 'Add security key',
      extra: { onclickTrigger: 'oryWebAuthnRegistration' },
    }),
    {
      type: 'script',
      group: 'webauthn',
      attributes: {
        id: 'webauthn_script',
        src: '/api/.ory/.well-known/ory/webauthn.js',
        async: true,
        crossorigin: 'anonymous',
        integrity: 'sha512-abc',
        referrerpolicy: 'no-referrer',
        type: 'text/javascript',
        nonce: 'n',
        node_type: 'script',
      },
      messages: [],
      meta: {},
    },
  ];
}

export function settingsFlow(extra: Partial<RawFlow> = {}, nodes: RawNode[] = settingsNodes()): RawFlow {
  return flow('settings', extra.id ?? 'settings-1', nodes, { state: 'show_form', ...extra });
}

/** An identity error body, as Kratos answers. */
export function errorBody(id: string, status: number, extra: Record<string, unknown> = {}) {
  return {
    error: { id, code: status, status: 'Error', reason: `reason of ${id}`, message: `message of ${id}` },
    ...extra,
  };
}

export const SESSION = {
  user: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', avatar: null, roles: ['admin'] },
  permissions: {},
};
