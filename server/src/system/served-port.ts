import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;

/** Records the port this server listens on, for the demo seed run from elsewhere. */
export async function recordServedPort(db: Db, port: number): Promise<void> {
  await db.query('insert into served_port (port) values ($1) on conflict (singleton) do update set port = excluded.port, recorded_at = now()', [port]);
}

/** The port the latest `pharos serve` on this database listens on, or undefined when none has run. */
export async function servedPort(db: Db): Promise<number | undefined> {
  const { rows } = await db.query<{ port: number }>('select port from served_port');
  return rows[0]?.port;
}
