import type pg from 'pg';

/**
 * A complete graph of `size` configs of `type` (every config related to every other): walking it
 * deep costs PostgreSQL far more than any limit allows. Resolves to the first config's id.
 */
export async function seedCompleteGraph(pool: pg.Pool, type: string, size: number): Promise<string> {
  const { rows } = await pool.query<{ id: string }>("insert into configs (name, type) select $1 || '-' || g, $1 from generate_series(1, $2) as g returning id", [type, size]);
  const ids = rows.map((row) => row.id);
  await pool.query('insert into config_relationships (config_id, related_id) select a, b from unnest($1::uuid[]) as a, unnest($1::uuid[]) as b where a <> b', [ids]);
  return ids[0] ?? '';
}
