import type { Action, Resource } from '@pharos/core';
import { usePermissions } from './permissions';

/**
 * Whether the signed-in user may `action` on `resource` (the shell's permissions: the role matrix
 * the server enforces). The screens only hide what a role cannot do; the server refuses it.
 */
export function useCan(resource: Resource, action: Action): boolean {
  return usePermissions().can(resource, action);
}
