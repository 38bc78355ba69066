import { isSealedText, parseEnvVar, unreadableSourceReason } from '@pharos/core';
import type pg from 'pg';
import { mayUseFrom, SHARED_NAMESPACE } from '../connections/namespace-sharing.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { readStoredValue } from './store.js';

/** A reference that leads nowhere, said so that a person can fix it. */
export class UnresolvedReference extends Error {}

/** The environment variable a reference falls back to: PHAROS_SECRET_DB_CREDS_PASSWORD for secret://db-creds/password. */
export function environmentName(kind: 'Secret' | 'ConfigMap', name: string, key: string): string {
  const part = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  return `PHAROS_${kind === 'Secret' ? 'SECRET' : 'CONFIGMAP'}_${part(name)}_${part(key)}`;
}

/** A reference to a key of another namespace that is not shared with the one reading it. */
export class ReferenceNotShared extends UnresolvedReference {}

/**
 * Who reads a reference. A connection's fields (connections are written by administrators) read
 * the keys of `default` and the server's environment whatever their namespace, as they always have.
 * A resource's own fields (a check's header, a scraper's password, an action's env …) read the keys
 * of `default` only when shared with their namespace, and the environment only in `default`: a
 * value read there could be sent anywhere, unlike a connection's credentials (kept to its origin).
 */
export type ReferenceReader = 'connection' | 'resource';

/**
 * The value of a secret-or-value field: a static value as it is (opened when it was sealed); `secret://name/key` and
 * `configmap://name/key` from the secret store (the namespace given, then 'default'), else from the
 * environment variable environmentName() names, as `reader` may (see ReferenceReader).
 */
export async function resolveValue(
  db: pg.Pool | pg.PoolClient,
  secrets: ServerSecrets,
  text: string,
  namespace: string,
  env: NodeJS.ProcessEnv = process.env,
  reader: ReferenceReader = 'resource',
): Promise<string> {
  // A credential of a spec, sealed when it was saved.
  if (isSealedText(text)) return secrets.open(text);
  const unreadable = unreadableSourceReason(text);
  if (unreadable) throw new UnresolvedReference(unreadable);
  const parsed = parseEnvVar(text);
  if (parsed.mode === 'Static') return parsed.value;
  const what = parsed.mode === 'Secret' ? 'secret' : 'config map';
  const setCommand = (target: string, extra = '') =>
    `pharos secret set ${parsed.name} ${parsed.key}${parsed.mode === 'ConfigMap' ? ' --config-map' : ''}${target !== 'default' ? ` --namespace ${target}` : ''}${extra}`;
  for (const candidate of new Set([namespace, SHARED_NAMESPACE])) {
    const stored = await readStoredValue(db, secrets, { kind: parsed.mode, namespace: candidate, name: parsed.name, key: parsed.key });
    if (stored === undefined) continue;
    if (reader === 'connection' || mayUseFrom({ namespace: candidate, allowed_namespaces: stored.allowedNamespaces }, namespace)) return stored.value;
    throw new ReferenceNotShared(
      `The ${what} ${parsed.name} (key ${parsed.key}) is in namespace ${candidate} and not shared with namespace ${namespace}: store it there ('${setCommand(namespace)}') or share it ('${setCommand(candidate, ` --allow-namespace ${namespace}`)}')`,
    );
  }
  const variable = environmentName(parsed.mode, parsed.name, parsed.key);
  const fromEnv = reader === 'connection' || namespace === SHARED_NAMESPACE ? env[variable] : undefined;
  if (fromEnv !== undefined) return fromEnv;
  throw new UnresolvedReference(
    `The ${what} ${parsed.name} has no key ${parsed.key} in namespace ${namespace}: add it with '${setCommand(namespace)}'${reader === 'connection' || namespace === SHARED_NAMESPACE ? ` or set ${variable}` : ''}`,
  );
}
