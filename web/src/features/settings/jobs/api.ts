import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';
import { shouldRetry } from '../../../app/query-client';
import { TimeRangeError } from '../../../ui/time-range-url';
import { settingsKeys } from '../shared/query-keys';
import { jobHistoryClauses, type JobHistoryFilters } from './filters';

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

export interface JobHistoryListParams {
  pageIndex: number;
  pageSize: number;
  sort: { id: string; desc: boolean };
}

const SELECT = '*,agent:agent_id(id,name)';

/** A filtered and ordered `job_histories` query, counted, before its page is chosen. */
type OrderedJobHistoryQuery = ReturnType<ReturnType<ReturnType<typeof db.from>['select']>['order']>;

/** Page `pageIndex` of `query` and the total that `Prefer: count=exact` gives. */
async function fetchPage(query: OrderedJobHistoryQuery, pageIndex: number, pageSize: number, signal: AbortSignal): Promise<JobHistoryPage> {
  const from = pageIndex * pageSize;
  const { data, count } = await query.range(from, from + pageSize - 1).abortSignal(signal).throwOnError();
  const rows = (data ?? []) as unknown as JobHistoryRow[];
  return { rows, total: count ?? rows.length };
}

/**
 * `GET job_histories?select=*&limit&offset` with the screen's filters, ordered (default
 * created_at.desc), `Prefer: count=exact` for the total. The time range is resolved when the
 * query runs, so a refetch of 'Last 2 days' reaches up to now.
 */
export function useJobHistory(filters: JobHistoryFilters, { pageIndex, pageSize, sort }: JobHistoryListParams) {
  return useQuery({
    queryKey: settingsKeys.jobs.list({
      name: filters.name,
      resourceType: filters.resourceType,
      status: filters.status,
      runDuration: filters.runDuration,
      timeRange: JSON.stringify(filters.timeRange),
      pageIndex,
      pageSize,
      sortBy: sort.id,
      desc: sort.desc,
    }),
    queryFn: ({ signal }) => {
      let query = db.from('job_histories').select(SELECT, { count: 'exact' });
      for (const clause of jobHistoryClauses(filters)) query = query.filter(clause.column, clause.operator, clause.value);
      return fetchPage(query.order(sort.id, { ascending: !sort.desc }), pageIndex, pageSize, signal);
    },
    placeholderData: keepPreviousData,
    retry: (failureCount, error) => !(error instanceof TimeRangeError) && shouldRetry(failureCount, error),
    meta: { errorToast: false },
  });
}

/** `GET job_history_names?order=name.asc`: the options of the job name filter. */
export function useJobHistoryNames() {
  return useQuery({
    queryKey: settingsKeys.jobs.names(),
    queryFn: async ({ signal }): Promise<string[]> => {
      const { data } = await db.from('job_history_names').select('name').order('name').abortSignal(signal).throwOnError();
      return ((data ?? []) as { name: string }[]).map((row) => row.name);
    },
  });
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
        .select(SELECT, { count: 'exact' })
        .eq('resource_id', resource.id)
        .eq('resource_type', resource.type)
        .order('created_at', { ascending: false });
      return fetchPage(query, pageIndex, pageSize, signal);
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
        .select(SELECT)
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
