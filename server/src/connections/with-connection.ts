import type pg from 'pg';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { connectionAsUrl, isConnectionString } from './connection-string.js';
import { mergeConnection } from './origin.js';
import { resolveConnection } from './resolve.js';

/**
 * A spec (a check's, an action's, a lookup's) with what its `connection` gives, under the spec's own
 * fields, which win; the spec's own address must stay within the connection's origin (origin.ts).
 */
export async function withConnection(pool: pg.Pool, secrets: ServerSecrets, spec: Record<string, unknown>, namespace: string): Promise<Record<string, unknown>> {
  const reference = spec['connection'];
  if (typeof reference !== 'string' || reference === '') return spec;
  if (isConnectionString(reference)) return connectionAsUrl(spec, reference);
  return mergeConnection(await resolveConnection(pool, secrets, reference, namespace), spec);
}
