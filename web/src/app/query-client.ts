import { PostgrestError } from '@supabase/postgrest-js';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import type { ApiQueryMeta } from '../api/query-meta';
import { toast } from '../ui/toast/toast-store';

/** Failures become error toasts, unless the session handling already redirected or the caller shows them. */
export function reportError(error: unknown, meta: ApiQueryMeta | undefined): void {
  if (meta?.errorToast === false) return;
  if (isApiError(error) && error.redirected) return;
  toast.error(error instanceof Error ? error.message : 'Something went wrong');
}

/** SQL states of an unavailable database, and the data service's own "could not reach it". */
const TRANSIENT_DATA_ERRORS = /^(08|53|57|PGRST000$)/;

/** Client errors (4xx) are answers, not hiccups: only other failures are retried, twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  if (error instanceof PostgrestError && !TRANSIENT_DATA_ERRORS.test(error.code)) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
