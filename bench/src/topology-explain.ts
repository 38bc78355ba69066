import type pg from 'pg';
import { topologyQuery } from '../../server/dist/topology/api/topology-sql.js';
import { parseTopologyRequest } from '../../server/dist/topology/api/topology-request.js';

/** EXPLAIN ANALYZE of GET /api/topology's statement for the root, to see where the time goes. */
export async function explainRoot(pool: pg.Pool, log: (message: string) => void): Promise<void> {
  const { rows: queued } = await pool.query<{ n: string }>('select count(*) as n from component_summary_queue');
  const refreshStarted = performance.now();
  await pool.query('select topology_refresh_summaries()');
  log(`summary queue: ${queued[0]!.n} rows, worked off in ${(performance.now() - refreshStarted).toFixed(1)} ms`);
  const query = topologyQuery(parseTopologyRequest({}));
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>({ text: `explain (analyze, buffers) ${query.text}`, values: query.values });
  log(`EXPLAIN GET /api/topology (root)\n${rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n')}`);
}
