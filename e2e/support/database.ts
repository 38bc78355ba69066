import pg from 'pg';

export { embeddedDatabaseUrl } from '../../server/test/support/embedded-database-url.js';

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
