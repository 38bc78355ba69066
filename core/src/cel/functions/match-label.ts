/**
 * gomplate's matchLabel: whether a map's value at `key` matches one of comma-separated patterns,
 * `*` a wildcard, `!x` an exclusion, `!*` the key being absent.
 */

function wildcard(pattern: string, value: string): boolean {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === value;
  if (!value.startsWith(parts[0]!) || !value.endsWith(parts[parts.length - 1]!)) return false;
  let at = parts[0]!.length;
  const end = value.length - parts[parts.length - 1]!.length;
  for (const part of parts.slice(1, -1)) {
    const found = value.indexOf(part, at);
    if (found < 0 || found + part.length > end) return false;
    at = found + part.length;
  }
  return at <= end;
}

export function matchLabel(labels: Readonly<Record<string, unknown>>, key: string, patternText: string): boolean {
  const patterns = patternText
    .split(',')
    .map((pattern) => pattern.trim())
    .filter(Boolean);
  const exclusions = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1));
  const inclusions = patterns.filter((pattern) => !pattern.startsWith('!'));
  if (!Object.hasOwn(labels, key)) return inclusions.length === 0;
  const value = labels[key];
  if (typeof value !== 'string') return false;
  if (exclusions.some((pattern) => wildcard(pattern, value))) return false;
  return inclusions.length === 0 || inclusions.some((pattern) => wildcard(pattern, value));
}
