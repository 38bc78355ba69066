import type { ResolvedConnection } from '../connections/resolve.js';
import { targetWithin } from '../connections/origin.js';

/** A spec's way into AWS: who it signs as, where it sends, in which regions. */
export interface AwsAccess {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** A role (ARN) whose temporary keys the calls are signed with, assumed with the keys above. */
  assumeRole?: string;
  /** Every call goes here instead of the public AWS endpoints (LocalStack, MinIO, a stand-in). */
  endpoint?: string;
  skipTLSVerify: boolean;
  regions: string[];
}

/** What reading a spec's credentials needs: its secret-or-value fields resolved, its connection looked up. */
export interface AwsAccessResolver {
  value(field: unknown): Promise<string | undefined>;
  connection(reference: string): Promise<ResolvedConnection>;
}

/** A spec whose credentials cannot be found or may not be used, said so that a person can fix it. */
export class AwsAccessError extends Error {}

const AWS_CONNECTION_TYPES = new Set(['aws', 's3']);

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

function regionsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map(text).filter((region): region is string => region !== undefined);
}

/**
 * The credentials, endpoint and regions of an aws scraper or a cloudwatch check, as config-db and
 * canary-checker read their AWSConnection: `accessKey`/`secretKey` (secret-or-value fields) and
 * `region`, `endpoint`, `skipTLSVerify`, `assumeRole` of the spec win over those of its `connection`
 * (an aws or s3 connection: username the access key, password the secret key, url the endpoint,
 * properties sessionToken and assumeRole). A connection's keys go only to the connection's own endpoint. Pharos never falls
 * back to the machine's own AWS credentials: a spec without keys is an error.
 */
export async function awsAccessOf(spec: Record<string, unknown>, resolver: AwsAccessResolver): Promise<AwsAccess> {
  const reference = text(spec['connection']);
  const connection = reference ? await resolver.connection(reference) : undefined;
  if (connection && !AWS_CONNECTION_TYPES.has(connection.type)) throw new AwsAccessError(`connection ${reference} is a ${connection.type} connection, not an aws one`);
  const ownKey = await resolver.value(spec['accessKey']);
  const ownSecret = await resolver.value(spec['secretKey']);
  const usesConnectionKeys = connection !== undefined && !ownKey && !ownSecret;
  const accessKeyId = ownKey || (usesConnectionKeys ? connection.username : undefined);
  const secretAccessKey = ownSecret || (usesConnectionKeys ? connection.password : undefined);
  if (!accessKeyId || !secretAccessKey) {
    throw new AwsAccessError('accessKey and secretKey are required (or a connection of type aws that holds them): Pharos does not use the credentials of the machine it runs on');
  }
  const ownEndpoint = text(spec['endpoint']);
  // The connection's keys stay with the connection's endpoint (an endpoint of the spec must be of the same origin).
  const endpoint = usesConnectionKeys ? (targetWithin(connection, ownEndpoint, 'endpoint') ?? undefined) : (ownEndpoint ?? text(connection?.url));
  const sessionToken = (await resolver.value(spec['sessionToken'])) || (usesConnectionKeys ? text(connection.properties['sessionToken']) : undefined);
  const assumeRole = text(spec['assumeRole']) ?? (usesConnectionKeys ? text(connection.properties['assumeRole']) : undefined);
  const regions = regionsOf(spec['region']);
  const connectionRegion = text(connection?.properties['region']);
  return {
    accessKeyId,
    secretAccessKey,
    ...(sessionToken ? { sessionToken } : {}),
    ...(assumeRole ? { assumeRole } : {}),
    ...(endpoint ? { endpoint } : {}),
    skipTLSVerify: spec['skipTLSVerify'] === true || (spec['skipTLSVerify'] === undefined && connection?.insecure_tls === true),
    regions: regions.length > 0 ? regions : connectionRegion ? [connectionRegion] : [],
  };
}
