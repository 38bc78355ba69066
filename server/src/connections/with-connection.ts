import type pg from 'pg';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { resolveConnection } from './resolve.js';

/**
 * A spec (a check's, an action's) with what its `connection` gives — the connection's properties,
 * url, username and password — under the spec's own fields, which win.
 */
export async function withConnection(pool: pg.Pool, secrets: ServerSecrets, spec: Record<string, unknown>, namespace: string): Promise<Record<string, unknown>> {
  const reference = spec['connection'];
  if (typeof reference !== 'string' || reference === '') return spec;
  const connection = await resolveConnection(pool, secrets, reference, namespace);
  return {
    ...connection.properties,
    ...(connection.url ? { url: connection.url } : {}),
    ...(connection.username ? { username: connection.username } : {}),
    ...(connection.password ? { password: connection.password } : {}),
    ...spec,
  };
}
