import { randomUUID } from 'node:crypto';
import { ChannelError, type ChannelConnection, type ChannelRequest, type Message } from './types.js';
import { basicAuthorization } from '../http/basic-auth.js';

/**
 * Each chat and push service's documented request for one message, from a connection: the
 * service's own host unless the connection's url names another (a self-hosted server, a proxy).
 */

type Build = (connection: ChannelConnection, message: Message) => ChannelRequest;

const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

function property(connection: ChannelConnection, message: Message, name: string): string | undefined {
  return message.properties?.[name] ?? connection.properties?.[name] ?? undefined;
}

function required(service: string, value: string | null | undefined, what: string): string {
  if (!value) throw new ChannelError(service, `${what} is missing in the connection`);
  return value;
}

function base(connection: ChannelConnection, fallback: string): string {
  return (connection.url || fallback).replace(/\/+$/, '');
}

/** Title and body as one text, for services without a title field. */
function titled(message: Message): string {
  return message.title ? `${message.title}\n\n${message.body}` : message.body;
}

const json = (url: string, body: unknown, headers: Record<string, string> = {}, method: ChannelRequest['method'] = 'POST'): ChannelRequest => ({
  url,
  method,
  headers: { ...JSON_TYPE, ...headers },
  body: JSON.stringify(body),
});

