import { secretKeys, type ConnectionInput, type ConnectionView } from '@pharos/core';
import type pg from 'pg';
import { transaction } from '../db/transaction.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { isSealed, mapCredentials, sealCredential } from './sealing.js';

/** A connection as the database holds it: credentials sealed. */
export interface ConnectionRow {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  insecure_tls: boolean;
  properties: Record<string, string>;
  allowed_namespaces: string[] | null;
  source: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export const CONNECTION_COLUMNS_SQL =
  'id, name, namespace, type, url, username, password, certificate, insecure_tls, properties, allowed_namespaces, source, created_by, created_at, updated_at';

/** A saved connection with the same namespace and name. */
export class ConnectionConflict extends Error {
  constructor(namespace: string, name: string) {
    super(`A connection named ${name} already exists in namespace ${namespace}`);
  }
}

/** What the server answers: references shown, saved secrets only named in secrets_set. */
export function viewOf(row: ConnectionRow): ConnectionView {
  const secretsSet: string[] = [];
  const shown = (key: string, value: string | null): string | null => {
    if (!isSealed(value)) return value;
    secretsSet.push(key);
    return null;
  };
  const password = shown('password', row.password);
  const certificate = shown('certificate', row.certificate);
  const properties: Record<string, string> = {};
  for (const [key, value] of Object.entries(row.properties ?? {})) {
    const visible = shown(key, value);
    if (visible !== null) properties[key] = visible;
  }
  return {
    id: row.id,
    name: row.name,
    namespace: row.namespace,
    type: row.type,
    url: row.url,
    username: row.username,
    password,
    certificate,
    insecure_tls: row.insecure_tls,
    properties,
    allowed_namespaces: row.allowed_namespaces,
    secrets_set: secretsSet,
    source: row.source,
    created_by: row.created_by,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** Saved rows of the connections, newest first, optionally of one type. */
export async function listConnections(pool: pg.Pool, options: { type?: string; limit: number }): Promise<ConnectionRow[]> {
  const values: unknown[] = [options.limit];
  let where = 'deleted_at IS NULL';
  if (options.type) {
    values.push(options.type);
    where += ` AND type = $${values.length}`;
  }
  const { rows } = await pool.query<ConnectionRow>(`SELECT ${CONNECTION_COLUMNS_SQL} FROM connections WHERE ${where} ORDER BY created_at DESC LIMIT $1`, values);
  return rows;
}

export async function findConnection(db: pg.Pool | pg.PoolClient, id: string, lock = false): Promise<ConnectionRow | undefined> {
  const { rows } = await db.query<ConnectionRow>(`SELECT ${CONNECTION_COLUMNS_SQL} FROM connections WHERE id = $1 AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

/**
 * The row an input makes, sealed. A secret the input leaves out keeps its saved value, one sent as
 * null (a column) or '' (a property) is cleared.
 */
export function sealedRow(secrets: ServerSecrets, input: ConnectionInput, saved?: ConnectionRow): Omit<ConnectionRow, 'id' | 'source' | 'created_by' | 'created_at' | 'updated_at'> {
  const incoming = mapCredentials({ type: input.type, password: input.password, certificate: input.certificate, properties: input.properties ?? {} }, (value) => sealCredential(secrets, value));
  const properties: Record<string, string> = {};
  const sameType = saved?.type === input.type;
  const secretProperties = new Set(secretKeys(input.type));
  for (const [key, value] of Object.entries(saved?.properties ?? {})) {
    if (sameType && secretProperties.has(key) && isSealed(value) && !(key in incoming.properties!)) properties[key] = value;
  }
  for (const [key, value] of Object.entries(incoming.properties ?? {})) if (value !== '') properties[key] = value;
  const keep = (column: 'password' | 'certificate'): string | null => {
    const value = incoming[column];
    if (value === undefined) return sameType ? (saved?.[column] ?? null) : null;
    return value === '' ? null : value;
  };
  return {
    name: input.name,
    namespace: input.namespace,
    type: input.type,
    url: input.url || null,
    username: input.username || null,
    password: keep('password'),
    certificate: keep('certificate'),
    insecure_tls: input.insecure_tls === true,
    properties,
    allowed_namespaces: input.allowed_namespaces === undefined ? (saved?.allowed_namespaces ?? null) : input.allowed_namespaces,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

export async function createConnection(pool: pg.Pool, secrets: ServerSecrets, input: ConnectionInput, personId: string | null): Promise<ConnectionRow> {
  const row = sealedRow(secrets, input);
  try {
    const { rows } = await pool.query<ConnectionRow>(
      `INSERT INTO connections (name, namespace, type, url, username, password, certificate, insecure_tls, properties, allowed_namespaces, source, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'UI', $11) RETURNING ${CONNECTION_COLUMNS_SQL}`,
      [row.name, row.namespace, row.type, row.url, row.username, row.password, row.certificate, row.insecure_tls, row.properties, row.allowed_namespaces, personId],
    );
    return rows[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConnectionConflict(row.namespace, row.name);
    throw error;
  }
}

/**
 * The updated row, or undefined when there is no such connection. `check` sees the saved row,
 * locked, before anything is written (and may throw to refuse the change).
 */
export async function updateConnection(
  pool: pg.Pool,
  secrets: ServerSecrets,
  id: string,
  input: ConnectionInput,
  check: (saved: ConnectionRow) => void = () => undefined,
): Promise<ConnectionRow | undefined> {
  try {
    return await transaction(pool, async (client) => {
      const saved = await findConnection(client, id, true);
      if (!saved) return undefined;
      check(saved);
      const row = sealedRow(secrets, input, saved);
      const { rows } = await client.query<ConnectionRow>(
        `UPDATE connections SET name = $2, namespace = $3, type = $4, url = $5, username = $6, password = $7, certificate = $8, insecure_tls = $9, properties = $10,
                allowed_namespaces = $11
         WHERE id = $1 RETURNING ${CONNECTION_COLUMNS_SQL}`,
        [id, row.name, row.namespace, row.type, row.url, row.username, row.password, row.certificate, row.insecure_tls, row.properties, row.allowed_namespaces],
      );
      return rows[0];
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConnectionConflict(input.namespace, input.name);
    throw error;
  }
}

/** Soft-deletes; false when there was no such connection. */
export async function deleteConnection(pool: pg.Pool, id: string): Promise<boolean> {
  const { rowCount } = await pool.query('UPDATE connections SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL', [id]);
  return rowCount === 1;
}
