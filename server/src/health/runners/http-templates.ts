import { request } from 'undici';
import { isRecord } from '@pharos/core';
import { text, type RunContext } from './types.js';

/**
 * What canary-checker does to an http check before it sends it: its `env` values (secret-or-value
 * fields) join the check and canary as template variables; a `url` with `$(…)` is a Go template in
 * those delimiters (`$(.url)`), a body with `templateBody` one in the usual `{{…}}`; credentials
 * written in the URL (`https://user:pass@host`) are its basic credentials, taken out of the URL.
 */
export interface PreparedRequest {
  url: string;
  body?: string;
  /** Credentials the URL carried. */
  username?: string;
  password?: string;
}

async function variablesOf(spec: Record<string, unknown>, context: RunContext): Promise<Record<string, unknown>> {
  const auth = (isRecord(spec['authentication']) ? spec['authentication'] : spec) as Record<string, unknown>;
  const variables: Record<string, unknown> = { ...context.scope, username: (await context.value(auth['username'])) ?? '', password: (await context.value(auth['password'])) ?? '' };
  for (const entry of Array.isArray(spec['env']) ? (spec['env'] as unknown[]) : []) {
    const name = isRecord(entry) ? entry['name'] : undefined;
    if (typeof name === 'string' && name !== '') variables[name] = (await context.value(entry)) ?? '';
  }
  return variables;
}

/**
 * `$(expression)` → `{{expression}}`: canary-checker templates a check's fields in `$(…)` delimiters;
 * a bare name (`$(username)`, as connection URLs write it) is the variable of that name.
 */
const dollarTemplate = (template: string): string => template.replace(/\$\(([^()]*)\)/g, (_, inner: string) => (/^\s*[A-Za-z_]\w*\s*$/.test(inner) ? `{{.${inner.trim()}}}` : `{{${inner}}}`));

/**
 * The request a check sends. Where the caller renders templates itself (a playbook's http action is
 * rendered before it runs), `context.render` is absent and url and body are sent as given.
 */
export async function prepareRequest(spec: Record<string, unknown>, target: string, context: RunContext): Promise<PreparedRequest> {
  const templatedUrl = context.render !== undefined && target.includes('$(');
  const templatedBody = context.render !== undefined && spec['templateBody'] === true && typeof spec['body'] === 'string';
  const variables = templatedUrl || templatedBody ? await variablesOf(spec, context) : {};
  const render = (template: string): Promise<string> => context.render!(template, variables);
  const url = templatedUrl ? await render(dollarTemplate(target)) : target;
  const prepared: PreparedRequest = { url, ...(templatedBody ? { body: await render(spec['body'] as string) } : {}) };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return prepared;
  }
  if (parsed.username === '' && parsed.password === '') return prepared;
  const username = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  return { ...prepared, url: parsed.href, username, password };
}

/**
 * `oauth2` (`tokenURL`, `scope`, `params`): a token by the client-credentials grant, with the check's
 * username and password as client id and secret, sent as a bearer token instead of basic credentials.
 */
export async function oauthToken(spec: Record<string, unknown>, context: RunContext): Promise<string | undefined> {
  const oauth = spec['oauth2'];
  if (!isRecord(oauth)) return undefined;
  const tokenUrl = text(oauth['tokenURL']);
  if (!tokenUrl) throw new Error('oauth2.tokenURL is required');
  const auth = (isRecord(spec['authentication']) ? spec['authentication'] : spec) as Record<string, unknown>;
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: (await context.value(auth['username'])) ?? '', client_secret: (await context.value(auth['password'])) ?? '' });
  const scopes = Array.isArray(oauth['scope']) ? oauth['scope'].map(String) : typeof oauth['scope'] === 'string' ? [oauth['scope']] : [];
  if (scopes.length > 0) form.set('scope', scopes.join(' '));
  if (isRecord(oauth['params'])) for (const [key, value] of Object.entries(oauth['params'])) form.set(key, String(value));
  const response = await request(tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': context.userAgent }, body: form.toString(), signal: context.signal });
  const answer = (await response.body.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown; error_description?: unknown };
  if (response.statusCode >= 400 || typeof answer.access_token !== 'string') {
    throw new Error(`oauth2: ${tokenUrl} answered ${response.statusCode}${typeof answer.error === 'string' ? `: ${answer.error}${typeof answer.error_description === 'string' ? ` (${answer.error_description})` : ''}` : ', without an access_token'}`);
  }
  return answer.access_token;
}