export const SERVICES: Readonly<Record<string, Build>> = {
  // chat.postMessage with a bot token; the channel is the username (or the channel property)
  slack: (connection, message) => {
    const token = required('slack', connection.password, 'the bot token (password)');
    const channel = required('slack', property(connection, message, 'channel') ?? connection.username, 'the channel (username)');
    const botName = property(connection, message, 'BotName');
    return json(`${base(connection, 'https://slack.com')}/api/chat.postMessage`, { channel, text: titled(message), ...(botName ? { username: botName } : {}) }, { authorization: `Bearer ${token}` });
  },
  slackwebhook: (connection, message) => json(required('slack', connection.url, 'the webhook url'), { text: titled(message) }),
  discord: (connection, message) => {
    const url = connection.url || `https://discord.com/api/webhooks/${required('discord', connection.username, 'the webhook id (username)')}/${required('discord', connection.password, 'the webhook token (password)')}`;
    return json(url, { content: titled(message) });
  },
  teams: (connection, message) =>
    json(required('teams', connection.url, 'the webhook url'), {
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      summary: message.title || message.body.slice(0, 100),
      title: message.title,
      text: message.body,
    }),
  google_chat: (connection, message) => json(required('google_chat', connection.url ?? property(connection, message, 'webhook'), 'the webhook url'), { text: titled(message) }),
  mattermost: (connection, message) => {
    const token = required('mattermost', connection.password, 'the webhook token (password)');
    const channel = property(connection, message, 'channel');
    return json(`${base(connection, '')}/hooks/${token}`, { text: titled(message), ...(channel ? { channel } : {}), ...(connection.username ? { username: connection.username } : {}) });
  },
  rocketchat: (connection, message) => {
    const tokenA = required('rocketchat', connection.username, 'the first webhook token (username)');
    const tokenB = required('rocketchat', connection.password, 'the second webhook token (password)');
    const channel = property(connection, message, 'channel');
    return json(`${base(connection, '')}/hooks/${tokenA}/${tokenB}`, { text: titled(message), ...(channel ? { channel } : {}) });
  },
  telegram: (connection, message) => {
    const token = required('telegram', connection.password, 'the bot token (password)');
    const chat = required('telegram', property(connection, message, 'chats') ?? connection.username, 'the chat id (username)');
    return json(`${base(connection, 'https://api.telegram.org')}/bot${token}/sendMessage`, { chat_id: chat.split(',')[0]!.trim(), text: titled(message) });
  },
  pushover: (connection, message) => {
    const form = new URLSearchParams({
      token: required('pushover', connection.password, 'the application token (password)'),
      user: required('pushover', connection.username, 'the user key (username)'),
      message: message.body,
      ...(message.title ? { title: message.title } : {}),
      ...(property(connection, message, 'priority') ? { priority: property(connection, message, 'priority')! } : {}),
    });
    return { url: `${base(connection, 'https://api.pushover.net')}/1/messages.json`, method: 'POST', headers: FORM_TYPE, body: form.toString() };
  },
  pushbullet: (connection, message) =>
    json(`${base(connection, 'https://api.pushbullet.com')}/v2/pushes`, { type: 'note', title: message.title, body: message.body }, {
      'access-token': required('pushbullet', connection.password, 'the access token (password)'),
    }),
  ntfy: (connection, message) => {
    const topic = required('ntfy', property(connection, message, 'topic'), 'the topic (property topic)');
    const headers: Record<string, string> = { 'content-type': 'text/markdown', markdown: 'yes' };
    if (message.title) headers['title'] = message.title;
    const priority = property(connection, message, 'priority');
    if (priority) headers['priority'] = priority;
    const tags = property(connection, message, 'tags');
    if (tags) headers['tags'] = tags;
    if (connection.username && connection.password) headers['authorization'] = basicAuthorization(connection.username, connection.password);
    else if (connection.password) headers['authorization'] = `Bearer ${connection.password}`;
    return { url: `${base(connection, 'https://ntfy.sh')}/${encodeURIComponent(topic)}`, method: 'POST', headers, body: message.body };
  },
  opsgenie: (connection, message) => {
    const priority = property(connection, message, 'priority');
    return json(
      `${base(connection, 'https://api.opsgenie.com')}/v2/alerts`,
      { message: (message.title || message.body).slice(0, 130), description: message.body, ...(priority ? { priority } : {}) },
      { authorization: `GenieKey ${required('opsgenie', connection.password, 'the API key (password)')}` },
    );
  },
  ifttt: (connection, message) => {
    const key = required('ifttt', connection.password, 'the webhook key (password)');
    const event = required('ifttt', property(connection, message, 'events') ?? connection.username, 'the event (property events)').split(',')[0]!.trim();
    return json(`${base(connection, 'https://maker.ifttt.com')}/trigger/${encodeURIComponent(event)}/with/key/${key}`, { value1: message.title, value2: message.body, value3: property(connection, message, 'value3') ?? '' });
  },
  matrix: (connection, message) => {
    const room = required('matrix', property(connection, message, 'rooms') ?? connection.username, 'the room id (property rooms)').split(',')[0]!.trim();
    return json(
      `${base(connection, '')}/_matrix/client/v3/rooms/${encodeURIComponent(room)}/send/m.room.message/${randomUUID()}`,
      { msgtype: 'm.text', body: titled(message) },
      { authorization: `Bearer ${required('matrix', connection.password, 'the access token (password)')}` },
      'PUT',
    );
  },
  zulip_chat: (connection, message) => {
    const email = required('zulip_chat', connection.username, 'the bot email (username)');
    const key = required('zulip_chat', connection.password, 'the bot API key (password)');
    const form = new URLSearchParams({
      type: 'stream',
      to: required('zulip_chat', property(connection, message, 'stream'), 'the stream (property stream)'),
      topic: property(connection, message, 'topic') ?? (message.title || 'Pharos'),
      content: message.body,
    });
    return { url: `${base(connection, '')}/api/v1/messages`, method: 'POST', headers: { ...FORM_TYPE, authorization: basicAuthorization(email, key) }, body: form.toString() };
  },
  // Any HTTP endpoint: POST JSON {title, message} by default; method, content type and keys configurable.
  generic_webhook: (connection, message) => webhook('generic_webhook', connection, message),
  webhook: (connection, message) => webhook('webhook', connection, message),
};

function webhook(service: string, connection: ChannelConnection, message: Message): ChannelRequest {
  const url = required(service, connection.url, 'the url');
  const method = (property(connection, message, 'method') ?? 'POST').toUpperCase();
  if (method !== 'POST' && method !== 'PUT' && method !== 'GET') throw new ChannelError(service, `method ${method} is not supported: POST, PUT or GET`);
  const contentType = property(connection, message, 'contenttype') ?? property(connection, message, 'contentType') ?? 'application/json';
  const messageKey = property(connection, message, 'messagekey') ?? property(connection, message, 'messageKey') ?? 'message';
  const titleKey = property(connection, message, 'titlekey') ?? property(connection, message, 'titleKey') ?? 'title';
  const headers: Record<string, string> = { 'content-type': contentType };
  if (connection.username && connection.password) headers['authorization'] = basicAuthorization(connection.username, connection.password);
  const body = JSON.stringify({ [titleKey]: message.title, [messageKey]: message.body });
  return { url, method, headers, ...(method === 'GET' ? {} : { body }) };
}
