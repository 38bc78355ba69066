import type { LogoutFlow } from '@ory/client-fetch';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { navigate } from '../../../api/navigation';
import { ory } from '../../../api/ory';
import { queryKeys } from '../../../api/query-keys';
import { loginUrl } from '../../../api/session-paths';
import { toApiError } from './flows';

/** The logout flow (its token); null when there is no session to end (a 401 is not an error here). */
async function fetchLogoutFlow(): Promise<LogoutFlow | null> {
  try {
    return await ory.createBrowserLogoutFlow({});
  } catch (error) {
    const failure = await toApiError(error);
    if (isApiError(failure) && failure.status === 401) return null;
    throw failure;
  }
}

const logoutFlowQuery = {
  queryKey: queryKeys.identity.logoutFlow(),
  queryFn: fetchLogoutFlow,
  retry: false,
  staleTime: Infinity,
  meta: { errorToast: false },
} as const;

/**
 * Ends the session: the logout flow is updated with the given return address (the current page),
 * the cache is emptied, and the browser goes to `/login?return_to=…`, also when something failed.
 */
export async function signOut(queryClient: QueryClient, returnTo: string): Promise<void> {
  try {
    const flow = await queryClient.fetchQuery(logoutFlowQuery);
    if (flow) await ory.updateLogoutFlow({ token: flow.logout_token, returnTo });
  } catch (error) {
    console.warn('sign out failed', await toApiError(error));
  }
  queryClient.clear();
  navigate(loginUrl({ returnTo }), { replace: true });
}

/** Loads the logout token up front and returns the sign-out action and its pending state. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  useQuery(logoutFlowQuery);
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await signOut(queryClient, `${pathname}${search}`);
    } finally {
      setPending(false);
    }
  }, [queryClient, pathname, search]);
  return { signOut: run, pending };
}
