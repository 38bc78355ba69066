import { isRecord } from '@pharos/core';
import type { KubeObject } from '../../../kubernetes/client.js';
import { matchItems } from '../../../kubernetes/match-items.js';

/**
 * config-db's `event` of a kubernetes entry: `exclusions` (`name` and `namespace` of the involved
 * object, `reason`; patterns with `*` and `!`) drop events before they become changes, and
 * `severityKeywords` (`error`, `warn`: reason patterns) set a change's severity.
 */
export interface EventSettings {
  exclusions: { name: string[]; namespace: string[]; reason: string[] };
  severityKeywords: { error: string[]; warn: string[] };
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string' && entry !== '') : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function eventSettingsOf(spec: Record<string, unknown>): EventSettings {
  const event = isRecord(spec['event']) ? spec['event'] : {};
  const exclusions = isRecord(event['exclusions']) ? event['exclusions'] : {};
  const keywords = isRecord(event['severityKeywords']) ? event['severityKeywords'] : {};
  return {
    exclusions: { name: strings(exclusions['name']), namespace: strings(exclusions['namespace']), reason: strings(exclusions['reason']) },
    severityKeywords: { error: strings(keywords['error']), warn: strings(keywords['warn']) },
  };
}

const matches = (value: string, patterns: string[]) => value !== '' && patterns.length > 0 && matchItems(value, patterns);

export function isExcludedEvent(settings: EventSettings, event: KubeObject): boolean {
  const involved = isRecord(event['involvedObject']) ? event['involvedObject'] : {};
  const { name, namespace, reason } = settings.exclusions;
  return matches(text(involved['name']), name) || matches(text(involved['namespace']), namespace) || matches(text(event['reason']), reason);
}

/** The change's severity: an `error` keyword high, a `warn` keyword medium, else a Warning event medium and the rest info. */
export function severityOfEvent(settings: EventSettings, event: KubeObject): string {
  const reason = text(event['reason']);
  if (matches(reason, settings.severityKeywords.error)) return 'high';
  if (matches(reason, settings.severityKeywords.warn)) return 'medium';
  return event['type'] === 'Warning' ? 'medium' : 'info';
}
