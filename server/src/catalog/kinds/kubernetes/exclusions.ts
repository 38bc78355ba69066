import { isRecord } from '@pharos/core';
import { matchItems } from '../../../kubernetes/match-items.js';

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

export function isExcluded(exclusions: Exclusions, object: { kind: string; name: string; namespace?: string | undefined; labels: Record<string, string> }): boolean {
  if (exclusions.name.length > 0 && matchItems(object.name, exclusions.name)) return true;
  if (object.namespace && exclusions.namespace.length > 0 && matchItems(object.namespace, exclusions.namespace)) return true;
  if (exclusions.kind.length > 0 && matchItems(object.kind, exclusions.kind)) return true;
  return Object.entries(exclusions.labels).some(([key, pattern]) => key in object.labels && matchItems(object.labels[key]!, [pattern]));
}
