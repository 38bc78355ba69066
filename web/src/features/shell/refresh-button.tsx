import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { cn } from '../../ui/cn';
import { iconButtonClass } from './menu-styles';

/** Refetches what the page shows: every active query but the identity flows (their tokens are single-use). */
export function refreshActiveQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    type: 'active',
    predicate: (query) => query.queryKey[0] !== queryKeys.identity.all[0],
  });
}

export function RefreshButton() {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await refreshActiveQueries(queryClient);
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <button
      type="button"
      aria-label="Refresh"
      title="Refresh"
      aria-busy={refreshing || undefined}
      onClick={() => void refresh()}
      className={iconButtonClass}
    >
      <RefreshCw className={cn('size-[1.125rem]', refreshing && 'animate-spin')} aria-hidden="true" />
    </button>
  );
}
