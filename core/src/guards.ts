/** A JSON-like object (not null, not an array): what a parsed mapping is. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
