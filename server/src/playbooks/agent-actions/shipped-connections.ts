import { isRecord } from '@pharos/core';
import type pg from 'pg';
import { isConnectionString } from '../../connections/connection-string.js';
import { resolveConnection, type ResolvedConnection } from '../../connections/resolve.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';

/** A text rendered later, on the agent: its connection cannot be known before. */
const isTemplate = (text: string): boolean => text.includes('{{') || text.includes('$(');

/**
 * The connections an action's fields name (`connection` at any depth: an http action's, a gitops
 * `repo.connection`), templated names and connections written as URLs or connection strings left out.
 */
export function namedConnections(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) namedConnections(item, found);
  else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'connection' && typeof item === 'string') {
        if (item !== '' && !isTemplate(item) && !isConnectionString(item)) found.add(item);
      } else namedConnections(item, found);
    }
  }
  return found;
}

/** The saved connections an action names, resolved with their credentials, for the agent that runs it; no other connection leaves this server. */
export async function connectionsFor(db: pg.Pool | pg.PoolClient, secrets: ServerSecrets, body: Record<string, unknown>, namespace: string): Promise<Record<string, ResolvedConnection>> {
  const entries = [];
  for (const reference of namedConnections(body)) entries.push([reference, await resolveConnection(db, secrets, reference, namespace)] as const);
  return Object.fromEntries(entries);
}

/** On the agent: the connections of an action are those upstream sent with it; any other is refused, saying why. */
export function shippedConnection(connections: Readonly<Record<string, ResolvedConnection>> | undefined): (reference: string) => Promise<ResolvedConnection> {
  return (reference) => {
    const connection = connections?.[reference];
    if (connection) return Promise.resolve(connection);
    return Promise.reject(
      new Error(`the connection ${reference} did not come with the action: upstream sends the connections an action's fields name, and cannot know one named by a template rendered on the agent (name it without a template, or use templatesOn: host)`),
    );
  };
}
