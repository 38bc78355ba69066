/**
 * The messages of the identity flows, with Ory Kratos's ids and texts so that screens written
 * against Kratos (which match on ids) work unchanged.
 */

export type UiTextType = 'info' | 'error' | 'success';

export interface UiText {
  id: number;
  text: string;
  type: UiTextType;
  context?: Record<string, unknown>;
}

function info(id: number, text: string, context?: Record<string, unknown>): UiText {
  return context ? { id, text, type: 'info', context } : { id, text, type: 'info' };
}

function error(id: number, text: string, context?: Record<string, unknown>): UiText {
  return context ? { id, text, type: 'error', context } : { id, text, type: 'error' };
}

function minutes(ms: number): string {
  return (ms / 60_000).toFixed(2);
}

export const messages = {
  // login (1010xxx)
  login: () => info(1010001, 'Sign in'),
  signInWith: (provider: string) => info(1010002, `Sign in with ${provider}`, { provider }),
  loginReAuth: () => info(1010003, 'Please confirm this action by verifying that it is you.'),
  loginMfa: () => info(1010004, 'Please complete the second authentication challenge.'),
  totpLabel: () => info(1010006, 'Authentication code'),
  lookupLabel: () => info(1010007, 'Backup recovery code'),
  useSecurityKey: () => info(1010008, 'Use security key'),
  useAuthenticator: () => info(1010009, 'Use Authenticator'),
  useLookup: () => info(1010010, 'Use backup recovery code'),

  // registration (1040xxx)
  registration: () => info(1040001, 'Sign up'),

  // settings (1050xxx)
  settingsSaved: (): UiText => ({ id: 1050001, text: 'Your changes have been saved!', type: 'success' }),
  emailChangePending: (email: string) =>
    info(1080003, `A verification code has been sent to ${email}. The new address takes the place of the old one once you enter it.`, { email }),
  linkProvider: (provider: string) => info(1050002, `Link ${provider}`, { provider }),
  unlinkProvider: (provider: string) => info(1050003, `Unlink ${provider}`, { provider }),
  unlinkTotp: () => info(1050004, 'Unlink TOTP Authenticator App'),
  totpQrCode: () => info(1050005, 'Authenticator app QR code'),
  totpSecret: (secret: string) => info(1050006, secret, { secret }),
  regenerateLookup: () => info(1050008, 'Generate new backup recovery codes'),
  lookupSecret: (secret: string) => info(1050009, secret, { secret }),
  lookupSecretsLabel: () => info(1050010, 'These are your back up recovery codes. Please keep them in a safe place!'),
  confirmLookup: () => info(1050011, 'Confirm backup recovery codes'),
  registerWebAuthn: () => info(1050012, 'Add security key'),
  webAuthnDisplayName: () => info(1050013, 'Name of the security key'),
  lookupSecretUsed: (usedAt: Date) =>
    info(1050014, 'Used', { used_at: usedAt.toISOString(), used_at_unix: Math.floor(usedAt.getTime() / 1000) }),
  lookupSecretList: (texts: string[], secrets: UiText[]) => info(1050015, texts.join(', '), { secrets }),
  disableLookup: () => info(1050016, 'Disable this method'),
  totpSecretLabel: () => info(1050017, 'This is your authenticator app secret. Use it if you can not scan the QR code.'),
  removeWebAuthn: (name: string, addedAt: Date) =>
    info(1050018, `Remove security key "${name}"`, {
      display_name: name,
      added_at: addedAt.toISOString(),
      added_at_unix: Math.floor(addedAt.getTime() / 1000),
    }),

  // recovery (1060xxx)
  recoverySuccessful: (privilegedUntil: Date) =>
    info(
      1060001,
      `You successfully recovered your account. Please change your password or set up an alternative login method (e.g. social sign in) within the next ${minutes(privilegedUntil.getTime() - Date.now())} minutes.`,
      { privileged_session_expires_at: privilegedUntil.toISOString() },
    ),
  recoveryCodeSent: () =>
    info(
      1060003,
      'An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),

  // node labels (1070xxx)
  labelPassword: () => info(1070001, 'Password'),
  labelGenerated: (title: string, name: string) => info(1070002, title, { title, name }),
  labelSave: () => info(1070003, 'Save'),
  labelSubmit: () => info(1070005, 'Submit'),
  labelVerifyCode: () => info(1070006, 'Verify code'),
  labelEmail: () => info(1070007, 'Email'),
  labelResendCode: () => info(1070008, 'Resend code'),
  labelContinue: () => info(1070009, 'Continue'),
  labelRecoveryCode: () => info(1070010, 'Recovery code'),
  labelVerificationCode: () => info(1070011, 'Verification code'),

  // verification (1080xxx)
  verificationSuccessful: () => info(1080002, 'You successfully verified your email address.'),
  verificationCodeSent: () =>
    info(
      1080003,
      'An email containing a verification code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),

  // validation (4000xxx)
  generic: (reason: string, context: Record<string, unknown> = {}) => error(4000001, reason, { reason, ...context }),
  required: (property: string) => error(4000002, `Property ${property} is missing.`, { property }),
  invalidFormat: (value: string, format: string) => error(4000001, `"${value}" is not valid "${format}"`, { reason: `"${value}" is not valid "${format}"` }),
  invalidCredentials: () =>
    error(4000006, 'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.'),
  duplicateCredentials: () => error(4000007, 'An account with the same identifier (email, phone, username, ...) exists already.'),
  totpWrong: () => error(4000008, 'The provided authentication code is invalid, please try again.'),
  noTotpDevice: () => error(4000011, 'You have no TOTP device set up.'),
  lookupAlreadyUsed: () => error(4000012, 'This backup recovery code has already been used.'),
  noWebAuthnDevice: () => error(4000013, 'You have no WebAuthn device set up.'),
  noLookup: () => error(4000014, 'You have no backup recovery codes set up.'),
  lookupInvalid: () => error(4000016, 'The backup recovery code is not valid.'),
  passwordTooSimilar: () => error(4000031, 'The password can not be used because it is too similar to the identifier.'),
  passwordMinLength: (min: number, actual: number) =>
    error(4000032, `The password must be at least ${min} characters long, but got ${actual}.`, { min_length: min, actual_length: actual }),
  passwordTooCommon: () => error(4000034, 'The password has been found in data breaches and must no longer be used: it is one of the 10,000 most common passwords.'),
  passwordMaxLength: (max: number, actual: number) =>
    error(4000033, `The password must be at most ${max} characters long, but got ${actual}.`, { max_length: max, actual_length: actual }),
  tooManyCodes: () =>
    error(4000001, 'Too many codes were asked for this address. Wait a while, then ask for a new one.', { reason: 'rate_limited' }),
  tooManyAttempts: (retryMinutes: number) =>
    error(4000001, `Too many failed sign-in attempts. Try again in ${retryMinutes} ${retryMinutes === 1 ? 'minute' : 'minutes'}.`, {
      reason: 'rate_limited',
      retry_after_minutes: retryMinutes,
    }),

  // flow-specific errors
  loginRetrySuccess: () => error(4010007, 'The request was already completed successfully and can not be retried.'),
  registrationRetrySuccess: () => error(4040002, 'The request was already completed successfully and can not be retried.'),
  recoveryRetrySuccess: () => error(4060001, 'The request was already completed successfully and can not be retried.'),
  recoveryCodeInvalid: () => error(4060006, 'The recovery code is invalid or has already been used. Please try again.'),
  verificationRetrySuccess: () => error(4070002, 'The request was already completed successfully and can not be retried.'),
  verificationCodeInvalid: () => error(4070006, 'The verification code is invalid or has already been used. Please try again.'),
  noStrategy: (flow: 'login' | 'registration' | 'settings' | 'recovery' | 'verification') => {
    const ids = { login: 4010002, registration: 4010003, settings: 4010004, recovery: 4010005, verification: 4010006 } as const;
    const what = {
      login: 'log you in with',
      registration: 'sign you up with',
      settings: 'update your settings',
      recovery: 'recover your account with',
      verification: 'verify your account with',
    } as const;
    return error(ids[flow], `Could not find a strategy to ${what[flow]}. Did you fill out the form correctly?`);
  },
} as const;
