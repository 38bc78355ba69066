import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { servingCertificate } from '../kube-apiserver/certificate.js';

/**
 * The Microsoft identity platform and Azure Resource Manager on loopback (HTTPS, as MSAL sends
 * secrets to no other authority), for the azure scraper. It serves the tenant's OpenID configuration
 * and instance discovery, grants client-credentials tokens only for the secret it knows (refusing
 * another with AADSTS7000215 as the platform does), and answers ARM's list calls with the fixtures
 * beside it (see README.md) only with a bearer token it issued for ARM's scope.
 */

const FIXTURES = new URL('./fixtures/', import.meta.url);
const fixture = (name: string) => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as Record<string, unknown>;

export const TENANT_ID = '72f988bf-86f1-41af-91ab-2d7cd011db47';
export const SUBSCRIPTION_ID = '00000000-1111-2222-3333-444444444444';

/** One request as the stand-in saw it. */
export interface SeenAzureRequest {
  host: string;
  method: string;
  path: string;
  /** The client id a token request was for, or the one whose token an ARM call carried. */
  clientId?: string;
  scope?: string;
  /** The error code it was refused with, when it was. */
  refused?: string;
}

export interface AzureStandIn {
  url: string;
  requests: SeenAzureRequest[];
  close(): Promise<void>;
}

/** ARM's answers by path (lower-cased), as list calls of one subscription. */
const ARM_ANSWERS: Readonly<Record<string, string>> = {
  [`/subscriptions/${SUBSCRIPTION_ID}/resourcegroups`]: 'resourceGroups-list.json',
  [`/subscriptions/${SUBSCRIPTION_ID}/providers/microsoft.compute/virtualmachines`]: 'virtualMachines-listAll.json',
  [`/subscriptions/${SUBSCRIPTION_ID}/providers/microsoft.network/virtualnetworks`]: 'virtualNetworks-listAll.json',
  [`/subscriptions/${SUBSCRIPTION_ID}/providers/microsoft.network/networkinterfaces`]: 'networkInterfaces-listAll.json',
  [`/subscriptions/${SUBSCRIPTION_ID}/providers/microsoft.storage/storageaccounts`]: 'storageAccounts-list.json',
};

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The identity platform's error answer (`invalid_client`, AADSTS codes). */
function identityError(response: ServerResponse, status: number, error: string, code: number, description: string): void {
  const traceId = randomUUID();
  const correlationId = randomUUID();
  const timestamp = new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z');
  send(response, status, {
    error,
    error_description: `AADSTS${code}: ${description} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${timestamp}`,
    error_codes: [code],
    timestamp,
    trace_id: traceId,
    correlation_id: correlationId,
    error_uri: `https://login.microsoftonline.com/error?code=${code}`,
  });
}

function openidConfiguration(url: string, tenant: string): unknown {
  return {
    token_endpoint: `${url}/${tenant}/oauth2/v2.0/token`,
    token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
    jwks_uri: `${url}/${tenant}/discovery/v2.0/keys`,
    response_modes_supported: ['query', 'fragment', 'form_post'],
    subject_types_supported: ['pairwise'],
    id_token_signing_alg_values_supported: ['RS256'],
    response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
    scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    issuer: `${url}/${tenant}/v2.0`,
    request_uri_parameter_supported: false,
    userinfo_endpoint: `${url}/oidc/userinfo`,
    authorization_endpoint: `${url}/${tenant}/oauth2/v2.0/authorize`,
    device_authorization_endpoint: `${url}/${tenant}/oauth2/v2.0/devicecode`,
    http_logout_supported: true,
    frontchannel_logout_supported: true,
    end_session_endpoint: `${url}/${tenant}/oauth2/v2.0/logout`,
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nbf', 'tid', 'ver'],
    kerberos_endpoint: `${url}/${tenant}/kerberos`,
    tenant_region_scope: 'EU',
    cloud_instance_name: new URL(url).host,
    cloud_graph_host_name: 'graph.windows.net',
    msgraph_host: 'graph.microsoft.com',
    rbac_url: 'https://pas.windows.net',
  };
}

/**
 * Starts the stand-in. `clients` maps client ids to their secrets; tokens are granted for `{url}/.default`.
 */
