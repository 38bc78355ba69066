import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendMessage, type ChannelConnection, type Message } from '../../src/channels/index.js';
import { freePort } from '../support/http.js';
import { TestSmtpServer } from '../support/smtp.js';

/**
 * Each channel against a loopback HTTP server standing in for the service (the connection's url
 * points there instead of the service's host), which checks the request the service documents.
 */

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let base: string;
const received: Received[] = [];
let answer: { status: number; body: string } = { status: 200, body: '{}' };

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  answer = { status: 200, body: '{}' };
});

const message: Message = { title: 'Check api failed', body: 'The **api** check failed: 503' };
const TEXT = 'Check api failed\n\nThe **api** check failed: 503';

async function sent(connection: ChannelConnection, extra: Partial<Message> = {}): Promise<Received> {
  await sendMessage(connection, { ...message, ...extra });
  expect(received).toHaveLength(1);
  return received[0]!;
}

const jsonOf = (request: Received): unknown => JSON.parse(request.body);
const formOf = (request: Received): Record<string, string> => Object.fromEntries(new URLSearchParams(request.body));

describe('message channels send the request each service documents', () => {
  it('slack: chat.postMessage with the bot token, to the channel', async () => {
    answer = { status: 200, body: '{"ok": true}' };
    const request = await sent({ type: 'slack', url: base, username: 'C0123', password: 'xoxb-1', properties: { BotName: 'Pharos' } });
    expect(request).toMatchObject({ method: 'POST', path: '/api/chat.postMessage', headers: { authorization: 'Bearer xoxb-1', 'content-type': 'application/json' } });
    expect(jsonOf(request)).toEqual({ channel: 'C0123', text: TEXT, username: 'Pharos' });
  });

  it('discord: a webhook execute with content', async () => {
    const request = await sent({ type: 'discord', url: `${base}/api/webhooks/123/abc` });
    expect(request).toMatchObject({ method: 'POST', path: '/api/webhooks/123/abc' });
    expect(jsonOf(request)).toEqual({ content: TEXT });
  });

  it('teams: a MessageCard with title and text', async () => {
    const request = await sent({ type: 'teams', url: `${base}/webhookb2/x` });
    expect(jsonOf(request)).toMatchObject({ '@type': 'MessageCard', title: 'Check api failed', text: message.body });
  });

  it('google_chat: a message with text to the space webhook', async () => {
    const request = await sent({ type: 'google_chat', url: `${base}/v1/spaces/S/messages?key=k&token=t` });
    expect(request.path).toBe('/v1/spaces/S/messages?key=k&token=t');
    expect(jsonOf(request)).toEqual({ text: TEXT });
  });

  it('mattermost and rocketchat: incoming webhooks with text and channel', async () => {
    const mattermost = await sent({ type: 'mattermost', url: base, password: 'hooktoken', properties: { channel: 'ops' } });
    expect(mattermost.path).toBe('/hooks/hooktoken');
    expect(jsonOf(mattermost)).toEqual({ text: TEXT, channel: 'ops' });
    received.length = 0;
    const rocket = await sent({ type: 'rocketchat', url: base, username: 'tokenA', password: 'tokenB' });
    expect(rocket.path).toBe('/hooks/tokenA/tokenB');
    expect(jsonOf(rocket)).toEqual({ text: TEXT });
  });

  it('telegram: sendMessage of the bot to the chat', async () => {
    answer = { status: 200, body: '{"ok": true, "result": {}}' };
    const request = await sent({ type: 'telegram', url: base, password: '123:ABC', username: '-100200' });
    expect(request.path).toBe('/bot123:ABC/sendMessage');
    expect(jsonOf(request)).toEqual({ chat_id: '-100200', text: TEXT });
  });

  it('pushover: a form with token, user, title and message', async () => {
    answer = { status: 200, body: '{"status": 1}' };
    const request = await sent({ type: 'pushover', url: base, password: 'apptoken', username: 'userkey' }, { properties: { priority: '1' } });
    expect(request).toMatchObject({ path: '/1/messages.json', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(formOf(request)).toEqual({ token: 'apptoken', user: 'userkey', title: 'Check api failed', message: message.body, priority: '1' });
  });

  it('pushbullet: a note pushed with the access token', async () => {
    const request = await sent({ type: 'pushbullet', url: base, password: 'o.token' });
    expect(request).toMatchObject({ path: '/v2/pushes', headers: { 'access-token': 'o.token' } });
    expect(jsonOf(request)).toEqual({ type: 'note', title: 'Check api failed', body: message.body });
  });

  it('ntfy: the body published to the topic, the title, priority and tags as headers', async () => {
    const request = await sent({ type: 'ntfy', url: base, properties: { topic: 'alerts', priority: 'high', tags: 'warning' } });
    expect(request).toMatchObject({ method: 'POST', path: '/alerts', body: message.body, headers: { title: 'Check api failed', priority: 'high', tags: 'warning', markdown: 'yes' } });
  });

  it('opsgenie: an alert with the API key', async () => {
    answer = { status: 202, body: '{"result": "Request will be processed"}' };
    const request = await sent({ type: 'opsgenie', url: base, password: 'genie' });
    expect(request).toMatchObject({ path: '/v2/alerts', headers: { authorization: 'GenieKey genie' } });
    expect(jsonOf(request)).toEqual({ message: 'Check api failed', description: message.body });
  });

  it('ifttt: the event triggered with value1 and value2', async () => {
    const request = await sent({ type: 'ifttt', url: base, password: 'key1', properties: { events: 'check_failed' } });
    expect(request.path).toBe('/trigger/check_failed/with/key/key1');
    expect(jsonOf(request)).toEqual({ value1: 'Check api failed', value2: message.body, value3: '' });
  });

  it('matrix: an m.text event put into the room with a transaction id', async () => {
    const request = await sent({ type: 'matrix', url: base, password: 'syt_token', properties: { rooms: '!room:example.org' } });
    expect(request.method).toBe('PUT');
    expect(request.path).toMatch(/^\/_matrix\/client\/v3\/rooms\/!room%3Aexample\.org\/send\/m\.room\.message\/[0-9a-f-]{36}$/);
    expect(request.headers.authorization).toBe('Bearer syt_token');
    expect(jsonOf(request)).toEqual({ msgtype: 'm.text', body: TEXT });
  });

  it('zulip_chat: a stream message with the bot’s basic auth', async () => {
    answer = { status: 200, body: '{"result": "success"}' };
    const request = await sent({ type: 'zulip_chat', url: base, username: 'bot@zulip.example.org', password: 'botkey', properties: { stream: 'ops' } });
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('bot@zulip.example.org:botkey').toString('base64')}`);
    expect(formOf(request)).toEqual({ type: 'stream', to: 'ops', topic: 'Check api failed', content: message.body });
  });

  it('generic_webhook: POST JSON with title and message, keys and method configurable', async () => {
    const request = await sent({ type: 'generic_webhook', url: `${base}/hook` });
    expect(request).toMatchObject({ method: 'POST', path: '/hook', headers: { 'content-type': 'application/json' } });
    expect(jsonOf(request)).toEqual({ title: 'Check api failed', message: message.body });
    received.length = 0;
    const custom = await sent({ type: 'generic_webhook', url: `${base}/hook`, properties: { method: 'PUT', titlekey: 'subject', messagekey: 'text' } });
    expect(custom.method).toBe('PUT');
    expect(jsonOf(custom)).toEqual({ subject: 'Check api failed', text: message.body });
  });
});

describe('shoutrrr service URLs', () => {
  it('reads generic+http URLs as webhooks', async () => {
    const request = await sent({ type: 'generic_webhook', url: `generic+${base}/shout?x=1` });
    expect(request.path).toBe('/shout?x=1');
  });

  it('reads ntfy://host/topic', async () => {
    const host = new URL(base).host;
    const request = await sent({ type: 'ntfy', url: `ntfy://${host}/deploys?scheme=http` });
    expect(request.path).toBe('/deploys');
  });
});

describe('errors a person can act on', () => {
  it('turns each service’s error answer into its reason', async () => {
    answer = { status: 200, body: '{"ok": false, "error": "channel_not_found"}' };
    await expect(sendMessage({ type: 'slack', url: base, username: 'C1', password: 't' }, message)).rejects.toThrow('slack: channel_not_found');
    answer = { status: 400, body: '{"ok": false, "error_code": 400, "description": "Bad Request: chat not found"}' };
    await expect(sendMessage({ type: 'telegram', url: base, username: '1', password: 't' }, message)).rejects.toThrow('telegram: Bad Request: chat not found');
    answer = { status: 403, body: '{"errcode": "M_FORBIDDEN", "error": "You are not in this room"}' };
    await expect(sendMessage({ type: 'matrix', url: base, password: 't', properties: { rooms: '!r' } }, message)).rejects.toThrow('matrix: M_FORBIDDEN: You are not in this room');
    answer = { status: 400, body: '{"user": "invalid", "errors": ["user identifier is not a valid user, group, or subscribed user key"], "status": 0}' };
    await expect(sendMessage({ type: 'pushover', url: base, username: 'u', password: 't' }, message)).rejects.toThrow('pushover: user identifier is not a valid user');
    answer = { status: 500, body: 'upstream exploded' };
    await expect(sendMessage({ type: 'generic_webhook', url: base }, message)).rejects.toThrow('generic_webhook: upstream exploded');
  });

  it('says what the connection lacks, and when the service cannot be reached', async () => {
    await expect(sendMessage({ type: 'slack', url: base, password: 't' }, message)).rejects.toThrow('slack: the channel (username) is missing in the connection');
    const closed = await freePort();
    await expect(sendMessage({ type: 'generic_webhook', url: `http://127.0.0.1:${closed}/hook` }, message)).rejects.toThrow(`generic_webhook: could not reach 127.0.0.1:${closed}: ECONNREFUSED`);
    await expect(sendMessage({ type: 'fax', url: base }, message)).rejects.toThrow('fax: no such channel type');
  });
});

describe('email', () => {
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = new TestSmtpServer();
    await smtp.start();
  });

  afterAll(async () => {
    await smtp.close();
  });

  it('goes out over SMTP with a text and an HTML part', async () => {
    await sendMessage(
      { type: 'email', properties: { host: '127.0.0.1', port: String(smtp.port), from: 'alerts@example.com', fromName: 'Pharos', to: 'oncall@example.com', encryptionMethod: 'None' } },
      message,
    );
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual(['oncall@example.com']);
    expect(mail.subject).toBe('Check api failed');
    expect(mail.raw).toContain('From: Pharos <alerts@example.com>');
    expect(mail.raw).toContain('text/html');
    expect(mail.raw).toMatch(/<strong>api<\/strong>/);
  });

  it('takes an smtp:// service URL', async () => {
    await sendMessage({ type: 'email', url: `smtp://127.0.0.1:${smtp.port}/?from=ops@example.com&to=team@example.com&encryptionMethod=None` }, message);
    expect(smtp.mails.at(-1)!.to).toEqual(['team@example.com']);
  });
});
