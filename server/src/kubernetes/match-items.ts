function globMatches(pattern: string, value: string): boolean {
  if (pattern === '*') return true;
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === value;
  const escaped = parts.map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`).test(value);
}

/** Flanksource's MatchItems: a `!pattern` excludes, `*` is a wildcard; with only exclusions, the rest match. */
export function matchItems(value: string, patterns: string[]): boolean {
  const negative = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1));
  if (negative.some((pattern) => globMatches(pattern, value))) return false;
  const positive = patterns.filter((pattern) => !pattern.startsWith('!'));
  return positive.length === 0 ? negative.length > 0 : positive.some((pattern) => globMatches(pattern, value));
}
