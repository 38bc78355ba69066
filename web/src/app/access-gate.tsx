import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { useFeatureFlags } from './access/feature-flags';
import { usePermissions } from './access/permissions';
import { UnauthorizedPage } from './access/unauthorized';
import { NotFoundPage } from './not-found-page';
import { handleOf, NOT_FOUND } from './route-handle';
import { screenAllowed } from './screens';

/**
 * Renders the routed screen only when every matched route's access is met: otherwise the
 * Unauthorized page (missing permission or a disabled feature), or Not found.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const permissions = usePermissions();
  const { flags } = useFeatureFlags();
  for (const match of matches) {
    const access = handleOf(match)?.access?.(match.params);
    if (!access) continue;
    if (access === NOT_FOUND) return <NotFoundPage />;
    if (!screenAllowed(access, permissions.can, flags.allEnabled)) return <UnauthorizedPage />;
  }
  return children;
}
