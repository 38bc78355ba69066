import { isRecord } from '@pharos/core';
import { marked } from 'marked';
import type { Transporter } from 'nodemailer';
import { SERVICES } from './services.js';
import { CHANNEL_TYPES } from './channel-types.js';
import { fromServiceUrl } from './service-url.js';
import { ChannelError, type ChannelConnection, type Message } from './types.js';
import { timeoutSignal } from '../modules/timeout-signal.js';

/** Longest a service may take to answer one message. */
export const SEND_TIMEOUT_MS = 15_000;



/** The reason a service gives in its error answer, whatever its shape. */
function reasonIn(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 500) || undefined;
  if (!isRecord(body)) return undefined;
  const error = body['error'];
  if (typeof error === 'string') return body['errcode'] ? `${String(body['errcode'])}: ${error}` : error;
  if (isRecord(error) && typeof error['message'] === 'string') return error['message'];
  for (const key of ['description', 'message', 'msg']) if (typeof body[key] === 'string') return body[key];
  if (Array.isArray(body['errors'])) return body['errors'].map(String).join('; ');
  return undefined;
}

/** Answers that say 200 but mean failure: Slack's and Telegram's `ok: false`, Pushover's `status: 0`, Zulip's `result: error`. */
function refusedIn(body: unknown): boolean {
  return isRecord(body) && (body['ok'] === false || body['status'] === 0 || body['result'] === 'error');
}

async function sendHttp(service: string, connection: ChannelConnection, message: Message, signal?: AbortSignal): Promise<void> {
  const build = SERVICES[service];
  if (!build) throw new ChannelError(service, `no such channel type: one of ${CHANNEL_TYPES.join(', ')}`);
  const request = build(connection, message);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: signal ? AbortSignal.any([signal, timeoutSignal(SEND_TIMEOUT_MS)]) : timeoutSignal(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = (error as Error).name === 'TimeoutError' ? `no answer from ${new URL(request.url).host} within ${SEND_TIMEOUT_MS / 1000} s` : (cause?.code ?? cause?.message ?? (error as Error).message);
    throw new ChannelError(service, `could not reach ${new URL(request.url).host}: ${reason}`);
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : text;
  } catch {
    // not JSON: the text is the reason
  }
  if (!response.ok) throw new ChannelError(service, reasonIn(body) ?? `${response.status} ${response.statusText}`, response.status);
  if (refusedIn(body)) throw new ChannelError(service, reasonIn(body) ?? 'the service refused the message', response.status);
}

/** The SMTP transport of an email connection: host and port from its fields or its smtp:// url. nodemailer is loaded on the first one. */
export async function emailTransport(connection: ChannelConnection, properties: Record<string, string> = { ...connection.properties }): Promise<{ transport: Transporter; host: string }> {
  const host = properties['host'] ?? (connection.url ? new URL(connection.url).hostname : undefined);
  if (!host) throw new ChannelError('email', 'the SMTP host is missing in the connection');
  const port = Number(properties['port'] ?? (connection.url ? new URL(connection.url).port : '') ?? '') || 587;
  const encryption = (properties['encryptionMethod'] ?? 'Auto').toLowerCase();
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host,
    port,
    secure: encryption === 'implicittls' || (encryption === 'auto' && port === 465),
    ignoreTLS: encryption === 'none',
    requireTLS: encryption === 'explicittls',
    ...(connection.username ? { auth: { user: connection.username, pass: connection.password ?? '' } } : {}),
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  return { transport, host };
}

async function sendEmail(connection: ChannelConnection, message: Message): Promise<void> {
  const properties = { ...connection.properties, ...message.properties };
  const to = properties['to'];
  if (!to) throw new ChannelError('email', 'no recipient: set the property to');
  const { transport, host } = await emailTransport(connection, properties);
  const from = properties['from'] ?? connection.username ?? `pharos@${host}`;
  const fromName = properties['fromName'];
  try {
    await transport.sendMail({
      from: fromName ? { name: fromName, address: from } : from,
      to,
      subject: message.title,
      text: message.body,
      html: await marked.parse(message.body),
    });
  } catch (error) {
    throw new ChannelError('email', (error as Error).message);
  } finally {
    transport.close();
  }
}

/**
 * Sends one message through a channel connection, or a shoutrrr-style service URL in its url
 * (`slack://token@channel`, `smtp://…`). Throws ChannelError with the service's own reason.
 */
export async function sendMessage(connection: ChannelConnection, message: Message, signal?: AbortSignal): Promise<void> {
  const resolved = fromServiceUrl(connection);
  if (resolved.type === 'email') return sendEmail(resolved, message);
  return sendHttp(resolved.type, resolved, message, signal);
}
