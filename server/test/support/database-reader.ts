import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface DatabaseReader {
  /** The database's URL without credentials. */
  url: string;
  username: string;
  password: string;
}

/**
 * A login role of its own in the tests' PostgreSQL that may read only `tables` of the database at
 * `databaseUrl` — how people point a check, scraper or log backend at a PostgreSQL. Pharos refuses
 * its own database reached as a role that reads its identities and credentials (the tests' own).
 */
export async function databaseReader(databaseUrl: string, tables: readonly string[] = []): Promise<DatabaseReader> {
  const username = `reader_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const password = randomUUID();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE ROLE ${username} LOGIN PASSWORD '${password}'`);
    for (const table of tables) await client.query(`GRANT SELECT ON ${client.escapeIdentifier(table)} TO ${username}`);
  } finally {
    await client.end();
  }
  const url = new URL(databaseUrl);
  url.username = '';
  url.password = '';
  return { url: url.toString(), username, password };
}

/** The reader's URL with its credentials in it. */
export function readerUrl(reader: DatabaseReader): string {
  const url = new URL(reader.url);
  url.username = reader.username;
  url.password = reader.password;
  return url.toString();
}
