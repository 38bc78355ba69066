import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Bodies and headers built to break the parser rather than the rules: JSON nested thousands of
 * levels deep, and Host headers that are not host names. Each is the client's mistake: 400 with
 * the usual error body, never a 500 from a stack overflow.
 */

let server: TestServer;
let token: string;

const LEVELS = 10_000;
const deepArray = '['.repeat(LEVELS) + ']'.repeat(LEVELS);
const deepObject = '{"a":'.repeat(LEVELS) + '1' + '}'.repeat(LEVELS);

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(['admin']);
});

afterAll(async () => {
  await server?.close();
});

/** Every route of the app that reads a JSON body, with the body wrapped as that route expects. */
const JSON_ROUTES: { name: string; path: string; body: (deep: string) => string }[] = [
  { name: 'a data service insert', path: '/api/db/configs', body: (deep) => `{"name":"deep","type":"Deep::Body","labels":${deep}}` },
  { name: 'a data service insert of an array', path: '/api/db/incidents', body: (deep) => deep },
  { name: 'rpc arguments', path: '/api/db/rpc/related_configs_recursive', body: (deep) => `{"config_id":${deep}}` },
  { name: 'the resource search', path: '/api/resources/search', body: (deep) => `{"configs":${deep}}` },
  { name: 'an invitation', path: '/api/auth/invite_user', body: (deep) => `{"firstName":${deep}}` },
  { name: 'a role change', path: '/api/rbac/00000000-0000-0000-0000-000000000000/update_role', body: (deep) => `{"roles":${deep}}` },
  { name: 'a sign-in submission', path: '/api/.ory/self-service/login?flow=00000000-0000-0000-0000-000000000000', body: (deep) => `{"method":"password","identifier":${deep}}` },
];

describe('JSON nested thousands of levels deep', () => {
  for (const { name, path, body } of JSON_ROUTES) {
    for (const [shape, deep] of [['arrays', deepArray], ['objects', deepObject]] as const) {
      it(`${name}: ${LEVELS} levels of ${shape} answer 400`, async () => {
        const response = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: body(deep),
        });
        expect(response.status).toBe(400);
        const answer = (await response.json()) as Record<string, unknown>;
        expect(JSON.stringify(answer)).toMatch(/nest/i);
      });
    }
  }

  it('JSON a person could write, 20 levels deep, is still accepted by the data service', async () => {
    const labels = '{"a":'.repeat(20) + '"x"' + '}'.repeat(20);
    const response = await fetch(`${server.url}/api/db/configs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=representation' },
      body: `{"name":"nested labels ${Date.now()}","type":"Deep::Body","labels":${labels}}`,
    });
    expect(response.status).toBe(201);
    const [row] = (await response.json()) as { labels: unknown }[];
    expect(row?.labels).toEqual(JSON.parse(labels));
  });
});

/** A raw request with any Host header (fetch always sends the real one). */
function withHost(host: string, path: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method: 'GET', setHost: false, headers: { host, accept: 'application/json' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('an invalid Host header', () => {
  const BAD_HOSTS = ['exa mple.com', 'a/b', '[::1', 'host:port', 'x@evil.com', '%00'];
  const PATHS = ['/api/.ory/self-service/login/browser', '/api/.ory/self-service/registration/browser', '/api/health'];

  for (const path of PATHS) {
    it.each(BAD_HOSTS)(`${path} with Host %j answers 400`, async (host) => {
      const { status, body } = await withHost(host, path);
      expect(status).toBe(400);
      expect(body).toMatch(/host/i);
    });
  }

  it('a valid Host with a port, or an IPv6 address, is served', async () => {
    expect((await withHost('pharos.example.com:8443', '/api/.ory/self-service/login/browser')).status).toBe(200);
    expect((await withHost('[::1]:8080', '/api/health')).status).toBe(200);
  });
});
