import { envVarText, isRecord, isSealedText } from '@pharos/core';
import type pg from 'pg';
import { resolveValue } from '../../secret-store/resolve.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';

/**
 * The action's fields as an agent can run them without this server's key or secret store: sealed
 * texts opened and `valueFrom` references (secretKeyRef, configMapKeyRef) replaced by their `value`.
 * Only what the action itself references is resolved, so nothing else leaves this server.
 */
export async function resolveCredentials(pool: pg.Pool, secrets: ServerSecrets, value: unknown, namespace: string): Promise<unknown> {
  if (isSealedText(value)) return secrets.open(value);
  if (Array.isArray(value)) return Promise.all(value.map((item) => resolveCredentials(pool, secrets, item, namespace)));
  if (!isRecord(value)) return value;
  if (value['valueFrom'] !== undefined) {
    const { valueFrom: _reference, ...rest } = value;
    const text = envVarText(value);
    if (text === undefined) throw new Error(`valueFrom ${JSON.stringify(value['valueFrom'])} names no secret or config map key`);
    return { ...rest, value: await resolveValue(pool, secrets, text, namespace) };
  }
  const entries = await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await resolveCredentials(pool, secrets, item, namespace)] as const));
  return Object.fromEntries(entries);
}
