import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { db } from '../../../api/postgrest';
import { notificationKeys } from './api';
import type { SendHistoryRow } from './types';

export const HISTORY_PAGE_SIZE = 20;

/** `GET /notification_send_history?notification_id=eq.{id}`, newest first, paged and counted. */
export function useSendHistory(notificationId: string, pageIndex: number, pageSize = HISTORY_PAGE_SIZE) {
  return useQuery({
    queryKey: notificationKeys.history(notificationId, { pageIndex, pageSize }),
    queryFn: async ({ signal }) => {
      const from = pageIndex * pageSize;
      const { data, count } = await db
        .from('notification_send_history')
        .select('*', { count: 'exact' })
        .eq('notification_id', notificationId)
        .order('created_at', { ascending: false })
        .range(from, from + pageSize - 1)
        .abortSignal(signal)
        .throwOnError();
      const rows = (data ?? []) as SendHistoryRow[];
      return { rows, total: count ?? rows.length };
    },
    placeholderData: keepPreviousData,
  });
}
