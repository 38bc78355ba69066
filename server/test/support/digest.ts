import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The server side of HTTP Digest (MD5, qop auth) for the tests' loopback servers: answers whether a
 * request proves `username`/`password`, and sends the challenge when it does not.
 */
const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

export const DIGEST_NONCE = 'dcd98b7102dd2f0e8b11d0f600bfb0c093';
export const DIGEST_OPAQUE = '5ccc069c403ebaf9f0171e9517f40e41';

export function digestAccepts(request: IncomingMessage, realm: string, username: string, password: string): boolean {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Digest ')) return false;
  const fields: Record<string, string> = {};
  for (const match of header.slice(7).matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]+))/g)) fields[match[1]!] = match[2] ?? match[3] ?? '';
  if (fields['username'] !== username || fields['realm'] !== realm || fields['nonce'] !== DIGEST_NONCE || fields['uri'] !== request.url || fields['opaque'] !== DIGEST_OPAQUE) return false;
  const ha1 = md5(`${username}:${realm}:${password}`);
  const ha2 = md5(`${request.method}:${fields['uri']}`);
  return fields['response'] === md5(`${ha1}:${DIGEST_NONCE}:${fields['nc']}:${fields['cnonce']}:${fields['qop']}:${ha2}`);
}

export function sendDigestChallenge(response: ServerResponse, realm: string): void {
  response.writeHead(401, { 'www-authenticate': `Digest realm="${realm}", qop="auth", nonce="${DIGEST_NONCE}", opaque="${DIGEST_OPAQUE}", algorithm=MD5` }).end();
}
