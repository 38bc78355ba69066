import { STALE_TIME_MS, SUMMARY_WINDOW_DAYS } from '@pharos/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { db } from '../../../api/postgrest';
import { postgrestList, tristateClauses } from '../../../ui/filter-clauses';
import { flatSortColumn, summaryFilterMap, type CatalogParams, type KeyValueFilter } from './catalog-params';

/** One group of POST /api/catalog/summary. */
export interface ConfigSummaryRow {
  [group: string]: unknown;
  count: number;
  deleted: number;
  health: Record<string, number>;
  status: Record<string, number>;
  changes: number;
  analysis: Record<string, number>;
  cost: number;
  cost_total_1d: number;
  cost_total_30d: number;
  created_at: string;
  updated_at: string;
  last_scraped_time: string | null;
}

/** A config of the flat table. */
export interface ConfigListItem {
  id: string;
  name: string | null;
  type: string;
  config_class: string | null;
  status: string | null;
  health: string | null;
  labels: Record<string, string>;
  tags: Record<string, string>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  cost_total_1d: number | null;
  cost_total_30d: number | null;
  config_items_last_scraped_time: Array<{ last_scraped_time: string }> | { last_scraped_time: string } | null;
  agent_id: string | null;
  agent: { id: string; name: string | null } | null;
}

export const CONFIG_LIST_COLUMNS =
  'id,name,type,config_class,status,health,labels,tags,created_at,updated_at,deleted_at,cost_total_1d,cost_total_30d,config_items_last_scraped_time(last_scraped_time),agent_id,agent:agent_id(id,name)';

export const catalogListKeys = {
  all: ['catalog-list'] as const,
  summary: (body: unknown) => [...catalogListKeys.all, 'summary', body] as const,
  configs: (params: unknown, limit: number) => [...catalogListKeys.all, 'configs', params, limit] as const,
  options: (relation: string) => [...catalogListKeys.all, 'options', relation] as const,
};

const WINDOW = `${SUMMARY_WINDOW_DAYS}d`;

/** The summary request of the page's parameters (spec 2 section 7). */
export function summaryRequest(params: CatalogParams, hideDeleted: boolean) {
  return {
    groupBy: params.groupBy,
    deleted: !hideDeleted,
    filter: summaryFilterMap(params.labels),
    tags: summaryFilterMap(params.tags),
    ...(params.configType ? { type: params.configType.replaceAll(',', '\\,') } : {}),
    ...(params.health ? { health: params.health } : {}),
    ...(params.status ? { status: params.status } : {}),
    changes: { since: WINDOW },
    analysis: { since: WINDOW },
    cost: WINDOW,
  };
}

export function useCatalogSummary(params: CatalogParams, hideDeleted: boolean, enabled: boolean) {
  const body = summaryRequest(params, hideDeleted);
  return useQuery({
    queryKey: catalogListKeys.summary(body),
    queryFn: ({ signal }) => http.post<ConfigSummaryRow[]>('/api/catalog/summary', body, { signal }),
    enabled,
    staleTime: STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });
}

/** Characters PostgREST's or= grammar reserves are taken out of a search term. */
const searchTerm = (text: string) => text.trim().replace(/[,()*"\\:]/g, ' ');

/** PostgREST filters of label or tag includes (one of a key's values) and excludes. */
function mapFilters(column: 'labels' | 'tags', filters: readonly KeyValueFilter[]): { ors: string[]; nots: string[]; single: string[] } {
  const ors: string[] = [];
  const nots: string[] = [];
  const byKey = new Map<string, string[]>();
  for (const f of filters) {
    const json = JSON.stringify({ [f.key]: f.value });
    if (f.state === -1) nots.push(json);
    else byKey.set(f.key, [...(byKey.get(f.key) ?? []), json]);
  }
  // Inside or=(…) a JSON value is quoted as a list item is.
  for (const values of byKey.values()) if (values.length > 1) ors.push(values.map((v) => `${column}.cs.${postgrestList([v]).slice(1, -1)}`).join(','));
  return { ors, nots, single: [...byKey.values()].filter((v) => v.length === 1).map((v) => v[0]!) };
}

export function useConfigList(params: CatalogParams, hideDeleted: boolean, limit: number, enabled: boolean) {
  const key = { ...params, hideDeleted };
  return useQuery({
    queryKey: catalogListKeys.configs(key, limit),
    enabled,
    staleTime: STALE_TIME_MS,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      let query = db.from('configs').select(CONFIG_LIST_COLUMNS, { count: 'exact' }).abortSignal(signal);
      if (params.configType) query = query.eq('type', params.configType);
      if (hideDeleted) query = query.is('deleted_at', null);
      const term = searchTerm(params.search);
      if (term) query = query.or(['name', 'type', 'description', 'namespace'].map((c) => `${c}.ilike.*${term}*`).join(','));
      for (const clause of [...tristateClauses('health', params.health), ...tristateClauses('status', params.status)]) {
        query = query.filter(clause.column, clause.operator, clause.value);
      }
      for (const column of ['labels', 'tags'] as const) {
        const { ors, nots, single } = mapFilters(column, column === 'labels' ? params.labels : params.tags);
        for (const one of single) query = query.filter(column, 'cs', one);
        for (const or of ors) query = query.or(or);
        for (const not of nots) query = query.not(column, 'cs', not);
      }
      // Deleted items on top, greyed by the table (spec 2 section 4 "Deleted/stale configs", as the catalog issue asks).
      const sortBy = flatSortColumn(params.sortBy);
      query = query.order('deleted_at', { ascending: false, nullsFirst: false }).order(sortBy, { ascending: params.sortOrder === 'asc' });
      if (sortBy !== 'name') query = query.order('name', { ascending: true });
      const { data, count } = await query.range(0, limit - 1).throwOnError();
      return { items: (data ?? []) as unknown as ConfigListItem[], total: count ?? 0 };
    },
  });
}

interface TypeOption {
  type: string;
  count: number;
}

function useOptions<T>(relation: string, order: string) {
  return useQuery({
    queryKey: catalogListKeys.options(relation),
    staleTime: STALE_TIME_MS,
    queryFn: async ({ signal }) => {
      const { data } = await db.from(relation).select('*').order(order).abortSignal(signal).throwOnError();
      return (data ?? []) as T[];
    },
  });
}

/** The filter options: config_types, config_labels, config_tags and config_statuses. */
export function useCatalogFilterOptions() {
  return {
    types: useOptions<TypeOption>('config_types', 'type'),
    labels: useOptions<{ key: string; value: string }>('config_labels', 'key'),
    tags: useOptions<{ key: string; value: string }>('config_tags', 'key'),
    statuses: useOptions<{ status: string }>('config_statuses', 'status'),
  };
}

export function lastScrapedOf(item: ConfigListItem): string | null {
  const value = item.config_items_last_scraped_time;
  if (!value) return null;
  return Array.isArray(value) ? (value[0]?.last_scraped_time ?? null) : value.last_scraped_time;
}
