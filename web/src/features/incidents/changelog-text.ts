import type { IncidentHistoryRow } from './types';

/** What happened, in words, for each event type of the changelog (spec 2 §4 and the records the database adds). */
const EVENT_WORDS: Readonly<Record<string, string>> = {
  'incident.created': 'Incident created',
  'incident.status_updated': 'Incident status changed',
  'incident_status.updated': 'Incident status changed',
  'incident.deleted': 'Incident deleted',
  'incident.restored': 'Incident restored',
  'responder.created': 'Responder added',
  'responder.commented': 'Comment added',
  'comment.edited': 'Comment edited',
  'evidence.created': 'Evidence added',
  'evidence.done_definition_added': 'Evidence added to the definition of done',
  'hypothesis.created': 'Hypothesis added',
  'hypothesis.status_updated': 'Hypothesis status changed',
};

const STATUS_CHANGES: ReadonlySet<string> = new Set(['incident.status_updated', 'incident_status.updated', 'hypothesis.status_updated']);

export interface ChangelogText {
  /** What happened, e.g. 'Hypothesis added' or 'Incident status changed from open to resolved'. */
  event: string;
  /** What it happened to or said (a title, a comment), when the entry records one. */
  detail: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** Capitalised words of an unknown type: `runbook.attached` → 'Runbook attached'. */
function wordsOf(type: string): string {
  const words = type.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * One changelog line: the event type in words first, so an incident and the hypothesis made with it
 * (both recorded with the same title) read as two different things.
 */
export function changelogText(row: Pick<IncidentHistoryRow, 'type' | 'description' | 'properties'>): ChangelogText {
  const event = EVENT_WORDS[row.type] ?? wordsOf(row.type);
  const from = text(row.properties?.['from']);
  const to = text(row.properties?.['to']);
  if (STATUS_CHANGES.has(row.type)) {
    if (from && to) return { event: `${event} from ${from} to ${to}`, detail: null };
    return { event, detail: text(row.description) };
  }
  const detail = text(row.description);
  // Records that describe themselves in full (e.g. 'Incident INC-7 deleted') add nothing to the words.
  return { event, detail: detail && detail !== event && !detail.endsWith(' deleted') && !detail.endsWith(' restored') ? detail : null };
}
