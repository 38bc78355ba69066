import { isRecord } from '@pharos/core';
import type pg from 'pg';
import { resolveConnection, type ResolvedConnection } from '../../connections/resolve.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';
import { RemoteError } from './http.js';

/** A team's client of one type: its resolved connection and the team's defaults for the fields. */
export interface TeamClient {
  connection: ResolvedConnection;
  defaults: Record<string, string>;
}

/** The fields a responder sends: the team's defaults under the responder's own, all as strings. */
export function fieldsOf(defaults: Record<string, string>, properties: Record<string, unknown>): Record<string, string> {
  const fields = { ...defaults };
  for (const [key, value] of Object.entries(properties)) {
    if (key === 'responderType' || key === 'error' || value === null || value === undefined || typeof value === 'object') continue;
    // An empty field leaves the team's default in place.
    if (String(value).trim() !== '' || !(key in fields)) fields[key] = String(value);
  }
  return fields;
}

/** teams.spec.responder_clients[type] with its connection resolved; a RemoteError says what is missing. */
export async function teamClient(pool: pg.Pool, secrets: ServerSecrets, teamId: string, type: string): Promise<TeamClient> {
  const { rows } = await pool.query<{ name: string; client: unknown }>(`SELECT name, spec->'responder_clients'->$2 AS client FROM teams WHERE id = $1 AND deleted_at IS NULL`, [teamId, type]);
  const team = rows[0];
  if (!team) throw new RemoteError('the team no longer exists');
  if (!isRecord(team.client)) throw new RemoteError(`the team ${team.name} has no ${type} responder client`);
  const { connection: reference, ...rest } = team.client;
  if (typeof reference !== 'string' || reference === '') throw new RemoteError(`the team ${team.name}'s ${type} client names no connection`);
  let connection: ResolvedConnection;
  try {
    // Teams have no namespace: their clients use connections as a resource of `default` would.
    connection = await resolveConnection(pool, secrets, reference, 'default');
  } catch (error) {
    throw new RemoteError((error as Error).message);
  }
  const defaults: Record<string, string> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== null && typeof value !== 'object') defaults[key] = String(value);
  return { connection, defaults };
}