export async function startAzureStandIn(clients: Readonly<Record<string, string>>): Promise<AzureStandIn> {
  const requests: SeenAzureRequest[] = [];
  const tokens = new Map<string, string>();
  const standIn: AzureStandIn = { url: '', requests, close: async () => undefined };

  const token = async (request: IncomingMessage, response: ServerResponse, seen: SeenAzureRequest, tenant: string) => {
    const form = new URLSearchParams(await bodyOf(request));
    const clientId = form.get('client_id') ?? '';
    seen.clientId = clientId;
    seen.scope = form.get('scope') ?? '';
    const refuse = (status: number, error: string, code: number, description: string) => {
      seen.refused = `AADSTS${code}`;
      identityError(response, status, error, code, description);
    };
    if (tenant !== TENANT_ID) return refuse(400, 'invalid_request', 90002, `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`);
    if (form.get('grant_type') !== 'client_credentials') return refuse(400, 'unsupported_grant_type', 70003, 'The app requested an unsupported grant type.');
    if (!(clientId in clients)) return refuse(400, 'unauthorized_client', 700016, `Application with identifier '${clientId}' was not found in the directory '${tenant}'.`);
    if (form.get('client_secret') !== clients[clientId]) {
      return refuse(401, 'invalid_client', 7000215, `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${clientId}'.`);
    }
    const scopes = (seen.scope ?? '').split(' ');
    if (!scopes.includes(`${standIn.url}/.default`)) return refuse(400, 'invalid_scope', 1002012, `The provided value for scope ${seen.scope} is not valid.`);
    const issued = randomBytes(24).toString('base64url');
    tokens.set(issued, clientId);
    send(response, 200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: issued });
  };

  const arm = (url: URL, request: IncomingMessage, response: ServerResponse, seen: SeenAzureRequest) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers['authorization'] ?? '')?.[1];
    const clientId = bearer ? tokens.get(bearer) : undefined;
    if (!clientId) {
      seen.refused = bearer ? 'InvalidAuthenticationToken' : 'AuthenticationFailed';
      send(response, 401, { error: { code: seen.refused, message: bearer ? 'The access token is invalid.' : "Authentication failed. The 'Authorization' header is missing." } }, {
        'www-authenticate': `Bearer authorization_uri="${standIn.url}/${TENANT_ID}", error="invalid_token", error_description="The authentication failed because of missing 'Authorization' header."`,
      });
      return;
    }
    seen.clientId = clientId;
    if (!url.searchParams.get('api-version')) {
      seen.refused = 'MissingApiVersionParameter';
      send(response, 400, { error: { code: 'MissingApiVersionParameter', message: "The api-version query parameter (?api-version=) is required for all requests." } });
      return;
    }
    const subscription = /^\/subscriptions\/([^/]+)/.exec(url.pathname)?.[1] ?? '';
    if (subscription !== SUBSCRIPTION_ID) {
      seen.refused = 'SubscriptionNotFound';
      send(response, 404, { error: { code: 'SubscriptionNotFound', message: `The subscription '${subscription}' could not be found.` } });
      return;
    }
    const file = ARM_ANSWERS[url.pathname.toLowerCase()];
    if (!file) {
      seen.refused = 'InvalidResourceType';
      send(response, 404, { error: { code: 'InvalidResourceType', message: `The stand-in has no answer for ${url.pathname}` } });
      return;
    }
    const answer = fixture(file);
    // A list whose fixture holds pages is paged by $skiptoken as ARM does, nextLink an absolute URL.
    if (Array.isArray(answer['pages'])) {
      const pages = answer['pages'] as unknown[][];
      const page = Number(url.searchParams.get('$skiptoken') ?? '0');
      const next = new URL(url);
      next.searchParams.set('$skiptoken', String(page + 1));
      send(response, 200, { value: pages[page] ?? [], ...(page + 1 < pages.length ? { nextLink: `${standIn.url}${next.pathname}${next.search}` } : {}) });
      return;
    }
    send(response, 200, answer);
  };

  const server: Server = createServer(servingCertificate(), (request, response) => {
    const url = new URL(request.url ?? '/', standIn.url);
    const seen: SeenAzureRequest = { host: request.headers['host'] ?? '', method: request.method ?? 'GET', path: url.pathname };
    requests.push(seen);
    const openid = /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/.exec(url.pathname);
    const tokenPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(url.pathname);
    (async () => {
      if (request.method === 'GET' && openid) send(response, 200, openidConfiguration(standIn.url, openid[1]!));
      else if (request.method === 'GET' && url.pathname === '/common/discovery/instance') {
        const host = new URL(standIn.url).host;
        send(response, 200, { tenant_discovery_endpoint: `${standIn.url}/${TENANT_ID}/v2.0/.well-known/openid-configuration`, 'api-version': '1.1', metadata: [{ preferred_network: host, preferred_cache: host, aliases: [host] }] });
      } else if (request.method === 'POST' && tokenPath) await token(request, response, seen, tokenPath[1]!);
      else if (request.method === 'GET' && url.pathname.startsWith('/subscriptions/')) arm(url, request, response, seen);
      else send(response, 404, { error: { code: 'NotFound', message: `${request.method} ${url.pathname}` } });
    })().catch((error: Error) => send(response, 500, { error: { code: 'InternalServerError', message: error.message } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
