import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';

/** A row of config_analysis_items. */
export interface InsightItem {
  id: string;
  config_id: string;
  analyzer: string;
  analysis_type: string;
  severity: string | null;
  message: string | null;
  summary: string | null;
  status: string;
  source: string | null;
  analysis: unknown;
  first_observed: string;
  last_observed: string | null;
  config_name: string | null;
  config_type: string | null;
  config: { id: string; name: string | null; type: string | null };
}

/** Filters of the insights list, each a column of config_analysis_items (component_id through component_ids). */
export interface InsightsQuery {
  status?: string;
  analysis_type?: string;
  severity?: string;
  analyzer?: string;
  component_id?: string;
  config_id?: string;
  config_type?: string;
  pageIndex: number;
  pageSize: number;
  sortBy: string;
  desc: boolean;
}

export const insightsKeys = {
  all: ['catalog', 'insights'] as const,
  list: (query: InsightsQuery) => [...insightsKeys.all, 'list', query] as const,
  analyzers: () => [...insightsKeys.all, 'analyzers'] as const,
};

const SORTABLE = new Set(['first_observed', 'last_observed', 'analyzer', 'analysis_type', 'severity', 'status', 'config_name']);

export function useInsights(query: InsightsQuery) {
  return useQuery({
    queryKey: insightsKeys.list(query),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      let request = db.from('config_analysis_items').select('*', { count: 'exact' });
      for (const column of ['status', 'analysis_type', 'severity', 'analyzer', 'config_id', 'config_type'] as const) {
        const value = query[column];
        if (value) request = request.eq(column, value);
      }
      if (query.component_id) request = request.contains('component_ids', [query.component_id]);
      const from = query.pageIndex * query.pageSize;
      const { data, count } = await request
        .order(SORTABLE.has(query.sortBy) ? query.sortBy : 'first_observed', { ascending: !query.desc })
        .order('id')
        .range(from, from + query.pageSize - 1)
        .throwOnError();
      return { items: (data ?? []) as InsightItem[], total: count ?? 0 };
    },
  });
}

export function useAnalyzers() {
  return useQuery({
    queryKey: insightsKeys.analyzers(),
    queryFn: async () => {
      const { data } = await db.from('config_analysis_analyzers').select('analyzer').throwOnError();
      return ((data ?? []) as { analyzer: string }[]).map((row) => row.analyzer);
    },
  });
}
