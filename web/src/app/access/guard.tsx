import type { Action, Feature, Resource } from '@pharos/core';
import type { ReactNode } from 'react';
import { useFeatureFlags } from './feature-flags';
import { usePermissions } from './permissions';
import { Unauthorized } from './unauthorized';

export interface GuardProps {
  /** The permission resource the content needs. */
  resource: Resource;
  /** Default read. */
  action?: Action;
  /** Features that must be enabled too (e.g. a Link to Incident button needs `incidents`). */
  features?: readonly Feature[];
  /**
   * Shown instead of the content when access is missing: nothing by default,
   * `'unauthorized'` for the Unauthorized message, or any element.
   */
  fallback?: ReactNode | 'unauthorized';
  children: ReactNode;
}

/** Whether the signed-in user may do `action` on `resource`, with the features enabled. */
export function useAllowed(resource: Resource, action: Action = 'read', features: readonly Feature[] = []): boolean {
  const permissions = usePermissions();
  const { flags } = useFeatureFlags();
  return permissions.can(resource, action) && flags.allEnabled(features);
}

/** Renders its content only when the user may do `action` on `resource` (and the features are on). */
export function Guard({ resource, action = 'read', features, fallback = null, children }: GuardProps) {
  const allowed = useAllowed(resource, action, features);
  if (allowed) return children;
  return fallback === 'unauthorized' ? <Unauthorized /> : fallback;
}
