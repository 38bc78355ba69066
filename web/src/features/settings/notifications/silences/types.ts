import type { PersonRef } from '../../../../ui/resource-settings/person-cell';
import type { SendHistoryRow } from '../types';

export const SELECTOR_TYPES = ['check', 'config', 'component', 'canary'] as const;
export type SelectorType = (typeof SELECTOR_TYPES)[number];

/** Which resources a silence covers: any of type, id, name (a glob) and a label selector. */
export interface SilenceSelector {
  type?: SelectorType;
  id?: string;
  name?: string;
  labels?: string;
}

/** What the silence writes. */
export interface SilencePayload {
  name: string;
  description: string | null;
  from: string;
  until: string;
  filter: string | null;
  selectors: SilenceSelector[] | null;
  notification_id: string | null;
}

/** A row of `notification_silences` with its creator and notification. */
export interface SilenceRow extends SilencePayload {
  id: string;
  source: string | null;
  created_by: PersonRef | null;
  created_at: string;
  updated_at: string;
  notification: { id: string; title: string | null } | null;
}

export interface SilencePreviewRequest {
  filter?: string;
  selectors?: SilenceSelector[];
  notification_id?: string;
  from?: string;
  until?: string;
}

/** A send of the last 7 days the silence would have muted, with its notification's title. */
export type PreviewSend = Partial<SendHistoryRow> & { id: string; created_at: string; notification?: { title: string | null } | null; notification_title?: string | null };

/** A group holding failures under their root now: the one message it would send, and what it holds. */
export interface PreviewGroup {
  id: string;
  notification_title: string | null;
  root_name: string;
  closes_at: string;
  title: string;
  dependents: { resource_type: string; resource_id: string; resource_name: string | null; source_event: string }[];
}

/** A failure held while the health of a component above it may follow: grouped if it fails, else sent on its own at `settles_at`. */
export interface PreviewSettlingSend {
  id: string;
  notification_title: string | null;
  resource_type: string;
  resource_id: string;
  resource_name: string | null;
  source_event: string;
  recipient: string;
  settles_at: string;
}

export interface SilencePreview {
  matches: number;
  sends: PreviewSend[];
  /** Absent from servers before topology grouping. */
  groups?: PreviewGroup[];
  /** Absent from servers before failures settled. */
  settling?: PreviewSettlingSend[];
}
