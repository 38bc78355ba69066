import { isRecord } from '@pharos/core';

/** config-db's `exclusions` of the kubernetes scraper: objects whose name, kind or namespace match a pattern, or whose label matches. */
export interface Exclusions {
  name: string[];
  kind: string[];
  namespace: string[];
  labels: Record<string, string>;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string' && entry !== '') : []);

export function exclusionsOf(spec: Record<string, unknown>): Exclusions {
  const given = isRecord(spec['exclusions']) ? spec['exclusions'] : {};
  const labels = isRecord(given['labels']) ? Object.fromEntries(Object.entries(given['labels']).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {};
  return { name: strings(given['name']), kind: strings(given['kind']), namespace: strings(given['namespace']), labels };
}

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

export function isExcluded(exclusions: Exclusions, object: { kind: string; name: string; namespace?: string | undefined; labels: Record<string, string> }): boolean {
  if (exclusions.name.length > 0 && matchItems(object.name, exclusions.name)) return true;
  if (object.namespace && exclusions.namespace.length > 0 && matchItems(object.namespace, exclusions.namespace)) return true;
  if (exclusions.kind.length > 0 && matchItems(object.kind, exclusions.kind)) return true;
  return Object.entries(exclusions.labels).some(([key, pattern]) => key in object.labels && matchItems(object.labels[key]!, [pattern]));
}
