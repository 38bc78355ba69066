import { createHash } from 'node:crypto';
import pg from 'pg';
import { PlanCache } from './plan-cache.js';

/** Statements one connection keeps prepared; past this, new shapes run unprepared. */
const MAX_PREPARED_PER_CONNECTION = 256;

const preparedBy = new WeakMap<pg.ClientBase, Set<string>>();

/** Names of the statements seen lately, so that a request asked again is not hashed again. */
const statementNames = new PlanCache<string>();

function statementName(text: string): string {
  return statementNames.get(text, () => `pgrst_${createHash('sha1').update(text).digest('base64url')}`);
}

export type Queryable = pg.Pool | pg.PoolClient;

/**
 * Runs a statement, prepared on its connection under a name derived from its text: the same
 * request shape then skips parsing and planning, which costs more than running a paged read.
 * The number kept per connection is bounded, so varied queries cannot exhaust server memory.
 */
export async function query<Row extends pg.QueryResultRow>(db: Queryable, text: string, values: unknown[]): Promise<pg.QueryResult<Row>> {
  if (!(db instanceof pg.Pool)) return db.query<Row>(preparedConfig(db, text, values));
  const client = await db.connect();
  try {
    return await client.query<Row>(preparedConfig(client, text, values));
  } finally {
    client.release();
  }
}

function preparedConfig(client: pg.ClientBase, text: string, values: unknown[]): pg.QueryConfig {
  let names = preparedBy.get(client);
  if (!names) {
    names = new Set();
    preparedBy.set(client, names);
  }
  const name = statementName(text);
  if (!names.has(name)) {
    if (names.size >= MAX_PREPARED_PER_CONNECTION) return { text, values };
    names.add(name);
  }
  return { name, text, values };
}
