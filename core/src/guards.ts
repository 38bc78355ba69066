/** A JSON-like object (not null, not an array): what a parsed mapping is. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** Whether a text is a UUID as PostgreSQL reads one (with or without its dashes): the shape of every id. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
