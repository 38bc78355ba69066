import { randomBytes, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors, jwtVerify } from 'jose';

/**
 * Google's OAuth token endpoint and the Compute Engine and Cloud Storage JSON APIs on loopback, for
 * the gcp scraper's tests. The token endpoint verifies the service account's signed JWT assertion
 * (RS256, against the public key of the account it names; audience this endpoint's URL) and refuses a
 * bad signature, a wrong audience or an unknown account with Google's OAuth error JSON; the APIs
 * answer only with a bearer token it issued (401 otherwise) and serve the recorded answers beside it
 * (see README.md) for its one project, one resource a page.
 */

const FIXTURES = new URL('./fixtures/', import.meta.url);
const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'));

/** The project the recorded answers are of. */
export const PROJECT = 'shop-prod-271828';

/** One request as the stand-in saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  host: string;
  /** Whether it carried a bearer token the stand-in had issued. */
  authorized: boolean;
  /** The OAuth error or HTTP status it was refused with, when it was. */
  refused?: string;
}

export interface GcpStandIn {
  url: string;
  /** The token_uri to put in a service account key. */
  tokenUri: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** The recorded answer of each API path of the project. */
const ANSWERS: ReadonlyArray<[RegExp, string]> = [
  [/^\/compute\/v1\/projects\/([^/]+)\/aggregated\/instances$/, 'compute-instances-aggregatedList.json'],
  [/^\/compute\/v1\/projects\/([^/]+)\/global\/networks$/, 'compute-networks-list.json'],
  [/^\/compute\/v1\/projects\/([^/]+)\/aggregated\/subnetworks$/, 'compute-subnetworks-aggregatedList.json'],
];

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers }).end(JSON.stringify(body));

/** Google's JSON error of its APIs. */
const apiError = (code: number, status: string, reason: string, message: string) => ({ error: { code, message, errors: [{ message, domain: 'global', reason }], status } });

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The `iss` of an assertion, read before its signature is checked to find the account's public key. */
function issuerOf(assertion: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iss?: unknown };
    return typeof payload.iss === 'string' ? payload.iss : undefined;
  } catch {
    return undefined;
  }
}

/** The OAuth error an assertion is refused with, or undefined when it is good. */
async function refusalOf(form: URLSearchParams, accounts: ReadonlyMap<string, KeyObject>, tokenUri: string): Promise<{ error: string; error_description: string } | undefined> {
  if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' + (form.get('grant_type') ?? '') };
  const assertion = form.get('assertion') ?? '';
  const publicKey = accounts.get(issuerOf(assertion) ?? '');
  if (!publicKey) return { error: 'invalid_grant', error_description: 'Invalid grant: account not found' };
  try {
    const { payload } = await jwtVerify(assertion, publicKey, { algorithms: ['RS256'], audience: tokenUri, maxTokenAge: '1h' });
    if (typeof payload['scope'] !== 'string' || payload['scope'] === '') return { error: 'invalid_scope', error_description: 'Invalid OAuth scope or ID token audience provided.' };
    return undefined;
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) return { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' };
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') return { error: 'invalid_grant', error_description: 'Invalid JWT: aud must be the token endpoint.' };
    return { error: 'invalid_grant', error_description: `Invalid JWT: ${(error as Error).message}` };
  }
}

/** Resources a page holds: as small as can be, so that every list is read across pages as Google's longer lists are. */
const PAGE_SIZE = 1;

interface ListAnswer {
  items?: unknown[] | Record<string, Record<string, unknown>>;
  nextPageToken?: string;
  [field: string]: unknown;
}

/**
 * One page of a recorded list answer (`items` a list, or an aggregatedList's `items` by zone or region),
 * with the `nextPageToken` of the next one; scopes with only a warning come with the last page.
 */
function pageOf(answer: ListAnswer, pageToken: string | null): ListAnswer {
  const offset = pageToken === null ? 0 : Number(Buffer.from(pageToken, 'base64url').toString('utf8'));
  const next = (total: number) => (offset + PAGE_SIZE < total ? { nextPageToken: Buffer.from(String(offset + PAGE_SIZE)).toString('base64url') } : {});
  if (Array.isArray(answer.items)) return { ...answer, items: answer.items.slice(offset, offset + PAGE_SIZE), ...next(answer.items.length) };
  const scopes = Object.entries(answer.items ?? {});
  const listed = scopes.flatMap(([scope, content]) =>
    Object.entries(content)
      .filter(([, value]) => Array.isArray(value))
      .flatMap(([list, values]) => (values as unknown[]).map((value) => ({ scope, list, value }))),
  );
  const items: Record<string, Record<string, unknown[]>> = {};
  for (const { scope, list, value } of listed.slice(offset, offset + PAGE_SIZE)) ((items[scope] ??= {})[list] ??= []).push(value);
  const last = offset + PAGE_SIZE >= listed.length;
  const warnings = last ? Object.fromEntries(scopes.filter(([, content]) => 'warning' in content)) : {};
  return { ...answer, items: { ...items, ...warnings }, ...next(listed.length) };
}

/** Starts the stand-in; `accounts` maps each service account's email to the public key of its key pair. */
export async function startGcpStandIn(accounts: ReadonlyMap<string, KeyObject>): Promise<GcpStandIn> {
  const issued = new Set<string>();
  const requests: SeenRequest[] = [];
  const standIn: GcpStandIn = { url: '', tokenUri: '', requests, close: async () => undefined };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', standIn.url);
    const bearer = /^Bearer (.+)$/.exec(request.headers['authorization'] ?? '')?.[1];
    const seen: SeenRequest = { method: request.method ?? 'GET', path: url.pathname, host: request.headers['host'] ?? '', authorized: bearer !== undefined && issued.has(bearer) };
    requests.push(seen);
    if (request.method === 'POST' && url.pathname === '/token') {
      const refusal = await refusalOf(new URLSearchParams(await bodyOf(request)), accounts, standIn.tokenUri);
      if (refusal) {
        seen.refused = refusal.error;
        json(response, 400, refusal);
        return;
      }
      const token = `ya29.${randomBytes(24).toString('base64url')}`;
      issued.add(token);
      json(response, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      return;
    }
    if (!seen.authorized) {
      seen.refused = '401';
      const message = bearer
        ? 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.'
        : 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.';
      json(response, 401, apiError(401, 'UNAUTHENTICATED', bearer ? 'authError' : 'required', message), { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' });
      return;
    }
    const bucketList = request.method === 'GET' && url.pathname === '/storage/v1/b';
    const answer = ANSWERS.find(([path]) => path.test(url.pathname));
    const project = bucketList ? url.searchParams.get('project') : answer ? answer[0].exec(url.pathname)![1] : undefined;
    if (request.method !== 'GET' || (!bucketList && !answer)) {
      seen.refused = '404';
      json(response, 404, apiError(404, 'NOT_FOUND', 'notFound', `The stand-in has no answer for ${request.method} ${url.pathname}`));
      return;
    }
    if (project !== PROJECT) {
      seen.refused = '404';
      json(response, 404, apiError(404, 'NOT_FOUND', 'notFound', `The resource 'projects/${project ?? ''}' was not found`));
      return;
    }
    json(response, 200, pageOf(fixture(bucketList ? 'storage-buckets-list.json' : answer![1]) as ListAnswer, url.searchParams.get('pageToken')));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => response.writeHead(500).end(error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.tokenUri = `${standIn.url}/token`;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
