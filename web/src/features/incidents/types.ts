import type { EvidenceType, HypothesisStatus, HypothesisType, IncidentStatus, IncidentType } from '@pharos/core';

/** Severity as stored: the dropdown also offers info and warning (spec 2 §4). */
export type StoredSeverity = 'info' | 'warning' | 'low' | 'medium' | 'high' | 'blocker' | 'critical';

export interface PersonRef {
  id: string;
  name: string | null;
  avatar: string | null;
}

/** A row of `incident_summary`. */
export interface IncidentSummaryRow {
  id: string;
  incident_id: string;
  title: string;
  type: IncidentType;
  severity: StoredSeverity;
  status: IncidentStatus;
  created_at: string;
  created_by: string | null;
  commander: PersonRef | null;
  responders: { id: string; name: string | null; avatar: string | null }[];
  component_ids: string[];
}

/** One line of a log as kept in log evidence (spec 2 §3 "Log line"). */
export interface EvidenceLogLine {
  timestamp: string;
  message?: string;
  labels?: Record<string, string> | null;
}

/** The `evidence` object: a comment's text, or a log's lines with the indexes of the chosen ones. */
export interface EvidenceBody {
  comment?: string;
  lines?: EvidenceLogLine[];
  selected_lines?: number[];
  start?: string;
  includeMessages?: boolean;
  /** The log backend searched when no component was. */
  backend?: string;
}

export interface EvidenceRow {
  id: string;
  hypothesis_id: string;
  type: EvidenceType;
  description: string | null;
  evidence: EvidenceBody | null;
  definition_of_done: boolean;
  done: boolean;
  script?: string | null;
  component_id: string | null;
  component: { id: string; name: string | null; icon: string | null } | null;
  check_id?: string | null;
  check?: { id: string; name: string | null; status: string | null } | null;
  config_id?: string | null;
  config?: { id: string; name: string | null; type: string | null } | null;
  config_analysis_id?: string | null;
  config_analysis?: { id: string; analyzer: string; status: string | null } | null;
  config_change_id?: string | null;
  config_change?: { id: string; change_type: string; summary: string | null } | null;
  created_at: string;
}

/** An earlier text of a comment, kept as its author edited it. */
export interface CommentEdit {
  id: string;
  /** The text before this edit. */
  comment: string;
  edited_at: string;
  editor: PersonRef | null;
}

export interface CommentRow {
  id: string;
  incident_id: string;
  hypothesis_id: string | null;
  comment: string;
  created_at: string;
  created_by: string | null;
  person: PersonRef | null;
  /** When the author last changed the text; absent or null when never. */
  edited_at?: string | null;
  /** The earlier texts, oldest first. */
  edits?: CommentEdit[];
  /** Shown before the server answered (optimistic). */
  pending?: boolean;
}

export interface HypothesisRow {
  id: string;
  incident_id: string;
  parent_id: string | null;
  title: string | null;
  type: HypothesisType;
  status: HypothesisStatus;
  created_at: string;
  comments: CommentRow[];
  evidences: EvidenceRow[];
}

export interface IncidentDetail {
  id: string;
  incident_id: string;
  title: string;
  description: string | null;
  type: IncidentType;
  severity: StoredSeverity | null;
  status: IncidentStatus;
  created_at: string;
  updated_at: string;
  commander: PersonRef | null;
  creator: PersonRef | null;
  /** Set when the incident was deleted; only an administrator restores it. */
  deleted_at?: string | null;
  deleter?: PersonRef | null;
  hypotheses: HypothesisRow[];
}

export interface IncidentHistoryRow {
  id: string;
  type: string;
  description: string | null;
  /** e.g. from and to of a status change. */
  properties?: Record<string, unknown> | null;
  created_at: string;
  person: PersonRef | null;
}
