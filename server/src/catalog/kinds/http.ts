import { envVarText, isRecord } from '@pharos/core';
import { resolveConnection } from '../../connections/resolve.js';
import { basicAuthorization } from '../../http/basic-auth.js';
import { resolveValue } from '../../secret-store/resolve.js';
import { parseFormat } from '../parse-format.js';
import { text, type KindContext, type KindReader } from './types.js';

/** Largest response read. */
const MAX_BODY_BYTES = 256 * 1024 * 1024;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

async function valueOf(field: unknown, context: KindContext): Promise<string | undefined> {
  const value = envVarText(field);
  return value === undefined ? undefined : resolveValue(context.pool, context.secrets, value, context.namespace);
}

async function headersOf(spec: Record<string, unknown>, context: KindContext): Promise<Record<string, string>> {
  const headers: Record<string, string> = { 'user-agent': context.userAgent, accept: 'application/json, application/yaml;q=0.9, */*;q=0.5' };
  const given = spec['headers'];
  if (Array.isArray(given)) {
    for (const entry of given) {
      if (isRecord(entry) && typeof entry['name'] === 'string') headers[entry['name'].toLowerCase()] = (await valueOf(entry, context)) ?? '';
    }
  } else if (isRecord(given)) {
    for (const [name, value] of Object.entries(given)) headers[name.toLowerCase()] = String(value);
  }
  return headers;
}

/** The format of a response: the spec's, else by its content type (JSON unless it says otherwise). */
function formatOf(spec: Record<string, unknown>, contentType: string): string {
  const given = text(spec['format']);
  if (given) return given;
  if (/yaml/i.test(contentType)) return 'yaml';
  if (/xml/i.test(contentType)) return 'xml';
  return 'json';
}

/**
 * `http`: one request (`url`, `method`, `headers`, `body`; the URL and basic credentials of a
 * `connection`, or `username`/`password` as values or secret references); a 2xx answer, read as JSON,
 * YAML or XML, is what was scraped.
 */
export const readHttp: KindReader = async (spec, context) => {
  let url = text(spec['url']);
  let username = await valueOf(spec['username'], context);
  let password = await valueOf(spec['password'], context);
  const reference = text(spec['connection']);
  if (reference) {
    const connection = await resolveConnection(context.pool, context.secrets, reference, context.namespace);
    url ??= connection.url ?? undefined;
    username ??= connection.username ?? undefined;
    password ??= connection.password ?? undefined;
  }
  if (!url) throw new Error('url is required');
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new Error(`url ${url} is not a URL`);
  }
  const method = (text(spec['method']) ?? 'GET').toUpperCase();
  if (!METHODS.includes(method)) throw new Error(`method must be one of ${METHODS.join(', ')}`);
  const headers = await headersOf(spec, context);
  if ((username || password) && !headers['authorization']) headers['authorization'] = basicAuthorization(username ?? '', password ?? '');
  const body = text(spec['body']);
  const response = await fetch(target, { method, headers, ...(body !== undefined && method !== 'GET' ? { body } : {}), signal: context.signal, redirect: 'follow' });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      await response.body?.cancel();
      throw new Error(`the response is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
    }
    chunks.push(Buffer.from(chunk));
  }
  const content = Buffer.concat(chunks).toString('utf8');
  const shown = `${method} ${target.origin}${target.pathname}`;
  if (!response.ok) throw new Error(`${shown} answered ${response.status}${content ? `: ${content.slice(0, 200)}` : ''}`);
  const contentType = response.headers.get('content-type') ?? '';
  return { inputs: [{ document: parseFormat(content, formatOf(spec, contentType)), source: `${target.origin}${target.pathname}` }], errors: [] };
};
