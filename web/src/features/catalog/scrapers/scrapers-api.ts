import { useQuery } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';
import type { JobHistoryRow } from '../../../api/job-history';

/** `GET job_histories?resource_id=eq.{id}&order=time_start.desc&limit=1`: a scraper's last run, whose details the list links to. */
export function useLastScraperRun(scraperId: string | null) {
  return useQuery({
    queryKey: ['catalog', 'scrapers', 'last-run', scraperId],
    queryFn: async ({ signal }): Promise<JobHistoryRow | null> => {
      const { data } = await db
        .from('job_histories')
        .select('*')
        .eq('resource_id', scraperId ?? '')
        .order('time_start', { ascending: false })
        .limit(1)
        .abortSignal(signal)
        .throwOnError();
      return ((data ?? []) as unknown as JobHistoryRow[])[0] ?? null;
    },
    enabled: scraperId !== null,
    meta: { errorToast: false },
  });
}
