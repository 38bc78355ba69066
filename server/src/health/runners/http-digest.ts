import { createHash, randomBytes } from 'node:crypto';
import { request, type Dispatcher } from 'undici';

/**
 * HTTP Digest authentication (RFC 7616, MD5 and SHA-256, qop auth), as canary-checker's `digest: true`
 * sends it: the server's challenge is read from a first request, and the answer to it sent with the
 * check's request.
 */

interface Challenge {
  realm: string;
  nonce: string;
  qop?: string;
  opaque?: string;
  algorithm: string;
}

function challengeOf(header: string): Challenge | undefined {
  if (!/^Digest\s/i.test(header)) return undefined;
  const fields: Record<string, string> = {};
  for (const match of header.slice(7).matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]+))/g)) fields[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? '';
  if (fields['nonce'] === undefined) return undefined;
  return { realm: fields['realm'] ?? '', nonce: fields['nonce'], ...(fields['qop'] ? { qop: fields['qop'] } : {}), ...(fields['opaque'] ? { opaque: fields['opaque'] } : {}), algorithm: fields['algorithm'] ?? 'MD5' };
}

const hash = (algorithm: string, text: string): string => createHash(/sha-?256/i.test(algorithm) ? 'sha256' : 'md5').update(text).digest('hex');

/** The Authorization header answering a challenge for `method` on `url`. */
export function digestAuthorization(header: string, method: string, url: URL, username: string, password: string): string | undefined {
  const challenge = challengeOf(header);
  if (!challenge) return undefined;
  const uri = `${url.pathname}${url.search}`;
  const ha1 = hash(challenge.algorithm, `${username}:${challenge.realm}:${password}`);
  const ha2 = hash(challenge.algorithm, `${method}:${uri}`);
  const qop = challenge.qop?.split(',').map((value) => value.trim()).includes('auth') ? 'auth' : undefined;
  const cnonce = randomBytes(8).toString('hex');
  const nc = '00000001';
  const response = qop ? hash(challenge.algorithm, `${ha1}:${challenge.nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : hash(challenge.algorithm, `${ha1}:${challenge.nonce}:${ha2}`);
  const parts = [`username="${username}"`, `realm="${challenge.realm}"`, `nonce="${challenge.nonce}"`, `uri="${uri}"`, `algorithm=${challenge.algorithm}`, `response="${response}"`];
  if (qop) parts.push(`qop=${qop}`, `nc=${nc}`, `cnonce="${cnonce}"`);
  if (challenge.opaque !== undefined) parts.push(`opaque="${challenge.opaque}"`);
  return `Digest ${parts.join(', ')}`;
}

/** Asks `url` for its challenge; answers the Authorization header for it, or undefined when the server asks for no digest. */
export async function digestFor(url: URL, method: string, username: string, password: string, headers: Record<string, string>, dispatcher: Dispatcher | undefined, signal: AbortSignal): Promise<string | undefined> {
  const { authorization: _authorization, ...unauthenticated } = headers;
  const response = await request(url, { method: method as Dispatcher.HttpMethod, headers: unauthenticated, signal, ...(dispatcher ? { dispatcher } : {}) });
  await response.body.dump();
  const challenge = response.headers['www-authenticate'];
  const header = Array.isArray(challenge) ? challenge.find((value) => /^Digest\s/i.test(value)) : challenge;
  return response.statusCode === 401 && typeof header === 'string' ? digestAuthorization(header, method, url, username, password) : undefined;
}
