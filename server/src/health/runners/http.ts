import { Agent, request } from 'undici';
import { VERSION } from '../../version.js';
import { certificateLifetime } from './tls-expiry.js';
import { failed, number, slower, text, type CheckOutcome, type CheckRunner, type RunContext } from './types.js';
import { basicAuthorization } from '../../http/basic-auth.js';

const DAY_MS = 86_400_000;
/** Longest body kept for the expressions. */
const MAX_BODY = 1024 * 1024;
const insecure = new Agent({ connect: { rejectUnauthorized: false } });

export const HTTP_USER_AGENT = `pharos/${VERSION}`;

async function headersOf(spec: Record<string, unknown>, context: RunContext): Promise<Record<string, string>> {
  const headers: Record<string, string> = { 'user-agent': context.userAgent };
  const given = spec['headers'];
  if (Array.isArray(given)) {
    for (const entry of given) {
      const name = (entry as { name?: unknown })?.name;
      if (typeof name === 'string') headers[name.toLowerCase()] = (await context.value(entry)) ?? '';
    }
  } else if (given && typeof given === 'object') {
    for (const [name, value] of Object.entries(given)) headers[name.toLowerCase()] = String(value);
  }
  const auth = (spec['authentication'] ?? spec) as Record<string, unknown>;
  const username = await context.value(auth['username']);
  const password = await context.value(auth['password']);
  if (username || password) headers['authorization'] = basicAuthorization(username ?? '', password ?? '');
  return headers;
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

/**
 * Requests `url` (or the connection's); passes on the expected status (any below 400 by default),
 * content, JSON value, certificate lifetime and time. Variables: code, headers, content, json, sslAge, duration.
 */
export const httpCheck: CheckRunner = async (spec, context): Promise<CheckOutcome> => {
  const target = text(spec['url']) ?? text(spec['endpoint']);
  if (!target) return failed('url is required');
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return failed(`'${target}' is not a URL`);
  }
  const method = (text(spec['method']) ?? 'GET').toUpperCase();
  const started = performance.now();
  let code: number;
  let headers: Record<string, string>;
  let content = '';
  try {
    const response = await request(url, {
      method: method as 'GET',
      headers: await headersOf(spec, context),
      ...(method !== 'GET' && method !== 'HEAD' && typeof spec['body'] === 'string' ? { body: spec['body'] } : {}),
      signal: context.signal,
      maxRedirections: 0,
      ...(spec['insecureSkipVerify'] === true ? { dispatcher: insecure } : {}),
    } as Parameters<typeof request>[1]);
    code = response.statusCode;
    headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value ?? '')]));
    for await (const chunk of response.body) {
      if (content.length < MAX_BODY) content += (chunk as Buffer).toString('utf8');
    }
  } catch (error) {
    const cause = error as NodeJS.ErrnoException;
    return failed(`${method} ${url.origin}${url.pathname}: ${cause.code ? `${cause.code} ` : ''}${cause.message}`, Math.round(performance.now() - started));
  }
  const duration = Math.round(performance.now() - started);
  let json: unknown = null;
  if ((headers['content-type'] ?? '').includes('json')) {
    try {
      json = JSON.parse(content);
    } catch {
      json = null;
    }
  }
  const lifetime = url.protocol === 'https:' ? await certificateLifetime(url, context.signal) : undefined;
  const data: Record<string, unknown> = { code, headers, content, json, duration, ...(lifetime !== undefined ? { sslAge: lifetime } : {}) };
  const problem = expectationFailure(spec, code, content, json) ?? slower(duration, spec);
  if (problem) return failed(problem, duration, data);
  const maxExpiry = number(spec['maxSSLExpiry']);
  if (maxExpiry !== undefined && lifetime !== undefined && lifetime < maxExpiry * DAY_MS) {
    return failed(`the certificate expires in ${Math.max(0, Math.floor(lifetime / DAY_MS))} days, within ${maxExpiry}`, duration, data);
  }
  return { pass: true, duration, message: `${code} in ${duration} ms`, data };
};
