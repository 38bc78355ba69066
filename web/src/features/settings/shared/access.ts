import type { Action, Resource } from '@pharos/core';
import { useSession } from '../../auth/api/session';

/**
 * Whether the signed-in user may `action` on `resource`, from the permissions the session carries
 * (`GET /api/auth/whoami`). The screens only hide what a role cannot do; the server refuses it.
 */
export function useCan(resource: Resource, action: Action): boolean {
  const { data } = useSession();
  return data?.permissions[resource]?.[action] === true;
}
