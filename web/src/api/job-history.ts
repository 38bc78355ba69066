import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { db } from './postgrest';
import { settingsKeys } from './settings-keys';

/** A row of `job_histories`, with its agent. */
export interface JobHistoryRow {
  id: string;
  name: string;
  status: string;
  agent_id?: string | null;
  agent?: { id: string; name: string | null } | null;
  resource_id: string | null;
  resource_type: string | null;
  resource_name: string | null;
  duration_millis: number | null;
  success_count: number;
  error_count: number;
  time_start: string | null;
  time_end?: string | null;
  hostname?: string | null;
  details?: JobHistoryDetails | null;
  created_at: string;
}

export interface JobHistoryDetails {
  errors?: unknown;
  scrape_summary?: unknown;
  summary?: unknown;
  [key: string]: unknown;
}

export interface JobHistoryPage {
  rows: JobHistoryRow[];
  total: number;
}

/** Each run with its agent. */
export const JOB_HISTORY_SELECT = '*,agent:agent_id(id,name)';

/** A filtered and ordered `job_histories` query, counted, before its page is chosen. */
export type OrderedJobHistoryQuery = ReturnType<ReturnType<ReturnType<typeof db.from>['select']>['order']>;

/** Page `pageIndex` of `query` and the total that `Prefer: count=exact` gives. */
export async function fetchJobHistoryPage(query: OrderedJobHistoryQuery, pageIndex: number, pageSize: number, signal: AbortSignal): Promise<JobHistoryPage> {
  const from = pageIndex * pageSize;
  const { data, count } = await query.range(from, from + pageSize - 1).abortSignal(signal).throwOnError();
  const rows = (data ?? []) as unknown as JobHistoryRow[];
  return { rows, total: count ?? rows.length };
}

/**
 * The Job History tab of a resource: `GET job_histories?resource_id=eq.{id}&resource_type=eq.{type}`,
 * newest first, paged (150 a page) and counted.
 */
export function useResourceJobHistory(resource: { id: string; type: string }, pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: settingsKeys.jobHistory(resource.id, { resourceType: resource.type, pageIndex, pageSize }),
    queryFn: ({ signal }) => {
      const query = db
        .from('job_histories')
        .select(JOB_HISTORY_SELECT, { count: 'exact' })
        .eq('resource_id', resource.id)
        .eq('resource_type', resource.type)
        .order('created_at', { ascending: false });
      return fetchJobHistoryPage(query, pageIndex, pageSize, signal);
    },
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/** `GET job_histories?id=eq.{id}`: one run, for details opened from a URL when it is not on the page shown. */
export function useJobHistoryRun(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.jobs.run(id ?? ''),
    queryFn: async ({ signal }): Promise<JobHistoryRow | null> => {
      const { data } = await db
        .from('job_histories')
        .select(JOB_HISTORY_SELECT)
        .eq('id', id ?? '')
        .limit(1)
        .abortSignal(signal)
        .throwOnError();
      return ((data ?? []) as unknown as JobHistoryRow[])[0] ?? null;
    },
    enabled: enabled && id !== null,
    meta: { errorToast: false },
  });
}

/** The row of a list whose last run is shown: the resource's id and when that run started. */
export interface ListedRun {
  id: string;
  job_time_start?: string | null;
}

/**
 * The run a list row shows, for its '(View details)': `GET job_histories?resource_id=eq.{id}
 * &time_start=eq.{job_time_start}&order=created_at.desc&limit=1`. Asking for the newest run instead
 * could find one that started after the list loaded, still running and without details.
 */
export function useListedRun(row: ListedRun | null) {
  return useQuery({
    queryKey: settingsKeys.listedRun(row?.id ?? null, row?.job_time_start ?? null),
    queryFn: async ({ signal }): Promise<JobHistoryRow | null> => {
      let query = db.from('job_histories').select(JOB_HISTORY_SELECT).eq('resource_id', row?.id ?? '');
      if (row?.job_time_start) query = query.eq('time_start', row.job_time_start);
      const { data } = await query.order('created_at', { ascending: false }).limit(1).abortSignal(signal).throwOnError();
      return ((data ?? []) as unknown as JobHistoryRow[])[0] ?? null;
    },
    enabled: row !== null,
    meta: { errorToast: false },
  });
}
