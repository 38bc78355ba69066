import { CANARY_GRAPH_COUNT, CHECK_STATUS_QUERY_VALUE, TIME_RANGE_MINUTES, type CheckStatus, type GraphPoint, type TimeRange } from '@pharos/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { db } from '../../../api/postgrest';

/** The health area's keys start with 'health', so invalidating it refreshes the dashboard too. */
const HEALTH = ['health'] as const;
export const drawerKeys = {
  all: [...HEALTH, 'drawer'] as const,
  detail: (checkId: string) => [...drawerKeys.all, 'detail', checkId] as const,
  history: (checkId: string, filter: HistoryFilter, pageIndex: number, pageSize: number) =>
    [...drawerKeys.all, 'history', checkId, filter, pageIndex, pageSize] as const,
  graph: (checkId: string, range: TimeRange) => [...drawerKeys.all, 'graph', checkId, range] as const,
};

/** The start of a range: now minus its length. */
export function rangeStart(range: TimeRange, now = Date.now()): string {
  return new Date(now - TIME_RANGE_MINUTES[range] * 60_000).toISOString();
}

export interface CheckDetail {
  id: string;
  spec: Record<string, unknown> | null;
  canary_id: string;
  canaries: { id: string; name: string; namespace: string | null; source: string | null } | null;
  components: { id: string; name: string | null; type: string | null; icon: string | null }[];
  configs: { id: string; name: string | null; type: string | null }[];
}

type Related = { id: string; name: string | null; type: string | null };

/** The rows of `relation` with these ids (none asked, none read). */
async function byIds<T>(relation: string, select: string, ids: readonly string[], signal: AbortSignal): Promise<T[]> {
  if (ids.length === 0) return [];
  const { data } = await db.from(relation).select(select).in('id', ids).abortSignal(signal).throwOnError();
  return (data ?? []) as unknown as T[];
}

/**
 * `GET /checks?id=eq.{id}` with its spec and canary, and the components (`checks_by_component`)
 * and configs (`check_summary_for_config`) it is related to.
 */
export function useCheckDetail(checkId: string) {
  return useQuery({
    queryKey: drawerKeys.detail(checkId),
    queryFn: async ({ signal }): Promise<CheckDetail | null> => {
      const [checks, components, configs] = await Promise.all([
        db.from('checks').select('id,spec,canary_id,canaries(id,name,namespace,source)').eq('id', checkId).abortSignal(signal).throwOnError(),
        db.from('checks_by_component').select('component_id').eq('id', checkId).abortSignal(signal).throwOnError(),
        db.from('check_summary_for_config').select('config_id').eq('id', checkId).abortSignal(signal).throwOnError(),
      ]);
      const check = ((checks.data ?? []) as unknown as Omit<CheckDetail, 'components' | 'configs'>[])[0];
      if (!check) return null;
      const componentIds = ((components.data ?? []) as { component_id: string }[]).map((row) => row.component_id);
      const configIds = ((configs.data ?? []) as { config_id: string }[]).map((row) => row.config_id);
      return {
        ...check,
        components: await byIds<CheckDetail['components'][number]>('components', 'id,name,type,icon', componentIds, signal),
        configs: await byIds<Related>('configs', 'id,name,type', configIds, signal),
      };
    },
  });
}

export interface HistoryFilter {
  range: TimeRange;
  status: CheckStatus | null;
  /** Milliseconds; null for any duration. */
  durationMs: number | null;
}

export interface StatusEntry {
  time: string;
  status: boolean;
  duration: number | null;
  message: string | null;
  error: string | null;
}

/**
 * GET check status history (spec 1 §7): `/check_statuses` with check_id eq, time gt now minus the
 * range, optional status eq (1 healthy, 0 unhealthy) and duration gte, limit and offset
 * (pageIndex × pageSize), exact count, newest first.
 */
export function useStatusHistory(checkId: string, filter: HistoryFilter, pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: drawerKeys.history(checkId, filter, pageIndex, pageSize),
    queryFn: async ({ signal }) => {
      let query = db
        .from('check_statuses')
        .select('time,status,duration,message,error', { count: 'exact' })
        .eq('check_id', checkId)
        .gt('time', rangeStart(filter.range));
      if (filter.status !== null) query = query.eq('status', CHECK_STATUS_QUERY_VALUE[filter.status]);
      if (filter.durationMs !== null) query = query.gte('duration', filter.durationMs);
      const { data, count } = await query
        .order('time', { ascending: false })
        .range(pageIndex * pageSize, pageIndex * pageSize + pageSize - 1)
        .abortSignal(signal)
        .throwOnError();
      return { data: (data ?? []) as StatusEntry[], totalEntries: count ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * The canary graph query (spec 1 §7): `GET /api/canary/api/graph` with the check id, count 300 and
 * the range as start (`3mo`, `1y` …); the check's history in at most 300 buckets, oldest first.
 */
export function useCheckGraph(checkId: string, range: TimeRange) {
  return useQuery({
    queryKey: drawerKeys.graph(checkId, range),
    queryFn: async ({ signal }): Promise<GraphPoint[]> =>
      (await http.get<{ status: GraphPoint[] }>('/api/canary/api/graph', { query: { check: checkId, count: String(CANARY_GRAPH_COUNT), start: range }, signal })).status,
    placeholderData: keepPreviousData,
  });
}

/** Run Now: `POST /api/canary/run/check/{id}`; the dashboard and the drawer refresh after it. */
export function useRunCheckNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkId: string) => http.post<{ message: string }>(`/api/canary/run/check/${checkId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: HEALTH }),
    // A failed run is only logged (spec 1 §8); the check's history shows what the run found.
    meta: { errorToast: false },
  });
}
