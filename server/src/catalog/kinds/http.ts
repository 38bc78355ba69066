import { envVarText, isRecord } from '@pharos/core';
import { targetWithin } from '../../connections/origin.js';
import { resolveConnection } from '../../connections/resolve.js';
import { basicAuthorization } from '../../http/basic-auth.js';
import { resolveValue } from '../../secret-store/resolve.js';
import { fetchPage, type PageRequest } from './http-page.js';
import { paginate } from './pagination.js';
import { text, type KindContext, type KindReader } from './types.js';

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
    for (const [name, value] of Object.entries(given)) headers[name.toLowerCase()] = typeof value === 'string' ? ((await valueOf(value, context)) ?? '') : String(value);
  }
  return headers;
}

/**
 * `http`: a request (`url`, `method`, `headers`, `body`; the URL and basic credentials of a
 * `connection`, or `username`/`password` as values or secret references); a 2xx answer, read as JSON,
 * YAML or XML, is what was scraped; `pagination` follows next pages.
 */
export const readHttp: KindReader = async (spec, context) => {
  let url = text(spec['url']);
  let username = await valueOf(spec['username'], context);
  let password = await valueOf(spec['password'], context);
  const reference = text(spec['connection']);
  if (reference) {
    const connection = await resolveConnection(context.pool, context.secrets, reference, context.namespace);
    url = targetWithin(connection, url);
    username ??= connection.username ?? undefined;
    password ??= connection.password ?? undefined;
  }
  if (!url) throw new Error('url is required');
  const headers = await headersOf(spec, context);
  if ((username || password) && !headers['authorization']) headers['authorization'] = basicAuthorization(username ?? '', password ?? '');
  const first: PageRequest = { url, method: text(spec['method']) ?? 'GET', headers, body: text(spec['body']) };
  const page = await fetchPage(spec, first, context.signal);
  const source = new URL(page.url).origin + new URL(page.url).pathname;
  if (!isRecord(spec['pagination'])) return { inputs: [{ document: page.document, source }], errors: [] };
  const documents = await paginate(spec, spec['pagination'], first, page, context);
  return { inputs: documents.map((document) => ({ document, source })), errors: [] };
};
