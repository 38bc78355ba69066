/**
 * What every reader is answered instead of a sealed secret. Saving it back where a sealed value is
 * saved keeps that value; anywhere else it is refused.
 */
export const SEALED_PLACEHOLDER = '<sealed>';

/** A value sealed with a server key: `v1:` and the base64url of its nonce, tag and ciphertext (28 bytes and more). */
const SEALED = 'v1:[A-Za-z0-9_-]{38,}';
const SEALED_TEXT = new RegExp(`^${SEALED}$`);
/** A sealed value inside a text, also within a string of JSON text: not preceded by another base64url character. */
const SEALED_IN_TEXT = new RegExp(`(^|[^A-Za-z0-9_-])${SEALED}`, 'g');

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

/**
 * A text (an answer's JSON) with every sealed value written as the placeholder: the pattern of the
 * database's redact_sealed, applied where the text arrives instead of by PostgreSQL.
 */
export function redactSealedText(text: string): string {
  // Most texts hold none: a plain search is far cheaper than the expression.
  if (!text.includes('v1:')) return text;
  return text.replace(SEALED_IN_TEXT, `$1${SEALED_PLACEHOLDER}`);
}
