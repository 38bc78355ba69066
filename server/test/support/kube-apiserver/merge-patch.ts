const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A JSON merge patch (RFC 7386) applied to a document: objects merge key by key, `null` removes a
 * key, anything else replaces. The stand-in applies strategic merge patches so too, which is what
 * they are for maps (kubectl's restart and scale patches are only maps); lists are replaced whole.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}
