import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The access guard decides on the path the router matches, however the client spells it:
 * percent-encoded letters, encoded slashes and dots, repeated slashes or dot segments must not
 * turn a private route into a public one.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

/** Sends the request line exactly as written (fetch and http.request normalise some paths). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const { port, host } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4) });
    });
    const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAccept: application/json\r\n${extra}Connection: close\r\n\r\n`);
  });
}

describe('a private route spelt another way still needs a caller', () => {
  it.each([
    '/%61pi/schemas/canary.schema.json',
    '/%61%70%69/schemas/canary.schema.json',
    '/api/%73chemas/canary.schema.json',
    '/%61pi/auth/whoami',
    '/%61pi/db/people?select=id,email',
    '/%61pi/kubeconfig',
  ])('GET %s without a token answers 401', async (path) => {
    const { status, body } = await rawGet(path);
    expect(status).toBe(401);
    expect(JSON.parse(body)).toMatchObject({ code: 'PGRST301' });
  });

  it('the same routes answer with a token, so the spelling reaches them', async () => {
    const token = await server.tokenFor(['viewer']);
    const { status, body } = await rawGet('/%61pi/schemas/canary.schema.json', { authorization: `Bearer ${token}` });
    expect(status).toBe(200);
    expect(JSON.parse(body)).toHaveProperty('$schema');
  });

  it.each(['/x/../api/schemas/canary.schema.json', '//api/schemas/canary.schema.json', '/api/.ory/../schemas/canary.schema.json', '/api/health/%2E%2E/schemas/canary.schema.json'])(
    'GET %s without a token is refused or not found, never the schema',
    async (path) => {
      const { status, body } = await rawGet(path);
      expect([401, 404]).toContain(status);
      expect(body).not.toContain('$schema');
    },
  );

  it('public routes spelt with escapes stay public', async () => {
    expect((await rawGet('/%61pi/health')).status).toBe(200);
  });

  it('an unknown /api route spelt with escapes answers a JSON 404 for a caller, not the web app', async () => {
    const token = await server.tokenFor(['viewer']);
    const { status, body } = await rawGet('/%61pi/nothing-here', { authorization: `Bearer ${token}` });
    expect(status).toBe(404);
    expect(JSON.parse(body)).toMatchObject({ code: 'NOT_FOUND' });
  });
});
