import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * The connection URL of the embedded PostgreSQL a running `pharos serve` started in `dataDir`:
 * its superuser from `postgres.json`, its port from PostgreSQL's lock file (line 4).
 */
export async function embeddedDatabaseUrl(dataDir: string, database = 'pharos'): Promise<string> {
  const credentials = JSON.parse(await readFile(path.join(dataDir, 'postgres.json'), 'utf8')) as { user: string; password: string };
  const lock = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(lock.split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`No port in ${path.join(dataDir, 'postgres', 'postmaster.pid')}`);
  return `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;
}

/** Runs one statement on the server's database (for states a browser cannot reach quickly, such as an expired flow). */
export async function query<R extends pg.QueryResultRow = pg.QueryResultRow>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult<R>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query<R>(text, values);
  } finally {
    await client.end();
  }
}
