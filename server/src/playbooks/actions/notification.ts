import { isRecord } from '@pharos/core';
import { openCredential } from '../../connections/sealing.js';
import { ChannelError, sendMessage, type ChannelConnection } from '../../channels/index.js';
import type { ActionOutcome, ActionRunner } from './types.js';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * `notification`: a message (`title`, markdown `message`, `properties`) through a channel connection,
 * or a shoutrrr-style service URL in `url` (`slack://token@channel`, `smtp://…`).
 */
export const notificationAction: ActionRunner = async (body, context): Promise<ActionOutcome> => {
  const message = text(body['message']);
  if (!message) return { ok: false, result: {}, error: 'message is required' };
  let channel: ChannelConnection;
  const reference = text(body['connection']);
  if (reference) {
    if (!context.connection) return { ok: false, result: {}, error: 'connections cannot be read here' };
    const connection = await context.connection(reference);
    channel = { type: connection.type, url: connection.url, username: connection.username, password: connection.password, properties: connection.properties };
  } else {
    const written = text(body['url']);
    // A URL with a token in it was sealed when the playbook was saved.
    const url = written === undefined ? undefined : openCredential(context.secrets, written);
    if (!url) return { ok: false, result: {}, error: 'connection or url is required' };
    channel = { type: /^([a-z][a-z0-9+]*):/i.exec(url)?.[1]?.toLowerCase() ?? 'generic', url };
  }
  const properties = isRecord(body['properties']) ? Object.fromEntries(Object.entries(body['properties']).map(([key, value]) => [key, String(value)])) : undefined;
  const title = text(body['title']) ?? '';
  try {
    await sendMessage(channel, { title, body: message, ...(properties ? { properties } : {}) }, context.signal);
  } catch (error) {
    return { ok: false, result: { channel: channel.type }, error: error instanceof ChannelError ? error.message : (error as Error).message };
  }
  return { ok: true, result: { channel: channel.type, title, message } };
};
