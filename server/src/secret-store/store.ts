import type pg from 'pg';
import type { ServerSecrets } from '../secrets/server-secrets.js';

export type StoredKind = 'Secret' | 'ConfigMap';

export interface StoredKey {
  kind: StoredKind;
  namespace: string;
  name: string;
  key: string;
}

export interface StoredEntry {
  kind: StoredKind;
  namespace: string;
  name: string;
  keys: string[];
  /** The other namespaces any of its keys is shared with. */
  shared_with: string[];
  updated_at: string;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/;
const KEY = /^[A-Za-z0-9._-]{1,253}$/;

/** Why a name or key cannot be stored, in words; undefined when it can. */
export function invalidStoredKey(entry: StoredKey): string | undefined {
  if (!NAME.test(entry.name)) return `'${entry.name}' is not a valid name: letters, digits, '.', '_' and '-', starting with a letter or digit`;
  if (!KEY.test(entry.key)) return `'${entry.key}' is not a valid key: letters, digits, '.', '_' and '-'`;
  if (!NAME.test(entry.namespace)) return `'${entry.namespace}' is not a valid namespace`;
  return undefined;
}

const ALLOWED_NAMESPACE = /^(\*|[A-Za-z0-9][A-Za-z0-9._-]{0,252})$/;

/**
 * Creates or replaces one key's value, sealed with the server's key (config map values too: one rule
 * for both). `allowedNamespaces` replaces the namespaces it is shared with; left out, they are kept.
 */
export async function setStoredValue(pool: pg.Pool, secrets: ServerSecrets, entry: StoredKey, value: string, allowedNamespaces?: readonly string[]): Promise<void> {
  const invalid = invalidStoredKey(entry);
  if (invalid) throw new Error(invalid);
  const wrong = allowedNamespaces?.find((namespace) => !ALLOWED_NAMESPACE.test(namespace));
  if (wrong !== undefined) throw new Error(`'${wrong}' is not a namespace to share with: a namespace name, or '*' for every namespace`);
  await pool.query(
    `INSERT INTO secret_store (kind, namespace, name, key, value, allowed_namespaces) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (kind, namespace, name, key) DO UPDATE SET value = excluded.value,
       allowed_namespaces = coalesce(excluded.allowed_namespaces, secret_store.allowed_namespaces)`,
    [entry.kind, entry.namespace, entry.name, entry.key, secrets.seal(value), allowedNamespaces ?? null],
  );
}

/** One stored key: its value in clear and the namespaces it is shared with. */
export interface StoredValue {
  value: string;
  allowedNamespaces: string[];
}

/** One key's value in clear with whom it is shared, or undefined when it is not stored. */
export async function readStoredValue(db: pg.Pool | pg.PoolClient, secrets: ServerSecrets, entry: StoredKey): Promise<StoredValue | undefined> {
  const { rows } = await db.query<{ value: string; allowed_namespaces: string[] | null }>(
    'SELECT value, allowed_namespaces FROM secret_store WHERE kind = $1 AND namespace = $2 AND name = $3 AND key = $4',
    [entry.kind, entry.namespace, entry.name, entry.key],
  );
  return rows[0] ? { value: secrets.open(rows[0].value), allowedNamespaces: rows[0].allowed_namespaces ?? [] } : undefined;
}

/** Removes one key, or every key of a name when `key` is absent; the number of keys removed. */
export async function deleteStored(pool: pg.Pool, entry: Omit<StoredKey, 'key'> & { key?: string }): Promise<number> {
  const values = [entry.kind, entry.namespace, entry.name, ...(entry.key ? [entry.key] : [])];
  const { rowCount } = await pool.query(`DELETE FROM secret_store WHERE kind = $1 AND namespace = $2 AND name = $3${entry.key ? ' AND key = $4' : ''}`, values);
  return rowCount ?? 0;
}

/** Every stored name with its keys, never the values. */
export async function listStored(pool: pg.Pool): Promise<StoredEntry[]> {
  const { rows } = await pool.query<StoredEntry>(
    `SELECT kind, namespace, name, array_agg(key ORDER BY key) AS keys,
            coalesce((SELECT array_agg(DISTINCT shared ORDER BY shared) FROM secret_store s, unnest(s.allowed_namespaces) AS shared
                       WHERE s.kind = t.kind AND s.namespace = t.namespace AND s.name = t.name), '{}') AS shared_with,
            max(updated_at) AS updated_at
     FROM secret_store t GROUP BY kind, namespace, name ORDER BY kind, namespace, name`,
  );
  return rows;
}
