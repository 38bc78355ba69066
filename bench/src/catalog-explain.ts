import type pg from 'pg';
import type { CatalogProbe } from './catalog-requests.js';
import { changesQueries } from '../../server/dist/catalog/changes-query.js';
import { parseChangesSearch } from '../../server/dist/catalog/changes-request.js';
import { summaryQuery } from '../../server/dist/catalog/summary.js';
import { answersFromRollups, rollupSummaryQuery } from '../../server/dist/catalog/summary-rollup.js';
import { parseSummaryRequest } from '../../server/dist/catalog/summary-request.js';

async function explain(pool: pg.Pool, query: { text: string; values: unknown[] }): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>({ text: `explain (analyze, buffers) ${query.text}`, values: query.values });
  return rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n');
}

/**
 * EXPLAIN ANALYZE of each read's count, and of the SQL the server runs for the default summary and
 * the changes pages (all types and `changesType`), to see where the time goes.
 */
export async function explainReads(pool: pg.Pool, probes: readonly CatalogProbe[], changesType: string, log: (message: string) => void): Promise<void> {
  for (const probe of probes) log(`EXPLAIN count(*) of ${probe.name}\n${await explain(pool, probe.count(0))}`);
  const request = parseSummaryRequest({ groupBy: ['config_class', 'type'], changes: { since: '30d' }, analysis: { since: '30d' }, cost: '30d' });
  const query = answersFromRollups(request) ? rollupSummaryQuery(request, new Date()) : summaryQuery(request, new Date());
  log(`EXPLAIN the default summary as served\n${await explain(pool, query)}`);
  for (const body of [{}, { configType: changesType }]) {
    const { page, count } = changesQueries(parseChangesSearch({ page: 1, pageSize: 200, from: 'now-2d', ...body }));
    log(`EXPLAIN the changes page ${JSON.stringify(body)} as served\n${await explain(pool, page)}`);
    log(`EXPLAIN the changes count ${JSON.stringify(body)} as served\n${await explain(pool, count)}`);
  }
}
