import { isRecord } from '@pharos/core';
import type { ResolvedConnection } from '../../../connections/resolve.js';
import { targetWithin } from '../../../connections/origin.js';

/** The fields of a service account's JSON key that signing in needs. */
export interface ServiceAccountKey {
  clientEmail: string;
  privateKey: string;
  privateKeyId?: string;
  /** Where the signed assertion is exchanged for an access token: the key's `token_uri`. */
  tokenUri: string;
  projectId?: string;
}

/** A spec's way into Google Cloud: the key it signs in with, the projects it reads, where the API calls go. */
export interface GcpAccess {
  key: ServiceAccountKey;
  projects: string[];
  /** Every Compute and Storage call goes here instead of Google's own endpoints (a stand-in, a private endpoint). */
  endpoint?: string;
}

export interface GcpAccessResolver {
  value(field: unknown): Promise<string | undefined>;
  connection(reference: string): Promise<ResolvedConnection>;
}

/** A spec whose credentials cannot be found or read, said so that a person can fix it. */
export class GcpAccessError extends Error {}

const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** A service account key from its JSON text, or an error that says what is wrong with it (never the key itself). */
export function serviceAccountKeyOf(json: string): ServiceAccountKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new GcpAccessError('credentials is not JSON: give the JSON key of a service account');
  }
  if (!isRecord(parsed) || parsed['type'] !== 'service_account') throw new GcpAccessError('credentials is not the JSON key of a service account ("type": "service_account")');
  const clientEmail = text(parsed['client_email']);
  const privateKey = text(parsed['private_key']);
  if (!clientEmail || !privateKey) throw new GcpAccessError('the service account key has no client_email or private_key');
  const privateKeyId = text(parsed['private_key_id']);
  const projectId = text(parsed['project_id']);
  return { clientEmail, privateKey, tokenUri: text(parsed['token_uri']) ?? GOOGLE_TOKEN_URI, ...(privateKeyId ? { privateKeyId } : {}), ...(projectId ? { projectId } : {}) };
}

/** config-db's `projects` and its alias `project`, as bare ids. */
function projectsOf(spec: Record<string, unknown>): string[] {
  const listed = Array.isArray(spec['projects']) ? spec['projects'] : [];
  const ids = [...listed, spec['project']].map(text).filter((id): id is string => id !== undefined).map((id) => id.replace(/^projects\//, ''));
  return [...new Set(ids)];
}

/**
 * The key, projects and endpoint of a gcp scraper, as config-db reads its GCPConnection: `credentials`
 * (a secret-or-value field holding a service account's JSON key) and `endpoint` of the spec win over
 * those of its `connection` (a google_cloud connection: certificate the key, url the endpoint, property
 * project). A connection's key goes only to the connection's own endpoint. Without a key Pharos does
 * not fall back to the machine's own Google credentials.
 */
export async function gcpAccessOf(spec: Record<string, unknown>, resolver: GcpAccessResolver): Promise<GcpAccess> {
  const reference = text(spec['connection']);
  const connection = reference ? await resolver.connection(reference) : undefined;
  if (connection && connection.type !== 'google_cloud') throw new GcpAccessError(`connection ${reference} is a ${connection.type} connection, not a google_cloud (gcp) one`);
  const ownKey = await resolver.value(spec['credentials']);
  const usesConnectionKey = connection !== undefined && !ownKey;
  const json = ownKey || (usesConnectionKey ? text(connection.certificate) : undefined);
  if (!json) throw new GcpAccessError('credentials is required (the JSON key of a service account, or a gcp connection that holds one): Pharos does not use the credentials of the machine it runs on');
  const key = serviceAccountKeyOf(json);
  const ownEndpoint = text(spec['endpoint']);
  const endpoint = usesConnectionKey ? (targetWithin(connection, ownEndpoint, 'endpoint') ?? undefined) : (ownEndpoint ?? text(connection?.url));
  const named = projectsOf(spec);
  const fallback = text(connection?.properties['project']) ?? key.projectId;
  const projects = named.length > 0 ? named : fallback ? [fallback] : [];
  if (projects.length === 0) {
    throw new GcpAccessError(
      text(spec['organization']) ? 'organization alone is not read by this Pharos: name the projects to read in projects' : 'project is required (or projects, or a key with a project_id)',
    );
  }
  return { key, projects, ...(endpoint ? { endpoint } : {}) };
}
