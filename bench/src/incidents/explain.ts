import type pg from 'pg';

const SUMMARY = 'select id, title, commander, responders, component_ids from incident_summary';
const ORDER = 'order by created_at desc, id desc';

/**
 * EXPLAIN ANALYZE of the statements behind the list (as the data service writes them for the view) and
 * the detail. Page 50 is read as the screen reads it: its start counted off in the incidents table
 * (Go to page), then the summary read on from there (both Go to page and Next).
 */
export async function explainReads(pool: pg.Pool, component: string, incidentId: string, word: string, log: (message: string) => void): Promise<void> {
  const countOff = `select id, created_at from incidents where status = 'open' ${ORDER} offset 9799 limit 1`;
  const { rows: start } = await pool.query<{ id: string; created_at: Date }>(countOff);
  const after = start[0] ?? { id: '00000000-0000-0000-0000-000000000000', created_at: new Date() };
  const statements: [string, string, unknown[]][] = [
    ['list, status open', `${SUMMARY} where status = 'open' ${ORDER} limit 201`, []],
    ['list, status open, component', `${SUMMARY} where status = 'open' and component_ids @> array[$1::uuid] ${ORDER} limit 201`, [component]],
    ['list, status open, page 50: its start counted off (Go to page)', countOff, []],
    ['list, status open, page 50: read on from its start', `${SUMMARY} where status = 'open' and created_at <= $1 and (created_at < $1 or (created_at = $1 and id < $2)) ${ORDER} limit 201`, [after.created_at, after.id]],
    [`list, search '${word}' (a common word)`, `${SUMMARY} where title ilike $1 ${ORDER} limit 201`, [`%${word}%`]],
    [`list, status open, search '${word}'`, `${SUMMARY} where status = 'open' and title ilike $1 ${ORDER} limit 201`, [`%${word}%`]],
    ["list, search '#12345' (one incident)", `${SUMMARY} where title ilike '%#12345%' ${ORDER} limit 201`, []],
    ['detail evidences', `select e.* from evidences e join hypotheses h on h.id = e.hypothesis_id where h.incident_id = $1`, [incidentId]],
  ];
  for (const [label, text, values] of statements) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>({ text: `explain (analyze, buffers) ${text}`, values });
    log(`EXPLAIN ${label}\n${rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n')}`);
  }
}
