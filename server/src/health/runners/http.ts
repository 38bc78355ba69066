import { request, type Dispatcher } from 'undici';
import { isRecord, withoutCredentials } from '@pharos/core';
import { crawl } from './http-crawl.js';
import { digestFor } from './http-digest.js';
import { oauthToken, prepareRequest, type PreparedRequest } from './http-templates.js';
import { ntlmCredentials, ntlmRequest, type NtlmCredentials } from './ntlm.js';
import { certificateLifetime, tlsDispatcher, tlsOptionsOf } from './tls-expiry.js';
import { failed, number, slower, text, type CheckOutcome, type CheckRunner, type RunContext } from './types.js';
import { basicAuthorization } from '../../http/basic-auth.js';

const DAY_MS = 86_400_000;
/** Longest body kept for the expressions. */
const MAX_BODY = 1024 * 1024;


/** Credentials besides the spec's: an oauth2 bearer token, or basic credentials the URL carried. */
interface Credentials {
  bearer?: string;
  username?: string;
  password?: string;
}

async function headersOf(spec: Record<string, unknown>, context: RunContext, credentials: Credentials): Promise<Record<string, string>> {
  const headers: Record<string, string> = { 'user-agent': context.userAgent };
  const given = spec['headers'];
  if (Array.isArray(given)) {
    for (const entry of given) {
      const name = (entry as { name?: unknown })?.name;
      if (typeof name === 'string') headers[name.toLowerCase()] = (await context.value(entry)) ?? '';
    }
  } else if (given && typeof given === 'object') {
    for (const [name, value] of Object.entries(given)) headers[name.toLowerCase()] = typeof value === 'string' ? ((await context.value(value)) ?? '') : String(value);
  }
  const auth = (spec['authentication'] ?? spec) as Record<string, unknown>;
  if (credentials.bearer) {
    headers['authorization'] = `Bearer ${credentials.bearer}`;
    return headers;
  }
  const username = (await context.value(auth['username'])) ?? credentials.username;
  const password = (await context.value(auth['password'])) ?? credentials.password;
  if (username || password) headers['authorization'] = basicAuthorization(username ?? '', password ?? '');
  return headers;
}

/** The NTLM credentials of a spec that asks for NTLM (`ntlm`, `ntlmv2` or `authentication.type`). */
async function ntlmOf(spec: Record<string, unknown>, context: RunContext): Promise<NtlmCredentials | undefined> {
  const auth = (spec['authentication'] ?? spec) as Record<string, unknown>;
  const wanted = spec['ntlm'] === true || spec['ntlmv2'] === true || auth['type'] === 'ntlm' || auth['type'] === 'ntlmv2';
  if (!wanted) return undefined;
  return ntlmCredentials((await context.value(auth['username'])) ?? '', (await context.value(auth['password'])) ?? '');
}

/** A dotted path (`$.status`, `items.0.name`) into parsed JSON. */
function jsonAt(json: unknown, path: string): unknown {
  return path
    .replace(/^\$\.?/, '')
    .split('.')
    .filter(Boolean)
    .reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), json);
}

/** Why a response fails the spec's expectations, or undefined when it meets them. */
function expectationFailure(spec: Record<string, unknown>, code: number, content: string, json: unknown): string | undefined {
  const codes = Array.isArray(spec['responseCodes']) ? (spec['responseCodes'] as unknown[]).map(Number) : [];
  if (codes.length > 0 ? !codes.includes(code) : code >= 400) return `status ${code}${codes.length > 0 ? `, expected ${codes.join(' or ')}` : ''}`;
  const wanted = text(spec['responseContent']);
  if (wanted && !content.includes(wanted)) return `the response does not contain '${wanted}'`;
  const jsonContent = spec['responseJSONContent'] as { path?: unknown; value?: unknown } | undefined;
  if (jsonContent && typeof jsonContent.path === 'string') {
    const found = jsonAt(json, jsonContent.path);
    if (String(found) !== String(jsonContent.value)) return `${jsonContent.path} is ${JSON.stringify(found)}, expected ${JSON.stringify(jsonContent.value)}`;
  }
  return undefined;
}

