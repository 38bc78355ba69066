/**
 * What every reader is answered instead of a sealed secret. Saving it back where a sealed value is
 * saved keeps that value; anywhere else it is refused.
 */
export const SEALED_PLACEHOLDER = '<sealed>';

/** A value sealed with a server key: `v1:` and the base64url of its nonce, tag and ciphertext (28 bytes and more). */
const SEALED_TEXT = /^v1:[A-Za-z0-9_-]{38,}$/;

export function isSealedText(value: unknown): value is string {
  return typeof value === 'string' && SEALED_TEXT.test(value);
}

/** A copy of `value` (JSON) with every sealed text replaced by the placeholder. */
export function redactSealed<T>(value: T): T {
  if (isSealedText(value)) return SEALED_PLACEHOLDER as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactSealed(item)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactSealed(item as unknown)])) as T;
  }
  return value;
}
