import { INSIGHTS_DEFAULTS } from '@pharos/core';
import type { InsightsQuery } from './insights-api';

/** Filter parameters of the insights list; `component` and `type` are the short names links use. */
export const INSIGHT_FILTERS = ['status', 'analysis_type', 'severity', 'analyzer', 'component_id', 'config_id', 'config_type'] as const;
export type InsightFilter = (typeof INSIGHT_FILTERS)[number];
export const INSIGHT_PARAM_ALIASES: Readonly<Partial<Record<InsightFilter, string>>> = { component_id: 'component', analysis_type: 'type' };

export const [DEFAULT_INSIGHTS_SORT_BY, DEFAULT_INSIGHTS_SORT_ORDER] = INSIGHTS_DEFAULTS.order.split('.') as [string, string];

/** The value of a filter in the URL, by its name or its alias; severity 'All' is no filter. */
export function insightFilterValue(search: URLSearchParams, filter: InsightFilter): string | undefined {
  const alias = INSIGHT_PARAM_ALIASES[filter];
  const value = (search.get(filter) ?? (alias ? search.get(alias) : null))?.trim();
  if (!value) return undefined;
  if (filter === 'severity') return value.toLowerCase() === 'all' ? undefined : value.toLowerCase();
  return value;
}

/** The query the URL asks for; `configId` fixes config_id on a config's page. */
export function insightsQueryOf(search: URLSearchParams, table: { pageIndex: number; pageSize: number; sort: { id: string; desc: boolean } | null }, configId?: string): InsightsQuery {
  const query: InsightsQuery = {
    pageIndex: table.pageIndex,
    pageSize: table.pageSize,
    sortBy: table.sort?.id ?? DEFAULT_INSIGHTS_SORT_BY,
    desc: table.sort ? table.sort.desc : DEFAULT_INSIGHTS_SORT_ORDER === 'desc',
  };
  for (const filter of INSIGHT_FILTERS) {
    const value = insightFilterValue(search, filter);
    if (value) query[filter] = value;
  }
  if (configId) query.config_id = configId;
  return query;
}
