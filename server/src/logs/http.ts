import { withoutCredentials } from '@pharos/core';
import type { Agent } from 'undici';
import { loadOnce } from '../modules/load-once.js';
import { basicAuthorization } from '../http/basic-auth.js';
import { VERSION } from '../version.js';
import type { ResolvedEndpoint } from './endpoint.js';
import { BackendError } from './types.js';

/** An answer is read up to this many bytes; a backend sending more is answering something else. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
const undici = loadOnce(() => import('undici'));
const insecureAgent = loadOnce(async (): Promise<Agent> => new (await undici()).Agent({ connect: { rejectUnauthorized: false } }));

/** The JSON answer of a backend's HTTP API; its own error text (as `name answered HTTP 400: …`) otherwise. */
export async function requestJson(name: string, endpoint: ResolvedEndpoint, path: string, init: { method: 'GET' | 'POST'; body?: unknown }, signal: AbortSignal, describe: (answer: unknown) => string): Promise<unknown> {
  const url = `${endpoint.url.replace(/\/+$/, '')}${path}`;
  let status: number;
  let text: string;
  try {
    const { request } = await undici();
    const response = await request(url, {
      method: init.method,
      signal,
      headers: {
        accept: 'application/json',
        'user-agent': `pharos/${VERSION}`,
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(endpoint.username || endpoint.password ? { authorization: basicAuthorization(endpoint.username ?? '', endpoint.password ?? '') } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      ...(endpoint.insecureTls ? { dispatcher: await insecureAgent() } : {}),
    });
    status = response.statusCode;
    const length = Number(response.headers['content-length'] ?? 0);
    if (length > MAX_ANSWER_BYTES) {
      await response.body.dump();
      throw new BackendError(`${name} answered ${length} bytes, more than ${MAX_ANSWER_BYTES}`);
    }
    text = await response.body.text();
  } catch (error) {
    signal.throwIfAborted();
    if (error instanceof BackendError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackendError(`${name} at ${withoutCredentials(endpoint.url)} cannot be reached: ${code && !(error as Error).message.includes(code) ? `${code}: ` : ''}${(error as Error).message}`);
  }
  let answer: unknown = text;
  try {
    answer = JSON.parse(text);
  } catch {
    // kept as text
  }
  if (status < 200 || status > 299) throw new BackendError(`${name} answered HTTP ${status}: ${describe(answer)}`);
  if (typeof answer === 'string') throw new BackendError(`${name} answered with something other than JSON: ${text.slice(0, 200)}`);
  return answer;
}
