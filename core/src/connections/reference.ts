import { CONNECTION_TYPES } from '../constants/settings/connections.js';

/** What a check, scraper, action or notification names: `connection://namespace/name`, `connection://Type/name` or the name. */
export interface ConnectionReference {
  name: string;
  namespace?: string;
  type?: string;
}

export const CONNECTION_SCHEME = 'connection://';

/**
 * Reads a connection reference. The first part of `connection://a/b` is a type when it names one
 * (case and `-` or `_` aside: `connection://Slack/alerts`), else a namespace. A bare name has
 * neither: the caller looks in its own namespace first.
 */
export function parseConnectionReference(text: string): ConnectionReference | undefined {
  const trimmed = text.trim();
  const body = trimmed.startsWith(CONNECTION_SCHEME) ? trimmed.slice(CONNECTION_SCHEME.length) : trimmed;
  const parts = body.split('/').filter((part) => part !== '');
  if (parts.length === 1) return { name: parts[0]! };
  if (parts.length !== 2) return undefined;
  const [first, name] = parts as [string, string];
  const normalized = first.toLowerCase().replace(/-/g, '_');
  const type = CONNECTION_TYPES.find((candidate) => candidate === normalized);
  return type ? { name, type } : { name, namespace: first };
}
