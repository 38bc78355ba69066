import type { ResponderClientType, ResponderType } from '@pharos/core';
import type { PersonRef } from '../types';

/** A team's client systems, keyed by client type (`teams.spec.responder_clients`). */
export type ResponderClients = Partial<Record<string, { connection?: string } & Record<string, unknown>>>;

export interface TeamRef {
  id: string;
  name: string;
  icon: string | null;
  spec: { responder_clients?: ResponderClients | null } | null;
}

/** What a responder carries: its client type, the client's fields and the error of its last attempt. */
export interface ResponderProperties {
  responderType?: ResponderClientType | string;
  error?: string;
  [field: string]: unknown;
}

export interface ResponderRow {
  id: string;
  incident_id: string;
  type: ResponderType;
  team_id: string | null;
  person_id: string | null;
  external_id: string | null;
  properties: ResponderProperties | null;
  created_at: string;
  acknowledge_time: string | null;
  signoff_time: string | null;
  close_time: string | null;
  team: TeamRef | null;
  person: PersonRef | null;
}

/** A choice the responder-options endpoint offers for a field. */
export interface ResponderOption {
  value: string;
  label: string;
}

export interface ResponderOptions {
  fields: Partial<Record<string, ResponderOption[]>>;
}

/** A team responder's client type with its field values, as the dialog saves it. */
export interface NewTeamResponder {
  kind: 'team';
  team_id: string;
  responderType: Exclude<ResponderClientType, 'person'>;
  fields: Record<string, string>;
}

export interface NewPersonResponder {
  kind: 'person';
  person_id: string;
}

export type NewResponder = NewTeamResponder | NewPersonResponder;
