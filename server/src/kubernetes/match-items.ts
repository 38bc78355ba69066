function globMatches(pattern: string, value: string): boolean {
  if (pattern === '*') return true;
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern.toLowerCase() === value.toLowerCase();
  const escaped = parts.map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`, 'i').test(value);
}

/**
 * Flanksource's MatchItems: a `!pattern` excludes, `*` is a wildcard; with only exclusions, the rest
 * match. Case does not count, as upstream: config-db's own example excludes `customresourcedefinition`.
 */
export function matchItems(value: string, patterns: string[]): boolean {
  const negative = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1));
  if (negative.some((pattern) => globMatches(pattern, value))) return false;
  const positive = patterns.filter((pattern) => !pattern.startsWith('!'));
  return positive.length === 0 ? negative.length > 0 : positive.some((pattern) => globMatches(pattern, value));
}
