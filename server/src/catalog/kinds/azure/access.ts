import type { ResolvedConnection } from '../../../connections/resolve.js';
import { targetWithin } from '../../../connections/origin.js';
import { text } from '../types.js';

/** The public cloud's endpoints; a sovereign cloud (or a stand-in) names its own. */
export const PUBLIC_ARM = 'https://management.azure.com';
export const PUBLIC_AUTHORITY = 'https://login.microsoftonline.com';

/** A spec's way into Azure Resource Manager: a service principal's secret, and where it is sent. */
export interface AzureAccess {
  subscriptionID: string;
  tenantID: string;
  clientID: string;
  clientSecret: string;
  /** ARM's base URL (`endpoint`), whose `/.default` scope the token is asked for. */
  endpoint: string;
  /** The Microsoft identity platform's host (`authorityHost`). */
  authorityHost: string;
  skipTLSVerify: boolean;
}

/** A spec whose credentials are missing, said so that a person can fix it. */
export class AzureAccessError extends Error {}

function origin(field: string, value: unknown, fallback: string): string {
  const given = text(value);
  if (!given) return fallback;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new AzureAccessError(`${field} must be a URL such as ${fallback}, not ${given}`);
  }
  if (url.protocol !== 'https:') throw new AzureAccessError(`${field} must be an https:// URL: Azure's libraries send tokens only over TLS (got ${given})`);
  return url.href.replace(/\/+$/, '');
}

/** What reading a spec's credentials needs: its secret-or-value fields resolved, its connection looked up. */
export interface AzureAccessResolver {
  value(field: unknown): Promise<string | undefined>;
  connection(reference: string): Promise<ResolvedConnection>;
}

/**
 * config-db's Azure spec: `subscriptionID`, `tenantID`, `clientID` and `clientSecret` (secret-or-value
 * fields) or those of its `connection` (an azure connection: username the client id, password the
 * secret, property `tenant`; its url ARM's base URL and property `authorityUrl` for clouds other than
 * the public one), plus the spec's own `endpoint` and `authorityHost`. A connection's secret goes only
 * to the connection's own hosts. Pharos never falls back to the machine's own Azure identity.
 */
export async function azureAccessOf(spec: Record<string, unknown>, resolver: AzureAccessResolver): Promise<AzureAccess> {
  const reference = text(spec['connection']);
  const connection = reference ? await resolver.connection(reference) : undefined;
  if (connection && connection.type !== 'azure') throw new AzureAccessError(`connection ${reference} is a ${connection.type} connection, not an azure one`);
  const ownID = await resolver.value(spec['clientID']);
  const ownSecret = await resolver.value(spec['clientSecret']);
  const usesConnection = connection !== undefined && !ownSecret;
  const subscriptionID = text(spec['subscriptionID']);
  const tenantID = text(spec['tenantID']) ?? text(connection?.properties['tenant']) ?? text(connection?.properties['tenantID']);
  const clientID = ownID || (usesConnection ? (connection.username ?? undefined) : undefined);
  const clientSecret = ownSecret || (usesConnection ? (connection.password ?? undefined) : undefined);
  const missing = [!subscriptionID && 'subscriptionID', !tenantID && 'tenantID', !clientID && 'clientID', !clientSecret && 'clientSecret'].filter((field): field is string => !!field);
  if (missing.length > 0) {
    throw new AzureAccessError(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required (in the spec or its azure connection): Pharos does not use the Azure identity of the machine it runs on`);
  }
  let endpoint = text(spec['endpoint']);
  let authorityHost = text(spec['authorityHost']);
  if (usesConnection) {
    // The connection's secret stays with the connection's hosts.
    endpoint = targetWithin(connection, endpoint, 'endpoint') ?? undefined;
    const own = text(connection.properties['authorityUrl']) ?? PUBLIC_AUTHORITY;
    if (authorityHost && origin('authorityHost', authorityHost, own) !== origin('authorityHost', own, own)) {
      throw new AzureAccessError(`connection ${reference} signs in only at ${own}: authorityHost ${authorityHost} is another host (set the connection's authorityUrl property)`);
    }
    authorityHost = own;
  }
  return {
    subscriptionID: subscriptionID!,
    tenantID: tenantID!,
    clientID: clientID!,
    clientSecret: clientSecret!,
    endpoint: origin('endpoint', endpoint, PUBLIC_ARM),
    authorityHost: origin('authorityHost', authorityHost, PUBLIC_AUTHORITY),
    skipTLSVerify: spec['skipTLSVerify'] === true || (spec['skipTLSVerify'] === undefined && connection?.insecure_tls === true),
  };
}
