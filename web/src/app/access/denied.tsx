import type { Action, Resource } from '@pharos/core';
import type { ReactNode } from 'react';
import { usePermissions } from './permissions';

/** What each permission resource is called when telling someone they may not change it. */
const RESOURCE_NOUNS: Readonly<Record<Resource, string>> = {
  database: 'the catalog and settings data',
  rbac: 'roles',
  auth: 'sign-in settings',
  responder: 'incident responders',
  incident: 'incidents and their hypotheses',
  evidences: 'evidence',
  comments: 'comments',
  canaries: 'health checks',
  topologies: 'topologies',
  config_scrapers: 'catalog scrapers',
  identities: 'users',
  connections: 'connections',
  kratos: 'identities',
  agents: 'agents',
  properties: 'feature flags',
  logging_backends: 'log backends',
  integrations: 'integrations',
  notifications: 'notifications',
  playbooks: 'playbooks',
  playbook_runs: 'playbook runs',
};

/** Why an action is not offered: the roles that lack it and what they would need. */
export function deniedReason(resource: Resource, action: Action = 'write'): string {
  return `Your role cannot ${action === 'write' ? 'change' : 'see'} ${RESOURCE_NOUNS[resource]} (needs ${action} on ${resource})`;
}

/**
 * Null when the signed-in user may do `action` on `resource`, else why not: actions are shown
 * disabled with this reason rather than offered and refused by the server with a 403.
 */
export function useDenied(resource: Resource, action: Action = 'write'): string | null {
  return usePermissions().can(resource, action) ? null : deniedReason(resource, action);
}

/** Wraps a disabled control so its reason shows as a tooltip (a disabled button shows none itself). */
export function DeniedHint({ reason, children, className }: { reason: string | null | undefined; children: ReactNode; className?: string }) {
  if (!reason) return children;
  return (
    <span title={reason} data-denied="true" className={className ?? 'inline-flex'}>
      {children}
    </span>
  );
}
