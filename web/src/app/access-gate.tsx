import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { disablingFlag } from '@pharos/core';
import { useFeatureFlags } from './access/feature-flags';
import { FeatureOffPage } from './access/feature-off';
import { usePermissions } from './access/permissions';
import { UnauthorizedPage } from './access/unauthorized';
import { NotFoundPage } from './not-found-page';
import { handleOf, NOT_FOUND } from './route-handle';
import { screenAllowed } from './screens';

/**
 * Renders the routed screen only when every matched route's access is met: otherwise the
 * Unauthorized page (missing permission), the feature-off page (a disabled feature), or Not found.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const permissions = usePermissions();
  const { flags } = useFeatureFlags();
  for (const match of matches) {
    const access = handleOf(match)?.access?.(match.params);
    if (!access) continue;
    if (access === NOT_FOUND) return <NotFoundPage />;
    if (!screenAllowed(access, permissions.can, () => true)) return <UnauthorizedPage />;
    const off = access.features.find((feature) => !flags.isEnabled(feature));
    if (off) return <FeatureOffPage flag={disablingFlag(off, flags.properties)} showFlag={permissions.can('properties', 'write')} />;
  }
  return children;
}
