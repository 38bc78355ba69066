import type { Permission, Resource, Role } from '@pharos/core';
import { useQuery } from '@tanstack/react-query';
import { http } from './http';
import type { Organization } from './organizations';
import { queryKeys } from './query-keys';

export const WHOAMI_PATH = '/api/auth/whoami';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  roles: Role[];
}

/** `GET /api/auth/whoami`: the signed-in user and what their roles allow. */
export interface Session {
  user: SessionUser;
  permissions: Record<Resource, Permission>;
  /** Organization mode only: the organization the session works in; null until the person joins or creates one. */
  organization?: Organization | null;
}

/** The session check. It never redirects by itself: its callers decide (gate, auth-state checker). */
export function fetchWhoami(signal?: AbortSignal): Promise<Session> {
  return http.get<Session>(WHOAMI_PATH, { session: 'none', signal });
}

export const sessionQuery = {
  queryKey: queryKeys.session.whoami(),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchWhoami(signal),
  retry: false,
  staleTime: 60_000,
  meta: { errorToast: false },
} as const;

/** The current session (cached; the auth gate has loaded it before any signed-in page renders). */
export function useSession() {
  return useQuery(sessionQuery);
}
