import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { sealedRow } from '../../connections/store.js';
import type { Logger } from '../../logger.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';

/**
 * The tables the demo's checks, scrapers and playbooks read through the demo connection: none that
 * holds identities, sessions, credentials or secrets (connections/own-database.ts refuses a role
 * that reads those).
 */
export const DEMO_READABLE_TABLES: readonly string[] = ['canaries', 'checks', 'check_statuses', 'components', 'configs', 'config_changes', 'config_analysis'];

const INSUFFICIENT_PRIVILEGE = '42501';

/** The reader role of a database: one per database, since roles belong to the whole cluster. */
export function readerRoleName(database: string): string {
  const plain = database.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  return `${plain.slice(0, 50)}_reader`;
}

/**
 * Creates (or updates) the login role the demo connection uses, with a new generated password: it
 * may connect and read DEMO_READABLE_TABLES, nothing else.
 */
async function ensureReaderRole(client: pg.PoolClient): Promise<{ role: string; password: string }> {
  const database = (await client.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name;
  const role = readerRoleName(database);
  const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  const exists = rowCount === 1;
  const password = randomBytes(24).toString('base64url');
  const name = client.escapeIdentifier(role);
  await client.query(`${exists ? 'ALTER' : 'CREATE'} ROLE ${name} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${client.escapeLiteral(password)}`);
  await client.query(`GRANT CONNECT ON DATABASE ${client.escapeIdentifier(database)} TO ${name}`);
  await client.query(`GRANT USAGE ON SCHEMA public TO ${name}`);
  await client.query(`GRANT SELECT ON ${DEMO_READABLE_TABLES.map((table) => `public.${client.escapeIdentifier(table)}`).join(', ')} TO ${name}`);
  return { role, password };
}

/**
 * Saves Pharos's own database as a postgres connection, so the demo's checks, scrapers and playbooks
 * reach it for real: the URL without credentials, and a reader role of its own (never the server's
 * role) whose generated password is sealed with the server's key. Seeding again updates it (the
 * embedded PostgreSQL takes a new port when it starts) with a new password. Without the right to
 * create roles, no connection is saved and the demo's database checks say so.
 */
export async function saveDatabaseConnection(client: pg.PoolClient, logger: Logger, secrets: ServerSecrets, databaseUrl: string, namespace: string, name: string): Promise<void> {
  let reader: { role: string; password: string };
  await client.query('SAVEPOINT reader_role');
  try {
    reader = await ensureReaderRole(client);
  } catch (error) {
    if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE) throw error;
    await client.query('ROLLBACK TO SAVEPOINT reader_role');
    logger.warn(`the demo connection ${namespace}/${name} was not saved: the database role cannot create the demo's reader role (${(error as Error).message})`);
    return;
  }
  const url = new URL(databaseUrl);
  url.username = '';
  url.password = '';
  const row = sealedRow(secrets, { name, namespace, type: 'postgres', url: url.toString(), username: reader.role, password: reader.password });
  const values = [row.name, row.namespace, row.type, row.url, row.username, row.password, row.properties];
  const { rowCount } = await client.query(
    'UPDATE connections SET type = $3, url = $4, username = $5, password = $6, properties = $7 WHERE name = $1 AND namespace = $2 AND deleted_at IS NULL',
    values,
  );
  if (rowCount === 0) {
    await client.query("INSERT INTO connections (name, namespace, type, url, username, password, properties, source) VALUES ($1, $2, $3, $4, $5, $6, $7, 'UI')", values);
  }
}
