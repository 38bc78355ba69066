import type pg from 'pg';

/** EXPLAIN ANALYZE of the statements behind the list (as the data service writes them for the view) and the detail. */
export async function explainReads(pool: pg.Pool, component: string, incidentId: string, log: (message: string) => void): Promise<void> {
  const statements: [string, string, unknown[]][] = [
    ['list, status open', `select id, title, commander, responders, component_ids from incident_summary where status = 'open' order by created_at desc, id desc limit 201`, []],
    ['list, status open, component', `select id, title, commander, responders, component_ids from incident_summary where status = 'open' and component_ids @> array[$1::uuid] order by created_at desc, id desc limit 201`, [component]],
    ['list, status open, page 50', `select id, title, commander, responders, component_ids from incident_summary where status = 'open' order by created_at desc, id desc offset 9800 limit 201`, []],
    ['list, search', `select id, title, commander, responders, component_ids from incident_summary where title ilike '%checkout%' order by created_at desc, id desc limit 201`, []],
    ['detail evidences', `select e.* from evidences e join hypotheses h on h.id = e.hypothesis_id where h.incident_id = $1`, [incidentId]],
  ];
  for (const [label, text, values] of statements) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>({ text: `explain (analyze, buffers) ${text}`, values });
    log(`EXPLAIN ${label}\n${rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n')}`);
  }
}
