import type { KubeObject } from '../../../kubernetes/client.js';
import type { ScrapedChange } from '../../scrape-types.js';
import { severityOfEvent, type EventSettings } from './event-settings.js';

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** config-db's source of an event: its component, else `kubernetes/` and its source's fields. */
function sourceOf(event: KubeObject): string {
  const source = record(event['source']);
  if (typeof source['component'] === 'string') return source['component'];
  return `kubernetes/${Object.entries(source).map(([key, value]) => `${key}=${String(value)}`).sort().join(',')}`;
}

/** A Kubernetes event as a change of the object it involves (config-db: reason is the change type, message the summary). */
export function changeOfEvent(event: KubeObject, settings: EventSettings): { involvedUid: string; change: ScrapedChange } | undefined {
  const involved = record(event['involvedObject']);
  const reason = text(event['reason']);
  const involvedUid = text(involved['uid']);
  if (!reason || !involvedUid) return undefined;
  const created = text(event['lastTimestamp']) ?? text(event['eventTime']) ?? text(event.metadata.creationTimestamp as unknown);
  const { managedFields: _managed, ...metadata } = event.metadata;
  return {
    involvedUid,
    change: {
      changeType: reason,
      externalChangeId: text(event.metadata.uid) ?? null,
      summary: text(event['message']) ?? null,
      severity: severityOfEvent(settings, event),
      source: sourceOf(event),
      createdAt: created ? new Date(created) : null,
      details: { ...event, metadata },
    },
  };
}
