import type { CheckSummary } from '@pharos/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';
import { takeEarlySummary } from './early-summary';

export const healthKeys = {
  all: ['health'] as const,
  summary: (start: string) => [...healthKeys.all, 'summary', start] as const,
};

export async function fetchChecksSummary(start: string, signal?: AbortSignal): Promise<CheckSummary[]> {
  return (await http.get<{ checks_summary: CheckSummary[] }>('/api/canary/api/summary', { query: { start }, signal })).checks_summary;
}

/**
 * Every check with uptime and latency since `start` ('1h', '7d' …). A request still running when
 * a new one starts (another range, a refresh) is aborted: the query hands its signal to the call.
 * The first call may take the request the page's code started as it loaded (early-summary.ts).
 */
export function useChecksSummary(start: string, refetchIntervalMs: number) {
  return useQuery({
    queryKey: healthKeys.summary(start),
    queryFn: ({ signal }): Promise<CheckSummary[]> => takeEarlySummary(start) ?? fetchChecksSummary(start, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refetchIntervalMs > 0 ? refetchIntervalMs : false,
  });
}
