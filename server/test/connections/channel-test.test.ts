import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { saveConnection, testSaved } from './helpers.js';

/**
 * Testing a message channel connection sends a test message: here to a loopback server standing in
 * for Slack (the connection's url points there), which accepts one bot token and refuses others as
 * Slack does (200 with `ok: false`).
 */

const TOKEN = 'xoxb-good';
let server: TestServer;
let token: string;
let slack: Server;
let slackUrl: string;
const received: { authorization?: string; body: string }[] = [];

beforeAll(async () => {
  slack = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}), body });
      const ok = request.headers.authorization === `Bearer ${TOKEN}`;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ok ? { ok: true } : { ok: false, error: 'invalid_auth' }));
    });
  });
  await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
  slackUrl = `http://127.0.0.1:${(slack.address() as AddressInfo).port}`;
  server = await startTestServer();
  token = await server.tokenFor(['admin']);
});

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => slack?.close(resolve));
});

describe('testing a channel connection', () => {
  it('sends a test message, and gives the service’s refusal as the reason', async () => {
    const good = await saveConnection(server, token, { name: 'alerts', type: 'slack', url: slackUrl, username: 'C0123', password: TOKEN });
    expect(await testSaved(server, token, good.id)).toEqual({ status: 200, message: 'ok' });
    const message = JSON.parse(received.at(-1)!.body) as { channel: string; text: string };
    expect(message.channel).toBe('C0123');
    expect(message.text).toContain('This message was sent by Pharos to test the connection **default/alerts**.');

    const bad = await saveConnection(server, token, { name: 'alerts-old', type: 'slack', url: slackUrl, username: 'C0123', password: 'xoxb-revoked' });
    expect(await testSaved(server, token, bad.id)).toEqual({ status: 400, message: 'slack: invalid_auth' });
  });
});
