import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchJobHistoryPage, JOB_HISTORY_SELECT } from '../../../api/job-history';
import { db } from '../../../api/postgrest';
import { settingsKeys } from '../../../api/settings-keys';
import { shouldRetry } from '../../../app/query-client';
import { TimeRangeError } from '../../../ui/time-range-url';
import { jobHistoryClauses, type JobHistoryFilters } from './filters';

export interface JobHistoryListParams {
  pageIndex: number;
  pageSize: number;
  sort: { id: string; desc: boolean };
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
      let query = db.from('job_histories').select(JOB_HISTORY_SELECT, { count: 'exact' });
      for (const clause of jobHistoryClauses(filters)) query = query.filter(clause.column, clause.operator, clause.value);
      return fetchJobHistoryPage(query.order(sort.id, { ascending: !sort.desc }), pageIndex, pageSize, signal);
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
