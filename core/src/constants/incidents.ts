/** Incidents, hypotheses, evidence and responders (spec 2 §3, §4, §9). */

export const INCIDENT_TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technicalDebt',
  'reliability',
] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

export const INCIDENT_SEVERITIES = ['low', 'medium', 'high', 'blocker', 'critical'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

export const INCIDENT_STATUSES = ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const INCIDENT_DEFAULTS = { type: 'availability', severity: 'low', status: 'open' } as const;
/** Severity the details panel shows when none is set. */
export const INCIDENT_DETAILS_DEFAULT_SEVERITY = 'high';
/** Default status filter of the incident list. */
export const INCIDENT_LIST_DEFAULT_STATUS = 'open';

/** Allowed next statuses of an incident; staying on the same status is always listed. */
export const INCIDENT_STATUS_TRANSITIONS: Readonly<Record<IncidentStatus, readonly IncidentStatus[]>> = {
  new: INCIDENT_STATUSES,
  open: ['open', 'investigating', 'mitigated', 'resolved', 'closed'],
  investigating: ['investigating', 'mitigated', 'resolved', 'closed'],
  mitigated: ['mitigated', 'resolved', 'closed', 'open'],
  resolved: ['resolved', 'closed', 'open'],
  closed: ['closed', 'open'],
};

export function isIncidentStatus(x: string): x is IncidentStatus {
  return (INCIDENT_STATUSES as readonly string[]).includes(x);
}

export function nextIncidentStatuses(from: IncidentStatus): readonly IncidentStatus[] {
  return INCIDENT_STATUS_TRANSITIONS[from];
}

export function canChangeIncidentStatus(from: IncidentStatus, to: IncidentStatus): boolean {
  return INCIDENT_STATUS_TRANSITIONS[from].includes(to);
}

/** Moving to these statuses first asks for contributing factors for the definition of done. */
export const STATUSES_ASKING_DEFINITION_OF_DONE: readonly IncidentStatus[] = ['mitigated', 'resolved'];

export const HYPOTHESIS_STATUSES = ['proven', 'likely', 'possible', 'unlikely', 'improbable', 'disproven'] as const;
export type HypothesisStatus = (typeof HYPOTHESIS_STATUSES)[number];

export const HYPOTHESIS_TYPES = ['root', 'factor', 'solution'] as const;
export type HypothesisType = (typeof HYPOTHESIS_TYPES)[number];

export const HYPOTHESIS_DEFAULTS = { status: 'possible', type: 'root' } as const;

/** root leads to factor, factor to solution; a solution cannot have children. */
export const HYPOTHESIS_CHILD_TYPE: Readonly<Record<HypothesisType, HypothesisType | null>> = {
  root: 'factor',
  factor: 'solution',
  solution: null,
};

export const EVIDENCE_TYPES = [
  'log',
  'config',
  'topology',
  'check',
  'config_analysis',
  'config_change',
  'comment',
] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];
/** Lines of context shown around the selected lines of log evidence. */
export const LOG_EVIDENCE_CONTEXT_LINES = 3;

export const INCIDENT_HISTORY_EVENT_TYPES = [
  'incident.created',
  'incident.status_updated',
  'responder.created',
  'responder.commented',
  'evidence.created',
  'evidence.done_definition_added',
  'hypothesis.created',
  'hypothesis.status_updated',
] as const;
export type IncidentHistoryEventType = (typeof INCIDENT_HISTORY_EVENT_TYPES)[number];
/** Older name of incident.status_updated that may still appear in history rows. */
export const INCIDENT_STATUS_UPDATED_ALIAS = 'incident_status.updated';

export const RESPONDER_TYPES = ['person', 'system'] as const;
export type ResponderType = (typeof RESPONDER_TYPES)[number];

export const RESPONDER_CLIENT_TYPES = [
  'email',
  'jira',
  'service_now',
  'ca',
  'aws_support',
  'aws_ams_services_request',
  'redhat',
  'oracle',
  'ms_planner',
  'vmware',
  'person',
] as const;
export type ResponderClientType = (typeof RESPONDER_CLIENT_TYPES)[number];

/** Fields each responder client type asks for; every type also carries external_id. */
export const RESPONDER_CLIENT_FIELDS: Readonly<Record<ResponderClientType, readonly string[]>> = {
  email: ['to', 'subject', 'body'],
  jira: ['project', 'issueType', 'summary', 'description', 'priority'],
  service_now: ['category', 'description', 'body'],
  ca: ['category', 'description', 'body'],
  aws_support: ['category', 'description', 'body'],
  aws_ams_services_request: ['category', 'description', 'body'],
  redhat: ['product', 'category', 'description', 'body'],
  oracle: ['product', 'category', 'description', 'body'],
  vmware: ['product', 'category', 'description', 'body'],
  ms_planner: ['plan_id', 'bucket_id', 'priority', 'title', 'description'],
  person: ['person'],
};

export const RESPONDER_PROGRESS_STEPS = ['Created', 'Acknowledged', 'Resolved', 'Closed'] as const;
