import { isRecord, isSealedText } from '@pharos/core';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type { LiveRule } from './rules.js';

/** A channel entry ({connection | url, properties}) with its URL in clear when it was sealed. */
function openEntry(entry: unknown, secrets: ServerSecrets): unknown {
  if (!isRecord(entry) || !isSealedText(entry['url'])) return entry;
  const url = secrets.openIfOurs(entry['url']);
  // Sealed with another key: the send fails on the URL and says so in its history.
  return url === undefined ? entry : { ...entry, url };
}

/** A rule whose service URLs (its custom services' and its team's channels') are in clear, as sending needs them. */
export function openChannelUrls(rule: LiveRule, secrets: ServerSecrets): LiveRule {
  const custom = Array.isArray(rule.custom_services) ? rule.custom_services.map((entry: unknown) => openEntry(entry, secrets)) : rule.custom_services;
  const team = isRecord(rule.team_spec) && Array.isArray(rule.team_spec['notifications'])
    ? { ...rule.team_spec, notifications: rule.team_spec['notifications'].map((entry: unknown) => openEntry(entry, secrets)) }
    : rule.team_spec;
  return { ...rule, custom_services: custom, team_spec: team };
}
