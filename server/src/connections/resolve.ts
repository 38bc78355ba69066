import { parseConnectionReference, withoutCredentials } from '@pharos/core';
import type pg from 'pg';
import { resolveValue, UnresolvedReference } from '../secret-store/resolve.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { mayUseFrom, notSharedReason } from './namespace-sharing.js';
import { openCredential } from './sealing.js';
import { CONNECTION_COLUMNS_SQL, type ConnectionRow } from './store.js';

/** A connection ready to use: every credential in clear, every reference resolved. */
export type ResolvedConnection = Omit<ConnectionRow, 'source' | 'created_by' | 'created_at' | 'updated_at' | 'allowed_namespaces'>;

/** Opens the sealed credentials of a row and resolves its secret and config-map references. */
export async function hydrate(db: pg.Pool | pg.PoolClient, secrets: ServerSecrets, row: ConnectionRow, env: NodeJS.ProcessEnv = process.env): Promise<ResolvedConnection> {
  const value = async (text: string | null): Promise<string | null> => (text === null || text === '' ? text : resolveValue(db, secrets, openCredential(secrets, text), row.namespace, env, 'connection'));
  const properties: Record<string, string> = {};
  for (const [key, text] of Object.entries(row.properties ?? {})) properties[key] = (await value(text)) ?? '';
  return {
    id: row.id,
    name: row.name,
    namespace: row.namespace,
    type: row.type,
    url: await value(row.url),
    username: await value(row.username),
    password: await value(row.password),
    certificate: await value(row.certificate),
    insecure_tls: row.insecure_tls,
    properties,
  };
}

/** A connection that a resource of another namespace names without being allowed to use it. */
export class ConnectionNotShared extends UnresolvedReference {}

/**
 * The saved connection a check, scraper, action or notification of `namespace` names
 * (`connection://namespace/name`, `connection://Type/name` or the name, looked up in `namespace`
 * first, then anywhere if only one has it), when it may be used from `namespace` (namespace-sharing.ts).
 */
export async function findByReference(db: pg.Pool | pg.PoolClient, text: string, namespace: string): Promise<ConnectionRow> {
  const reference = parseConnectionReference(text);
  if (!reference) throw new UnresolvedReference(`'${withoutCredentials(text)}' is not a connection reference: connection://namespace/name, connection://Type/name or a name`);
  const conditions = ['deleted_at IS NULL', 'name = $1'];
  const values: unknown[] = [reference.name];
  if (reference.namespace) conditions.push(`namespace = $${values.push(reference.namespace)}`);
  if (reference.type) conditions.push(`type = $${values.push(reference.type)}`);
  const order = reference.namespace ? '' : ` ORDER BY (namespace = $${values.push(namespace)}) DESC`;
  const { rows } = await db.query<ConnectionRow>(`SELECT ${CONNECTION_COLUMNS_SQL} FROM connections WHERE ${conditions.join(' AND ')}${order} LIMIT 2`, values);
  const [first, second] = rows;
  if (!first) throw new UnresolvedReference(`No connection ${withoutCredentials(text)}: create it on /settings/connections or with pharos apply`);
  if (second && first.namespace !== namespace && !reference.namespace) {
    throw new UnresolvedReference(`More than one connection is named ${reference.name}: write connection://namespace/${reference.name}`);
  }
  if (!mayUseFrom(first, namespace)) throw new ConnectionNotShared(notSharedReason(`The connection ${first.namespace}/${first.name}`, first, namespace));
  return first;
}

/** findByReference, hydrated. */
export async function resolveConnection(db: pg.Pool | pg.PoolClient, secrets: ServerSecrets, text: string, namespace: string): Promise<ResolvedConnection> {
  return hydrate(db, secrets, await findByReference(db, text, namespace), process.env);
}
