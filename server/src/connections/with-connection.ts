import type pg from 'pg';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { isConnectionString } from './connection-string.js';
import { mergeConnection } from './origin.js';
import { resolveConnection } from './resolve.js';

/**
 * A spec (a check's, an action's, a lookup's) with what its `connection` gives, under the spec's own
 * fields, which win; the spec's own address must stay within the connection's origin (origin.ts).
 */
export async function withConnection(pool: pg.Pool, secrets: ServerSecrets, spec: Record<string, unknown>, namespace: string): Promise<Record<string, unknown>> {
  const reference = spec['connection'];
  if (typeof reference !== 'string' || reference === '') return spec;
  if (isConnectionString(reference)) {
    // canary-checker's checks read a `connection` that is no connection:// reference as their URL, over `url`.
    const own: Record<string, unknown> = { ...spec, url: reference };
    delete own['connection'];
    return own;
  }
  return mergeConnection(await resolveConnection(pool, secrets, reference, namespace), spec);
}
