import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { digestAccepts, sendDigestChallenge } from '../../support/digest.js';

/**
 * A loopback stand-in for the public services canary-checker's examples call (httpbin.flanksource.com,
 * api.frankfurter.app and an OAuth token endpoint): the same paths and the same answers' shape, over http and over https
 * with a self-signed certificate valid for 30 days.
 */
export interface Httpbin {
  /** http://127.0.0.1:{port} */
  http: string;
  /** https://127.0.0.1:{port} */
  https: string;
  close(): Promise<void>;
}

/** The rates the frankfurter stand-in answers, so the examples' display messages are known. */
export const RATES = { EUR: 0.92, GBP: 0.79, ILS: 3.7, ZAR: 18.5 } as const;

/** Header names as Go (and httpbin) write them: `User-Agent`. */
const canonical = (name: string): string => name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`);

function headersOf(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [canonical(name), Array.isArray(value) ? value.join(', ') : (value ?? '')]));
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += (chunk as Buffer).toString('utf8');
  return body;
}

function json(response: ServerResponse, code: number, value: unknown): void {
  response.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

function basicUser(request: IncomingMessage): { user: string; password: string } | undefined {
  const match = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
  if (!match) return undefined;
  const [user = '', ...rest] = Buffer.from(match[1]!, 'base64').toString('utf8').split(':');
  return { user, password: rest.join(':') };
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://httpbin');
  const parts = url.pathname.split('/').filter(Boolean);
  const headers = headersOf(request);
  switch (parts[0]) {
    case 'status':
      response.writeHead(Number(parts[1] ?? 200)).end();
      return;
    case 'headers':
      return json(response, 200, { headers });
    case 'get':
      return json(response, 200, { args: Object.fromEntries(url.searchParams), headers, url: url.href });
    case 'post': {
      const data = await bodyOf(request);
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(data);
      } catch {
        parsed = null;
      }
      return json(response, 200, { data, json: parsed, headers });
    }
    case 'uuid':
      return json(response, 200, { uuid: randomUUID() });
    case 'html':
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body><h1>Herman Melville - Moby-Dick</h1><p>Availing himself of the mild, summer-cool weather…</p></body></html>');
      return;
    case 'delay':
      setTimeout(() => json(response, 200, { headers }), Number(parts[1] ?? 1) * 1000);
      return;
    case 'basic-auth': {
      const given = basicUser(request);
      if (given && given.user === parts[1] && given.password === parts[2]) return json(response, 200, { authenticated: true, user: parts[1] });
      response.writeHead(401, { 'www-authenticate': 'Basic realm="Fake Realm"' }).end();
      return;
    }
    case 'digest-auth': {
      // /digest-auth/{qop}/{user}/{password}, as httpbin answers it.
      const [, , user = '', password = ''] = parts;
      if (digestAccepts(request, 'me@kennethreitz.com', user, password)) return json(response, 200, { authenticated: true, user });
      return sendDigestChallenge(response, 'me@kennethreitz.com');
    }
    case 'redirect-to':
      response.writeHead(Number(url.searchParams.get('status_code') ?? 302), { location: url.searchParams.get('url') ?? '/' }).end();
      return;
    case 'latest': {
      const wanted = (url.searchParams.get('to') ?? Object.keys(RATES).join(',')).split(',');
      const rates = Object.fromEntries(Object.entries(RATES).filter(([code]) => wanted.includes(code)));
      return json(response, 200, { amount: 1, base: url.searchParams.get('from') ?? 'EUR', date: '2026-08-20', rates });
    }
    case 'oauth': {
      // The client-credentials token endpoint of the oauth2 example: its client, and no other.
      const form = new URLSearchParams(await bodyOf(request));
      if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== 'demo-backend-client' || form.get('client_secret') !== 'MJlO3binatD9jk1') return json(response, 401, { error: 'invalid_client' });
      return json(response, 200, { access_token: 'conformance-token', token_type: 'Bearer', expires_in: 300, scope: form.get('scope') });
    }
    case undefined:
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body><a href="/html">html</a> <a href="/get">get</a></body></html>');
      return;
    default:
      response.writeHead(404).end('not found');
  }
}

const listen = (server: Server): Promise<number> => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

export async function startHttpbin(): Promise<Httpbin> {
  const answer = (request: IncomingMessage, response: ServerResponse): void => void handle(request, response).catch((error: Error) => response.writeHead(500).end(error.message));
  const folder = mkdtempSync(join(tmpdir(), 'pharos-httpbin-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '30', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout', join(folder, 'key.pem'), '-out', join(folder, 'cert.pem'),
  ], { stdio: 'ignore' });
  const plain = createHttpServer(answer);
  const secure = createHttpsServer({ cert: readFileSync(join(folder, 'cert.pem')), key: readFileSync(join(folder, 'key.pem')) }, answer);
  rmSync(folder, { recursive: true, force: true });
  const [httpPort, httpsPort] = await Promise.all([listen(plain), listen(secure)]);
  return {
    http: `http://127.0.0.1:${httpPort}`,
    https: `https://127.0.0.1:${httpsPort}`,
    async close() {
      plain.closeAllConnections();
      secure.closeAllConnections();
      await Promise.all([new Promise((resolve) => plain.close(resolve)), new Promise((resolve) => secure.close(resolve))]);
    },
  };
}