/** A header name as Go writes it (`Content-Type`), which is how specs written for canary-checker read `headers`. */
function canonicalHeader(name: string): string {
  return name.toLowerCase().replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`);
}

/** Redirects followed unless the spec says `maxRedirects` (canary-checker's default too). */
const DEFAULT_MAX_REDIRECTS = 10;

interface Exchange {
  url: URL;
  code: number;
  headers: Record<string, string>;
  content: string;
  redirects: number;
}

/** Headers that carry credentials, dropped when a redirect leaves the origin. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/**
 * Sends the request and follows redirects up to `maxRedirects`: 303, and 301/302 of a POST, continue
 * as GET; a redirect to another origin goes without the credentials.
 */
async function exchange(spec: Record<string, unknown>, context: RunContext, start: URL, dispatcher: Dispatcher | undefined, startNtlm: NtlmCredentials | undefined, prepared: PreparedRequest, credentials: Credentials): Promise<Exchange> {
  let ntlm = startNtlm;
  const maxRedirects = number(spec['maxRedirects']) ?? DEFAULT_MAX_REDIRECTS;
  const headers = await headersOf(spec, context, credentials);
  if (ntlm) delete headers['authorization'];
  let method = (text(spec['method']) ?? 'GET').toUpperCase();
  if (spec['digest'] === true) {
    const auth = (spec['authentication'] ?? spec) as Record<string, unknown>;
    const answer = await digestFor(start, method, (await context.value(auth['username'])) ?? '', (await context.value(auth['password'])) ?? '', headers, dispatcher, context.signal);
    if (answer) headers['authorization'] = answer;
    else delete headers['authorization'];
  }
  const given = prepared.body ?? (typeof spec['body'] === 'string' ? spec['body'] : undefined);
  let body = method !== 'GET' && method !== 'HEAD' ? given : undefined;
  let url = start;
  for (let redirects = 0; ; redirects++) {
    const options = { method: method as Dispatcher.HttpMethod, headers, body, signal: context.signal };
    const response = ntlm && dispatcher ? await ntlmRequest(url, { ...options, dispatcher }, ntlm) : await request(url, { ...options, ...(dispatcher ? { dispatcher } : {}) });
    const location = response.headers['location'];
    if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string' && redirects < maxRedirects) {
      await response.body.dump();
      const next = new URL(location, url);
      // Credentials stay with the origin they were given for, as browsers keep them.
      if (next.origin !== url.origin) {
        for (const name of CREDENTIAL_HEADERS) delete headers[name];
        ntlm = undefined;
      }
      url = next;
      if (response.statusCode === 303 || ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      continue;
    }
    let content = '';
    for await (const chunk of response.body) {
      if (content.length < MAX_BODY) content += (chunk as Buffer).toString('utf8');
    }
    const received = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [canonicalHeader(name), Array.isArray(value) ? value.join(', ') : String(value ?? '')]));
    return { url, code: response.statusCode, headers: received, content, redirects };
  }
}

/**
 * Requests `url` (or the connection's), following redirects; passes on the expected status (any
 * below 400 by default), content, JSON value, certificate lifetime and time. `tlsConfig` (ca, cert,
 * key, insecureSkipVerify, handshakeTimeout) says which certificates to trust and which to present;
 * `ntlm`/`ntlmv2` authenticate with NTLM (v2 when the server offers it) instead of basic, `digest`
 * with HTTP Digest (http-digest.ts), `oauth2`
 * with a client-credentials token; a `$(…)` url and a `templateBody` body are templates (http-templates.ts);
 * `crawl` follows the site's links instead (http-crawl.ts).
 * Variables: code, headers, content, json, sslAge (ms, 0 without TLS), duration and elapsed (ms), url
 * (the last one requested). The User-Agent is the context's (HTTP_USER_AGENT of user-agent.ts) unless the spec's headers give one.
 */
export const httpCheck: CheckRunner = async (spec, context): Promise<CheckOutcome> => {
  const target = text(spec['url']) ?? text(spec['endpoint']);
  if (!target) return failed('url is required');
  let prepared: PreparedRequest;
  try {
    prepared = await prepareRequest(spec, target, context);
  } catch (error) {
    return failed(`the url or body template failed: ${(error as Error).message}`);
  }
  let url: URL;
  try {
    url = new URL(prepared.url);
  } catch {
    return failed(`'${withoutCredentials(prepared.url)}' is not a URL`);
  }
  const method = (text(spec['method']) ?? 'GET').toUpperCase();
  const ntlm = await ntlmOf(spec, context);
  const tls = await tlsOptionsOf(spec, context);
  const pool = tlsDispatcher(tls, ntlm !== undefined);
  if (isRecord(spec['crawl'])) {
    try {
      return await crawl(spec, url, await headersOf(spec, context, { username: prepared.username, password: prepared.password }), pool.dispatcher, context.signal);
    } finally {
      pool.close();
    }
  }
  const started = performance.now();
  let result: Exchange;
  try {
    const bearer = await oauthToken(spec, context);
    result = await exchange(spec, context, url, pool.dispatcher, ntlm, prepared, { ...(bearer ? { bearer } : {}), username: prepared.username, password: prepared.password });
  } catch (error) {
    const cause = error as NodeJS.ErrnoException;
    const reason = context.signal.aborted ? `no answer within ${Math.round(performance.now() - started)} ms` : `${cause.code ? `${cause.code} ` : ''}${cause.message}`;
    return failed(`${method} ${url.origin}${url.pathname}: ${reason}`, Math.round(performance.now() - started));
  } finally {
    pool.close();
  }
  const { code, headers, content } = result;
  const duration = Math.round(performance.now() - started);
  let json: unknown = null;
  if ((headers['Content-Type'] ?? '').includes('json')) {
    try {
      json = JSON.parse(content);
    } catch {
      json = null;
    }
  }
  const lifetime = result.url.protocol === 'https:' ? await certificateLifetime(result.url, context.signal) : undefined;
  // As canary-checker's: sslAge is zero without TLS, elapsed is the time to the answer, json an empty object unless the answer is JSON.
  const data: Record<string, unknown> = { code, headers, content, json: json ?? {}, duration, elapsed: duration, sslAge: lifetime ?? 0, url: withoutCredentials(result.url.href) };
  const problem = expectationFailure(spec, code, content, json) ?? slower(duration, spec);
  if (problem) return failed(problem, duration, data);
  const maxExpiry = number(spec['maxSSLExpiry']);
  // Over plain http there is no certificate, and maxSSLExpiry does not apply.
  if (maxExpiry !== undefined && maxExpiry > 0 && result.url.protocol === 'https:') {
    if (lifetime === undefined) return failed(`no certificate to check: ${result.url.origin} presented none`, duration, data);
    if (lifetime < maxExpiry * DAY_MS) {
      return failed(`the certificate expires in ${Math.max(0, Math.floor(lifetime / DAY_MS))} days, within ${maxExpiry}`, duration, data);
    }
  }
  const via = result.redirects > 0 ? ` from ${withoutCredentials(result.url.href)} after ${result.redirects} redirect${result.redirects === 1 ? '' : 's'}` : '';
  return { pass: true, duration, message: `${code} in ${duration} ms${via}`, data };
};
