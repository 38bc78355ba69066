import { messages, type UiText } from '../messages.js';
import { isCommonPassword } from './common-passwords.js';
import { argon2Hash, argon2Verify, PasswordHashingUnavailable } from './password-hashing.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

/** argon2id (the library's default algorithm) with its recommended cost parameters, a bounded number at once. */
export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password);
}

/** False for a wrong password or a hash it cannot read; throws PasswordHashingUnavailable when it cannot check now. */
export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await argon2Verify(hashed, password);
  } catch (error) {
    if (error instanceof PasswordHashingUnavailable) throw error;
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is nothing to verify against, so that an unknown
 * email answers as slowly as a wrong password.
 */
export async function verifyNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('pharos-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}

/** The policy a new password must meet; null when it does. */
export function passwordPolicyViolation(password: string, identifier: string): UiText | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return messages.passwordMinLength(PASSWORD_MIN_LENGTH, length);
  if (length > PASSWORD_MAX_LENGTH) return messages.passwordMaxLength(PASSWORD_MAX_LENGTH, length);
  const lowered = password.toLowerCase();
  const email = identifier.toLowerCase();
  const local = email.split('@')[0] ?? '';
  if (lowered === email || (local.length >= 4 && lowered.includes(local) && lowered.length - local.length < 4)) {
    return messages.passwordTooSimilar();
  }
  if (isCommonPassword(password)) return messages.passwordTooCommon();
  return null;
}
