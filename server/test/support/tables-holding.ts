import type pg from 'pg';

/** The tables of the public schema whose rows, as text, hold `value` (as a dump of the database would show them). */
export async function tablesHolding(pool: pg.Pool, value: string): Promise<string[]> {
  const { rows: tables } = await pool.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'");
  const holding: string[] = [];
  for (const { name } of tables) {
    const { rows } = await pool.query<{ found: boolean }>(`select exists (select 1 from "${name}" t where strpos(t::text, $1) > 0) as found`, [value]);
    if (rows[0]?.found) holding.push(name);
  }
  return holding;
}
