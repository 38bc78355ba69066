import { can, canSeeSettings, toRoles, type Action, type Resource, type Role } from '@pharos/core';
import { useMemo } from 'react';
import { useSession } from '../../api/session';

export interface Permissions {
  /** The signed-in user's roles (none means viewer). */
  roles: readonly Role[];
  /** The role matrix of @pharos/core, the same the server enforces. */
  can: (resource: Resource, action?: Action) => boolean;
  /** The Settings submenu is hidden for viewers. */
  canSeeSettings: boolean;
}

/** What the signed-in user may do, from the roles whoami returned. */
export function permissionsOf(roles: readonly Role[]): Permissions {
  return {
    roles,
    can: (resource, action = 'read') => can(roles, resource, action),
    canSeeSettings: canSeeSettings(roles),
  };
}

const NO_ROLES: readonly string[] = [];

export function usePermissions(): Permissions {
  const { data } = useSession();
  const raw = data?.user.roles ?? NO_ROLES;
  return useMemo(() => permissionsOf(toRoles(raw)), [raw]);
}
