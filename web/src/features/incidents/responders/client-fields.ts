import { RESPONDER_CLIENT_FIELDS, RESPONDER_CLIENT_TYPES, type ResponderClientType } from '@pharos/core';
import type { ResponderClients } from './types';

export type TeamClientType = Exclude<ResponderClientType, 'person'>;

export const PROVIDE_VALID_VALUE = 'Please provide valid value';
export const NO_CLIENTS = 'There were no responders configured for this team';

export const CLIENT_LABELS: Readonly<Record<ResponderClientType, string>> = {
  email: 'Email',
  jira: 'Jira',
  service_now: 'ServiceNow',
  ca: 'CA',
  aws_support: 'AWS Support',
  aws_ams_services_request: 'AWS AMS Service Request',
  redhat: 'Red Hat',
  oracle: 'Oracle',
  ms_planner: 'Microsoft Planner',
  vmware: 'VMware',
  person: 'Person',
};

const FIELD_LABELS: Readonly<Record<string, string>> = {
  to: 'To',
  subject: 'Subject',
  body: 'Body',
  project: 'Project',
  issueType: 'Issue Type',
  summary: 'Summary',
  description: 'Description',
  priority: 'Priority',
  category: 'Category',
  product: 'Product',
  plan_id: 'Plan',
  bucket_id: 'Bucket',
  title: 'Title',
};

const MULTILINE = new Set(['body', 'description']);

/**
 * Fields whose choices come from the remote system through the team's connection; `after` names
 * the field whose value they are asked for with (issue types and priorities of a Jira project, the
 * buckets of a Planner plan).
 */
const REMOTE_CHOICES: Partial<Record<TeamClientType, Readonly<Record<string, { after?: string }>>>> = {
  jira: { project: {}, issueType: { after: 'project' }, priority: { after: 'project' } },
  ms_planner: { plan_id: {}, bucket_id: { after: 'plan_id' }, priority: {} },
};

export interface ClientField {
  name: string;
  label: string;
  multiline: boolean;
  /** Choices from the responder-options endpoint, asked for once this field has a value ('' when asked without). */
  remote?: { after: string };
}

/** The fields of a client type in the order of spec 2 §3. */
export function clientFields(type: TeamClientType): ClientField[] {
  const remote = REMOTE_CHOICES[type] ?? {};
  return RESPONDER_CLIENT_FIELDS[type].map((name) => {
    const choices = remote[name];
    return {
      name,
      label: FIELD_LABELS[name] ?? name,
      multiline: MULTILINE.has(name),
      ...(choices ? { remote: { after: choices.after ?? '' } } : {}),
    };
  });
}

const TEAM_CLIENT_TYPES = new Set<string>(RESPONDER_CLIENT_TYPES.filter((type) => type !== 'person'));

export const isTeamClientType = (type: string): type is TeamClientType => TEAM_CLIENT_TYPES.has(type);

/** The client types a team has configured (the keys of its responder_clients), known types only. */
export function teamClientTypes(clients: ResponderClients | null | undefined): TeamClientType[] {
  return Object.keys(clients ?? {}).filter(isTeamClientType);
}

/** The team's defaults for a client's fields (everything but the connection), as text. */
export function clientDefaults(clients: ResponderClients | null | undefined, type: TeamClientType): Record<string, string> {
  const client = clients?.[type] ?? {};
  const values: Record<string, string> = {};
  for (const { name } of clientFields(type)) {
    const value = client[name];
    values[name] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return values;
}

/** The label a responder is shown with: its client type's name. */
export function clientLabel(type: string | undefined): string {
  return type && type in CLIENT_LABELS ? CLIENT_LABELS[type as ResponderClientType] : (type ?? '');
}
