import { Agent } from 'node:https';
import type { AwsAccess } from './access.js';

/** Where calls go when a spec names no region (config-db leaves it to the SDK's default). */
export const DEFAULT_REGION = 'us-east-1';

/** What every AWS SDK client of a spec is built with. */
export interface AwsClientConfig {
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  endpoint?: string;
  /** S3 addresses buckets by path on an endpoint of the user's (MinIO and LocalStack need it). */
  forcePathStyle: boolean;
  maxAttempts: number;
  ignoreConfiguredEndpointUrls: boolean;
  requestHandler: { requestTimeout: number; httpsAgent?: Agent };
}

const REQUEST_TIMEOUT_MS = 30_000;

/** The client settings for one region: the spec's keys only (never the machine's), its endpoint, its TLS choice. */
export function clientConfigOf(access: AwsAccess, region: string): AwsClientConfig {
  return {
    region,
    credentials: { accessKeyId: access.accessKeyId, secretAccessKey: access.secretAccessKey, ...(access.sessionToken ? { sessionToken: access.sessionToken } : {}) },
    ...(access.endpoint ? { endpoint: access.endpoint } : {}),
    forcePathStyle: access.endpoint !== undefined,
    // AWS_ENDPOINT_URL and ~/.aws/config of the server's machine do not redirect a spec's keys.
    ignoreConfiguredEndpointUrls: true,
    // One retry of what the SDK deems passing (throttling, a dropped connection); a refused signature is never retried.
    maxAttempts: 2,
    requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, ...(access.skipTLSVerify ? { httpsAgent: new Agent({ rejectUnauthorized: false }) } : {}) },
  };
}

/** An SDK error as a person reads it: AWS's code and message, e.g. `SignatureDoesNotMatch: The request signature …`. */
export function awsErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = error.name && error.name !== 'Error' ? error.name : undefined;
  return code && !error.message.startsWith(code) ? `${code}: ${error.message}` : error.message;
}
