import type pg from 'pg';
import type { CatalogProbe } from './catalog-requests.js';
import { summaryQuery } from '../../server/dist/catalog/summary.js';
import { parseSummaryRequest } from '../../server/dist/catalog/summary-request.js';

async function explain(pool: pg.Pool, query: { text: string; values: unknown[] }): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>({ text: `explain (analyze, buffers) ${query.text}`, values: query.values });
  return rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n');
}

/** EXPLAIN ANALYZE of each read's count and of the default summary's SQL, to see where the time goes. */
export async function explainReads(pool: pg.Pool, probes: readonly CatalogProbe[], log: (message: string) => void): Promise<void> {
  for (const probe of probes) log(`EXPLAIN count(*) of ${probe.name}\n${await explain(pool, probe.count(0))}`);
  const request = parseSummaryRequest({ groupBy: ['config_class', 'type'], changes: { since: '30d' }, analysis: { since: '30d' }, cost: '30d' });
  log(`EXPLAIN the default summary\n${await explain(pool, summaryQuery(request, new Date()))}`);
}
