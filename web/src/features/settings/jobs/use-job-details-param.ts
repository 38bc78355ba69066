import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useJobHistoryRun, type JobHistoryRow } from '../../../api/job-history';

/** The query parameter naming the run whose details are open. */
export const JOB_DETAILS_PARAM = 'job';

/**
 * The run whose details are open, kept in the URL (`?job={id}`) so the view can be shared: found
 * among the rows shown, else read by its id.
 */
export function useJobDetailsParam(rows: readonly JobHistoryRow[] | undefined) {
  const [search, setSearch] = useSearchParams();
  const id = search.get(JOB_DETAILS_PARAM);
  const shown = id === null ? undefined : rows?.find((row) => row.id === id);
  const fetched = useJobHistoryRun(id, rows !== undefined && shown === undefined);
  const selected = shown ?? fetched.data ?? null;

  const setId = useCallback(
    (next: string | null) =>
      setSearch((previous) => {
        const params = new URLSearchParams(previous);
        if (next === null) params.delete(JOB_DETAILS_PARAM);
        else params.set(JOB_DETAILS_PARAM, next);
        return params;
      }),
    [setSearch],
  );
  const open = useCallback((row: JobHistoryRow) => setId(row.id), [setId]);
  const close = useCallback(() => setId(null), [setId]);
  return { selected, open, close };
}
