import { PLAYBOOK_RUN_POLL_MS, isPlaybookRunActive, type PlaybookRunStatus } from '@pharos/core';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { db } from '../../../api/postgrest';
import { shouldRetry } from '../../../app/query-client';
import { TimeRangeError } from '../../../ui/time-range-url';
import { fetchPlaybookRun, PLAYBOOK_API, playbookKeys, type RunTarget } from '../api';
import { runClauses, runRangeFilter, type RunFilters } from './run-filters';

/** A row of `playbook_runs` with its playbook, resource and the person who asked for it. */
export interface PlaybookRunRow {
  id: string;
  playbook_id: string;
  status: PlaybookRunStatus;
  error: string | null;
  created_at: string;
  start_time: string | null;
  end_time: string | null;
  config_id: string | null;
  component_id: string | null;
  check_id: string | null;
  playbook: { id: string; title: string; icon: string | null } | null;
  config: { id: string; name: string | null; type: string | null } | null;
  component: { id: string; name: string | null } | null;
  check: { id: string; name: string | null } | null;
  person: { id: string; name: string | null; avatar: string | null } | null;
}

const RUN_ROW_SELECT = [
  'id,playbook_id,status,error,created_at,start_time,end_time,config_id,component_id,check_id',
  'playbook:playbook_id(id,title,icon)',
  'config:config_id(id,name,type)',
  'component:component_id(id,name)',
  'check:check_id(id,name)',
  'person:created_by(id,name,avatar)',
].join(',');

export interface RunsPage {
  rows: PlaybookRunRow[];
  total: number;
}

export const runKeys = {
  list: (filters: Record<string, unknown>) => [...playbookKeys.runs.all, 'list', filters] as const,
  forResource: (target: RunTarget, pageSize: number) => [...playbookKeys.runs.all, 'resource', target, pageSize] as const,
};

/**
 * `GET /playbook_runs` with the list's filters, newest first, one page with `Prefer: count=exact`
 * (the page count comes from Content-Range). The range resolves when the query runs.
 */
export function usePlaybookRunsPage(filters: RunFilters, pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: runKeys.list({ ...filters, timeRange: JSON.stringify(filters.timeRange), pageIndex, pageSize }),
    queryFn: async ({ signal }): Promise<RunsPage> => {
      let query = db.from('playbook_runs').select(RUN_ROW_SELECT, { count: 'exact' });
      for (const clause of runClauses(filters)) query = query.filter(clause.column, clause.operator, clause.value);
      const range = runRangeFilter(filters.timeRange);
      if (range) query = query.or(range);
      const from = pageIndex * pageSize;
      const { data, count } = await query
        .order('created_at', { ascending: false })
        .range(from, from + pageSize - 1)
        .abortSignal(signal)
        .throwOnError();
      const rows = (data ?? []) as unknown as PlaybookRunRow[];
      return { rows, total: count ?? rows.length };
    },
    placeholderData: keepPreviousData,
    retry: (failureCount, error) => !(error instanceof TimeRangeError) && shouldRetry(failureCount, error),
    meta: { errorToast: false },
  });
}

/** The runs on one resource (`config_id` or `component_id`), newest first, `pageSize` at a time. */
export function useResourceRuns(target: RunTarget, pageSize: number) {
  return useInfiniteQuery({
    queryKey: runKeys.forResource(target, pageSize),
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<PlaybookRunRow[]> => {
      let query = db.from('playbook_runs').select(RUN_ROW_SELECT);
      for (const [column, value] of Object.entries(target)) if (value) query = query.eq(column, value);
      const { data } = await query
        .order('created_at', { ascending: false })
        .range(pageParam, pageParam + pageSize - 1)
        .abortSignal(signal)
        .throwOnError();
      return (data ?? []) as unknown as PlaybookRunRow[];
    },
    getNextPageParam: (last, pages) => (last.length < pageSize ? undefined : pages.length * pageSize),
  });
}

/** Whether the run detail polls: every 5000 ms while the run is running, waiting or pending (spec 2 §4). */
export function runPollInterval(status: PlaybookRunStatus | undefined): number | false {
  return status !== undefined && isPlaybookRunActive(status) ? PLAYBOOK_RUN_POLL_MS : false;
}

/** `GET /api/playbook/run/{id}`, polled while the run is active. */
export function usePlaybookRun(id: string) {
  return useQuery({
    queryKey: playbookKeys.runs.detail(id),
    queryFn: ({ signal }) => fetchPlaybookRun(id, signal),
    refetchInterval: (query) => runPollInterval(query.state.data?.status),
    meta: { errorToast: false },
  });
}

/** `POST /api/playbook/run/approve/{id}` or `/cancel/{id}`; the run is read again after. */
export function useRunCommand(id: string, command: 'approve' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<{ status: PlaybookRunStatus }>(`${PLAYBOOK_API}/run/${command}/${encodeURIComponent(id)}`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: playbookKeys.runs.all }),
    meta: { errorToast: false },
  });
}

/** The run's row with its playbook's title, its resource's name and the requester (names for the run detail). */
export function useRunRow(id: string) {
  return useQuery({
    queryKey: [...playbookKeys.runs.detail(id), 'names'] as const,
    queryFn: async ({ signal }): Promise<PlaybookRunRow | null> => {
      const { data } = await db.from('playbook_runs').select(RUN_ROW_SELECT).eq('id', id).abortSignal(signal).throwOnError();
      return ((data ?? []) as unknown as PlaybookRunRow[])[0] ?? null;
    },
    meta: { errorToast: false },
  });
}
