import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { leaveAfterSignIn } from './leave-after-sign-in';

/**
 * After a sign-in or registration: the cached session is dropped (the next page checks it again)
 * and the browser goes to the flow's return_to (checked by the server), else the page's
 * return_to if it stays in the app, else `/`.
 */
export function completeSignIn(queryClient: QueryClient, flowReturnTo: string | undefined, pageReturnTo?: string | null): void {
  queryClient.removeQueries({ queryKey: queryKeys.session.all });
  leaveAfterSignIn(flowReturnTo, pageReturnTo);
}
