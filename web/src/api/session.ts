import type { Permission, Resource, Role } from '@pharos/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiErrorFrom } from './api-error';
import { beginRouting, directTarget, setDirectOrganization } from './direct-mode';
import { http } from './http';
import type { Organization } from './organizations';
import { queryKeys } from './query-keys';
import { WHOAMI_PATH } from './session-paths';

export { WHOAMI_PATH };

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

/**
 * The session check. It never redirects by itself: its callers decide (gate, auth-state checker).
 * For an organization in direct mode the person and roles are the backend's, asked with the token:
 * its 5xx or 404 (still provisioning) fails the check.
 */
export async function fetchWhoami(signal?: AbortSignal): Promise<Session> {
  const settleRouting = beginRouting();
  let session: Session;
  try {
    session = await http.get<Session>(WHOAMI_PATH, { session: 'none', signal });
    const metadata = session.organization?.publicMetadata;
    setDirectOrganization(metadata?.direct && metadata.backend_url ? { backendUrl: metadata.backend_url } : null);
  } finally {
    settleRouting();
  }
  const backend = await directTarget(WHOAMI_PATH, true);
  if (!backend) return session;
  let response: Response;
  try {
    response = await fetch(backend.url, { headers: { Accept: 'application/json', Authorization: backend.authorization }, credentials: 'omit', signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    // Not answering at all is where provisioning starts: the same screen as a 5xx.
    throw new ApiError(503, "The organization's backend does not answer yet", null, { cause });
  }
  if (!response.ok) throw await apiErrorFrom(response);
  const answer = (await response.json()) as Session;
  return { ...answer, organization: session.organization ?? null };
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
