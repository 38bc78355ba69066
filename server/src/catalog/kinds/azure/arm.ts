import { Agent } from 'node:https';
import { getClient, type Client } from '@azure-rest/core-client';
import { ClientSecretCredential } from '@azure/identity';
import { isRecord } from '@pharos/core';
import { PUBLIC_AUTHORITY, type AzureAccess } from './access.js';

/**
 * Azure Resource Manager through Microsoft's own libraries: `@azure/identity` gets the token (MSAL's
 * client-credentials flow, with its caching and refresh) and `@azure-rest/core-client` sends the calls
 * with it. Both were already installed (tedious and its Key Vault client depend on them), are MIT and
 * support Node 20 (`engines` >=20.0.0); the generated `@azure/arm-compute`, `-network`, `-storage` and
 * `-resources` clients would add four packages of several megabytes for the four list calls made here,
 * whose JSON is kept as ARM sent it anyway.
 */
export interface Arm {
  /** Asks the identity platform for ARM's token: the first call, so a refused secret fails the entry at once. */
  signIn(signal: AbortSignal): Promise<void>;
  /** Every item of an ARM list, following `nextLink` (only within the endpoint: it carries the token). */
  list(path: string, apiVersion: string, signal: AbortSignal): Promise<Array<Record<string, unknown>>>;
}

/** An ARM or identity platform refusal, as a person can act on it. */
export class ArmError extends Error {}

export function armOf(access: AzureAccess, userAgent: string): Arm {
  const agent = access.skipTLSVerify ? new Agent({ rejectUnauthorized: false }) : undefined;
  const credential = new ClientSecretCredential(access.tenantID, access.clientID, access.clientSecret, {
    authorityHost: access.authorityHost,
    // Instance discovery asks login.microsoftonline.com about the authority: not for another cloud's host.
    disableInstanceDiscovery: access.authorityHost !== PUBLIC_AUTHORITY,
    ...(agent ? { agent } : {}),
  });
  const scope = `${access.endpoint}/.default`;
  const client: Client = getClient(access.endpoint, credential, {
    credentials: { scopes: [scope] },
    userAgentOptions: { userAgentPrefix: userAgent },
    retryOptions: { maxRetries: 1 },
    ...(agent ? { agent } : {}),
  });
  const origin = new URL(access.endpoint).origin;
  return {
    async signIn(signal) {
      try {
        await credential.getToken(scope, { abortSignal: signal });
      } catch (error) {
        signal.throwIfAborted();
        throw new ArmError(`the identity platform at ${access.authorityHost} refused client ${access.clientID} of tenant ${access.tenantID}: ${identityErrorText(error)}`);
      }
    },
    async list(path, apiVersion, signal) {
      const items: Array<Record<string, unknown>> = [];
      let next: string | undefined = `${path}?api-version=${apiVersion}`;
      while (next) {
        const response = await client.pathUnchecked(next).get({ abortSignal: signal });
        const body: unknown = response.body;
        if (response.status !== '200') throw new ArmError(`${path}: ${response.status} ${armErrorText(body)}`);
        const page = isRecord(body) ? body : {};
        if (Array.isArray(page['value'])) items.push(...page['value'].filter(isRecord));
        const link = typeof page['nextLink'] === 'string' && page['nextLink'] !== '' ? new URL(page['nextLink'], origin) : undefined;
        if (link && link.origin !== origin) throw new ArmError(`${path}: ARM's nextLink leads to ${link.origin}, not to the endpoint ${origin}: not followed with the token`);
        next = link ? `${link.pathname}${link.search}` : undefined;
      }
      return items;
    },
  };
}

/** ARM's `{error: {code, message}}`. */
function armErrorText(body: unknown): string {
  const error = isRecord(body) && isRecord(body['error']) ? body['error'] : undefined;
  if (error && typeof error['code'] === 'string') return `${error['code']}: ${String(error['message'] ?? '')}`;
  return typeof body === 'string' ? body : JSON.stringify(body ?? null);
}

/** The identity platform's answer: its AADSTS code and description, without MSAL's trace, correlation and time stamps. */
function identityErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const described = /(AADSTS\d+: .*?)(?: Trace ID: | - |$)/.exec(message)?.[1];
  return described ?? message.split(/\r?\n/)[0]!.replace(/^ClientSecretCredential authentication failed: /, '').trim();
}
