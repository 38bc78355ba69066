import { isRecord } from '@pharos/core';
import type { ChannelConnection } from '../channels/index.js';
import { resolveConnection } from '../connections/resolve.js';
import type { LiveRule } from './rules.js';
import type { NotificationOptions } from './types.js';

/** Where one send goes: a person's (or a mailto:) address, a channel connection, or a service URL. */
export type Target =
  | { key: string; kind: 'email'; address: string; properties: Record<string, string> }
  | { key: string; kind: 'connection'; connection: string; properties: Record<string, string> }
  | { key: string; kind: 'url'; url: string; properties: Record<string, string> };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

function strings(value: unknown): Record<string, string> {
  return isRecord(value) ? Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== null && entry !== undefined).map(([key, entry]) => [key, String(entry)])) : {};
}

/** A service URL as it is shown and kept in the history: without credentials or query (a token often sits there). */
export function redactedUrl(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)(?:[^@/?#]*@)?([^?#]*)/i.exec(url);
  if (match) return `${match[1]}${match[2]}`;
  return url.startsWith('mailto:') ? url : url.replace(/[?#].*$/, '');
}

/** One channel entry ({connection | url, properties}) of custom_services or a team's notifications. */
function channelTarget(entry: unknown, prefix: string, defaults: Record<string, string>): Target | undefined {
  if (!isRecord(entry)) return undefined;
  const properties = { ...defaults, ...strings(entry['properties']) };
  const connection = text(entry['connection']);
  if (connection) return { key: `${prefix}${connection}`, kind: 'connection', connection, properties };
  const url = text(entry['url']);
  if (!url) return undefined;
  if (/^mailto:/i.test(url)) {
    const address = decodeURIComponent(url.slice('mailto:'.length));
    return { key: `${prefix}${address}`, kind: 'email', address, properties };
  }
  return { key: `${prefix}${redactedUrl(url)}`, kind: 'url', url, properties };
}

/**
 * Everyone a rule sends to, each with the key its sends are kept under: the person by e-mail, each
 * channel of the team (teams.spec.notifications), and each custom service. The same key twice is
 * one recipient.
 */
export function targetsOf(rule: LiveRule): Target[] {
  const defaults = strings(rule.properties);
  const targets: Target[] = [];
  if (rule.person_id && rule.person_email) targets.push({ key: rule.person_email, kind: 'email', address: rule.person_email, properties: defaults });
  if (rule.team_id && rule.team_name && isRecord(rule.team_spec) && Array.isArray(rule.team_spec['notifications'])) {
    for (const entry of rule.team_spec['notifications']) {
      const target = channelTarget(entry, `team ${rule.team_name}: `, defaults);
      if (target) targets.push(target);
    }
  }
  if (Array.isArray(rule.custom_services)) {
    for (const entry of rule.custom_services) {
      const target = channelTarget(entry, '', defaults);
      if (target) targets.push(target);
    }
  }
  const seen = new Set<string>();
  return targets.filter((target) => !seen.has(target.key) && seen.add(target.key));
}

/** The channel a target is sent through, credentials resolved; the message's extra properties. */
export async function channelOf(target: Target, rule: LiveRule, options: NotificationOptions): Promise<{ channel: ChannelConnection; properties: Record<string, string> }> {
  switch (target.kind) {
    case 'email': {
      const { smtpUrl, smtpFrom } = options.delivery;
      if (!smtpUrl) throw new Error('no SMTP server is configured for e-mail: set SMTP_URL');
      return { channel: { type: 'email', url: smtpUrl, properties: { from: smtpFrom } }, properties: { ...target.properties, to: target.address } };
    }
    case 'connection': {
      const connection = await resolveConnection(options.pool, options.secrets, target.connection, rule.namespace);
      return {
        channel: { type: connection.type, url: connection.url, username: connection.username, password: connection.password, properties: connection.properties },
        properties: target.properties,
      };
    }
    case 'url': {
      const scheme = /^([a-z][a-z0-9+]*):/i.exec(target.url)?.[1]?.toLowerCase() ?? '';
      // a plain http(s) address is a generic webhook
      const type = scheme === 'http' || scheme === 'https' ? 'generic_webhook' : scheme;
      return { channel: { type, url: target.url }, properties: target.properties };
    }
  }
}
