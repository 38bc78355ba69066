import type pg from 'pg';
import { ForeignOrigin, targetWithin } from '../connections/origin.js';
import { resolveConnection } from '../connections/resolve.js';
import { splitUserInfo } from '../connections/url-user-info.js';
import { resolveValue, UnresolvedReference } from '../secret-store/resolve.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type { Endpoint } from './spec.js';

/** Where a backend is, every reference resolved. */
export interface ResolvedEndpoint {
  url: string;
  username?: string;
  password?: string;
  insecureTls: boolean;
}

export interface EndpointContext {
  pool: pg.Pool;
  secrets: ServerSecrets;
  /** The backend's namespace: connections and secrets are looked up there first. */
  namespace: string;
}

/** A reference that cannot be resolved: the backend's configuration is at fault (the route answers 400). */
export class EndpointError extends Error {}

/**
 * The url and credentials of a backend: its own fields win over those of the connection it names,
 * as checks do with theirs.
 */
export async function resolveEndpoint(context: EndpointContext, endpoint: Endpoint): Promise<ResolvedEndpoint | undefined> {
  try {
    const connection = endpoint.connection ? await resolveConnection(context.pool, context.secrets, endpoint.connection, context.namespace) : undefined;
    const value = async (text: string | undefined): Promise<string | undefined> => (text === undefined ? undefined : resolveValue(context.pool, context.secrets, text, context.namespace));
    const url = connection ? targetWithin(connection, endpoint.url) : endpoint.url;
    if (!url) {
      if (endpoint.connection) throw new EndpointError(`the connection ${endpoint.connection} has no url`);
      return undefined;
    }
    // A url's own user and password (`https://user:password@host`) are sent as basic credentials.
    const written = splitUserInfo(url);
    const username = (await value(endpoint.username)) ?? written.username ?? connection?.username ?? undefined;
    const password = (await value(endpoint.password)) ?? written.password ?? connection?.password ?? undefined;
    return { url: written.url, insecureTls: connection?.insecure_tls ?? false, ...(username ? { username } : {}), ...(password ? { password } : {}) };
  } catch (error) {
    if (error instanceof UnresolvedReference || error instanceof ForeignOrigin) throw new EndpointError(error.message);
    throw error;
  }
}
