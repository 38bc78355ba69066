import type pg from 'pg';

/**
 * The baseline: the same rows moved with plain COPY (out of the agent's database to a file the
 * database server writes, then into another database with the same tables). Answers the seconds
 * the COPY into the tables took.
 */
export async function copyBaseline(from: pg.Pool, to: pg.Pool, dir: string): Promise<{ seconds: number; rows: number }> {
  const tables = ['config_scrapers', 'configs', 'canaries', 'checks', 'check_statuses'];
  // agent_id of the copied rows is the local agent of both databases, so the foreign keys hold.
  const columns = async (table: string) =>
    (await from.query<{ name: string }>(
      `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
      [table],
    )).rows.map((row) => `"${row.name}"`).join(', ');
  for (const table of tables) await from.query(`copy (select ${await columns(table)} from ${table}) to '${dir}/${table}.copy'`);
  let rows = 0;
  const started = performance.now();
  for (const table of tables) {
    const result = await to.query(`copy ${table} (${await columns(table)}) from '${dir}/${table}.copy'`);
    rows += result.rowCount ?? 0;
  }
  return { seconds: (performance.now() - started) / 1000, rows };
}
