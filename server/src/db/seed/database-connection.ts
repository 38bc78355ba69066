import type pg from 'pg';
import { sealedRow } from '../../connections/store.js';
import type { ServerSecrets } from '../../secrets/server-secrets.js';

/**
 * Saves Pharos's own database as a postgres connection, so a check can reach it without its
 * password in the canary: the URL without credentials, the user, and the password sealed with the
 * server's key. Seeding again updates it (the embedded PostgreSQL takes a new port when it starts).
 */
export async function saveDatabaseConnection(client: pg.PoolClient, secrets: ServerSecrets, databaseUrl: string, namespace: string, name: string): Promise<void> {
  const url = new URL(databaseUrl);
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  const row = sealedRow(secrets, { name, namespace, type: 'postgres', url: url.toString(), username, password });
  const values = [row.name, row.namespace, row.type, row.url, row.username, row.password, row.properties];
  const { rowCount } = await client.query(
    'UPDATE connections SET type = $3, url = $4, username = $5, password = $6, properties = $7 WHERE name = $1 AND namespace = $2 AND deleted_at IS NULL',
    values,
  );
  if (rowCount === 0) {
    await client.query("INSERT INTO connections (name, namespace, type, url, username, password, properties, source) VALUES ($1, $2, $3, $4, $5, $6, $7, 'UI')", values);
  }
}
