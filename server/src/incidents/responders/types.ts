import type { ResponderClientType } from '@pharos/core';
import type { ResolvedConnection } from '../../connections/resolve.js';

/** A team responder as the sync reads it: the row and the fields it was created with. */
export interface ResponderRow {
  id: string;
  incident_id: string;
  team_id: string;
  external_id: string | null;
  properties: Record<string, unknown>;
  acknowledge_time: Date | null;
  signoff_time: Date | null;
  close_time: Date | null;
  sync_attempts: number;
  incident: { id: string; incident_id: string | null; title: string; description: string | null; severity: string | null };
}

/** Where a client reaches: the team's connection for this type, and the team's defaults for the fields. */
export interface ClientTarget {
  connection: ResolvedConnection;
  /** The team's defaults under the responder's own fields (which win), all as strings. */
  fields: Record<string, string>;
  signal: AbortSignal;
}

/** What creating the item gave. */
export interface Created {
  externalId: string;
  /** Extra facts worth showing (a ticket number, a link), kept in responders.properties. */
  properties?: Record<string, string>;
}

/** Where the remote item stands; each flag, once true, sets its time (acknowledge, signoff, close). */
export interface RemoteState {
  acknowledged: boolean;
  resolved: boolean;
  closed: boolean;
  comments?: RemoteComment[];
}

export interface RemoteComment {
  id: string;
  body: string;
  author: string | null;
}

export interface Option {
  value: string;
  label: string;
}

/** How one client type reaches its system. */
export interface ResponderClient {
  create(target: ClientTarget, responder: ResponderRow): Promise<Created>;
  /** Absent for clients whose item has no state to follow (an email). */
  follow?(target: ClientTarget, externalId: string): Promise<RemoteState>;
  /** The dialog's choices (GET /api/incidents/responder-options); absent when the type has none. */
  options?(target: ClientTarget, query: Record<string, string>): Promise<Record<string, Option[]>>;
}

export type ClientType = Exclude<ResponderClientType, 'person'>;
