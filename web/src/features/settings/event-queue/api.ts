import { useQuery } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';
import { settingsKeys } from '../../../api/settings-keys';

/** A row of `event_queue_summary`: one event name with its pending and failed events. */
export interface EventQueueSummaryRow {
  name: string;
  pending: number;
  failed: number;
  /** numeric: the data service may answer it as a string. */
  average_attempts: number | string | null;
  first_failure: string | null;
  last_failure: string | null;
  most_common_error: string | null;
}

/**
 * `GET event_queue_summary?order=last_failure.desc.nullslast`: the latest failures first, names
 * that never failed after them (one row per event name, so the list is small).
 */
export function useEventQueueSummary() {
  return useQuery({
    queryKey: settingsKeys.eventQueue(),
    queryFn: async ({ signal }): Promise<EventQueueSummaryRow[]> => {
      const { data } = await db
        .from('event_queue_summary')
        .select('*')
        .order('last_failure', { ascending: false, nullsFirst: false })
        .abortSignal(signal)
        .throwOnError();
      return (data ?? []) as EventQueueSummaryRow[];
    },
    meta: { errorToast: false },
  });
}
