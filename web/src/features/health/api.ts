import type { CheckSummary } from '@pharos/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';

export const healthKeys = {
  all: ['health'] as const,
  summary: (start: string) => [...healthKeys.all, 'summary', start] as const,
};

/**
 * Every check with uptime and latency since `start` ('1h', '7d' …). A request still running when
 * a new one starts (another range, a refresh) is aborted: the query hands its signal to the call.
 */
export function useChecksSummary(start: string, refetchIntervalMs: number) {
  return useQuery({
    queryKey: healthKeys.summary(start),
    queryFn: async ({ signal }): Promise<CheckSummary[]> => (await http.get<{ checks_summary: CheckSummary[] }>('/api/canary/api/summary', { query: { start }, signal })).checks_summary,
    placeholderData: keepPreviousData,
    refetchInterval: refetchIntervalMs > 0 ? refetchIntervalMs : false,
  });
}
