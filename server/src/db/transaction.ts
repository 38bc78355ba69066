import type pg from 'pg';

/** Runs `work` in a transaction on a client the caller holds (and keeps). */
export async function transactionOn<T>(client: pg.PoolClient, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** Runs `work` in a transaction on its own client. */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await transactionOn(client, work);
  } finally {
    client.release();
  }
}
