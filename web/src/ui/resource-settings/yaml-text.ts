import { parse, stringify } from 'yaml';

/** A document as YAML for an editor; an empty object is the empty text. */
export function toYamlText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) return '';
  return stringify(value, { lineWidth: 0 });
}

export type ParsedObject = { ok: true; value: Record<string, unknown> } | { ok: false; error: Error };

/**
 * Parses the YAML (or JSON) text of a spec or labels editor into an object; empty text is `{}`.
 * Anything else (a syntax error, a list, a scalar) is a failure the caller logs and does not apply.
 */
export function parseYamlObject(text: string): ParsedObject {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    const value: unknown = parse(text);
    if (value === null || value === undefined) return { ok: true, value: {} };
    if (typeof value !== 'object' || Array.isArray(value)) {
      return { ok: false, error: new Error('The document is not a mapping of keys to values') };
    }
    return { ok: true, value: value as Record<string, unknown> };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
  }
}
