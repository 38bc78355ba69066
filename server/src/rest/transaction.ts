import type pg from 'pg';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs a write in a transaction that knows who the caller is (`pharos.person_id`), so that
 * column defaults and history triggers record the right person. The id comes from the
 * server's own session lookup and is checked to be a uuid before it is written into the
 * statement, which lets BEGIN and the setting travel in one round trip. `pharos.write_path` tells
 * triggers the change comes through the data service (a person's edit, not an apply of a file).
 */
export async function asCaller<T>(client: pg.PoolClient, personId: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  if (!UUID.test(personId)) throw new Error('The caller id is not a uuid');
  try {
    await client.query(`BEGIN; SELECT set_config('pharos.person_id', '${personId}', true), set_config('pharos.write_path', 'data-service', true)`);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
