import { isSealedText, parseEnvVar } from '@pharos/core';
import type pg from 'pg';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { readStoredValue } from './store.js';

/** A reference that leads nowhere, said so that a person can fix it. */
export class UnresolvedReference extends Error {}

/** The environment variable a reference falls back to: PHAROS_SECRET_DB_CREDS_PASSWORD for secret://db-creds/password. */
export function environmentName(kind: 'Secret' | 'ConfigMap', name: string, key: string): string {
  const part = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  return `PHAROS_${kind === 'Secret' ? 'SECRET' : 'CONFIGMAP'}_${part(name)}_${part(key)}`;
}

/**
 * The value of a secret-or-value field: a static value as it is (opened when it was sealed); `secret://name/key` and
 * `configmap://name/key` from the secret store (the namespace given, then 'default'), else from the
 * environment variable environmentName() names.
 */
export async function resolveValue(
  db: pg.Pool | pg.PoolClient,
  secrets: ServerSecrets,
  text: string,
  namespace: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  // A credential of a spec, sealed when it was saved.
  if (isSealedText(text)) return secrets.open(text);
  const parsed = parseEnvVar(text);
  if (parsed.mode === 'Static') return parsed.value;
  for (const candidate of new Set([namespace, 'default'])) {
    const stored = await readStoredValue(db, secrets, { kind: parsed.mode, namespace: candidate, name: parsed.name, key: parsed.key });
    if (stored !== undefined) return stored;
  }
  const variable = environmentName(parsed.mode, parsed.name, parsed.key);
  const fromEnv = env[variable];
  if (fromEnv !== undefined) return fromEnv;
  const what = parsed.mode === 'Secret' ? 'secret' : 'config map';
  throw new UnresolvedReference(
    `The ${what} ${parsed.name} has no key ${parsed.key} in namespace ${namespace}: add it with 'pharos secret set ${parsed.name} ${parsed.key}${parsed.mode === 'ConfigMap' ? ' --config-map' : ''}${namespace !== 'default' ? ` --namespace ${namespace}` : ''}' or set ${variable}`,
  );
}
