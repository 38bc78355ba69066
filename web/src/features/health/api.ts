import type { CheckSummary } from '@pharos/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../api/http';
import { db } from '../../api/postgrest';

export interface CheckStatusRow {
  time: string;
  status: boolean;
  duration: number | null;
  message: string | null;
  error: string | null;
}

export const healthKeys = {
  all: ['health'] as const,
  summary: (start: string) => [...healthKeys.all, 'summary', start] as const,
  statuses: (checkId: string, pageIndex: number) => [...healthKeys.all, 'statuses', checkId, pageIndex] as const,
};

/** Every check with uptime and latency since `start` ('1h', '7d' …); a newer request aborts the older one. */
export function useChecksSummary(start: string, refetchIntervalMs: number) {
  return useQuery({
    queryKey: healthKeys.summary(start),
    queryFn: async ({ signal }): Promise<CheckSummary[]> => (await http.get<{ checks_summary: CheckSummary[] }>('/api/canary/api/summary', { query: { start }, signal })).checks_summary,
    placeholderData: keepPreviousData,
    refetchInterval: refetchIntervalMs > 0 ? refetchIntervalMs : false,
  });
}

export const STATUS_PAGE_SIZE = 50;

/** A check's status history, newest first: GET /check_statuses with exact count. */
export function useCheckStatuses(checkId: string, pageIndex: number) {
  return useQuery({
    queryKey: healthKeys.statuses(checkId, pageIndex),
    queryFn: async ({ signal }) => {
      const from = pageIndex * STATUS_PAGE_SIZE;
      const { data, count } = await db
        .from('check_statuses')
        .select('time,status,duration,message,error', { count: 'exact' })
        .eq('check_id', checkId)
        .order('time', { ascending: false })
        .range(from, from + STATUS_PAGE_SIZE - 1)
        .abortSignal(signal)
        .throwOnError();
      return { rows: (data ?? []) as CheckStatusRow[], total: count ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

export interface RunNowAnswer {
  message: string;
  status: 'healthy' | 'unhealthy' | null;
  duration: number;
  output: string | null;
  error: string | null;
}

/** Run Now: POST /api/canary/run/check/{id}; the dashboard refreshes after it. */
export function useRunCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkId: string) => http.post<RunNowAnswer>(`/api/canary/run/check/${checkId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: healthKeys.all }),
  });
}
