import type { Role } from '@pharos/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { db } from '../../../api/postgrest';
import { useAbout } from '../../../api/about';
import { queryKeys } from '../../../api/query-keys';
import { settingsKeys } from '../../../api/settings-keys';
import { organizationUserChoices, organizationUsers, removeFromOrganization } from './organization-users';

export const INVITE_USER_PATH = '/api/auth/invite_user';
export const updateRolePath = (id: string) => `/api/rbac/${encodeURIComponent(id)}/update_role`;

interface IdentityRow {
  id: string;
  state: string;
  created_at: string;
  traits: { email?: string; name?: { first?: string; last?: string } } | null;
}

interface PersonRolesRow {
  id: string;
  name: string;
  avatar: string | null;
  roles: string[] | null;
  /** Invited and not accepted yet: no credential and no verified address. */
  invited?: boolean | null;
}

/** A user's state: the identity's (active, inactive), or invited while the invitation is not accepted. */
export type UserState = 'active' | 'inactive' | 'invited' | (string & {});

/** A user of the users list: an identity with the roles of its person. */
export interface User {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  roles: string[];
  state: UserState;
  created_at: string;
  /** Organization mode: the row is an open invitation to the organization, not a member. */
  invitation?: boolean;
}

function nameOf(identity: IdentityRow, person: PersonRolesRow | undefined): string {
  const first = identity.traits?.name?.first?.trim() ?? '';
  const last = identity.traits?.name?.last?.trim() ?? '';
  const traitsName = `${first} ${last}`.trim();
  return traitsName || person?.name || identity.traits?.email || identity.id;
}

/** Whether people work inside organizations, where the page shows the current organization's members. */
export function useOrganizationMode(): boolean {
  return useAbout().data?.authMode === 'organizations';
}

/**
 * `GET /identities`, then `GET /people_roles?id=in.(...)` for their roles; paged and counted. In
 * organization mode, the organization's members and (for its administrators) open invitations.
 */
export function useUsers(pageIndex: number, pageSize: number, withInvitations: boolean) {
  const organizationMode = useOrganizationMode();
  const about = useAbout();
  return useQuery({
    queryKey: settingsKeys.users.list({ pageIndex, pageSize, organizationMode, withInvitations }),
    enabled: !about.isPending,
    queryFn: async ({ signal }) => {
      if (organizationMode) return organizationUsers(pageIndex, pageSize, withInvitations, signal);
      const from = pageIndex * pageSize;
      const { data, count } = await db
        .from('identities')
        .select('id,state,created_at,traits', { count: 'exact' })
        .order('created_at', { ascending: false })
        .range(from, from + pageSize - 1)
        .abortSignal(signal)
        .throwOnError();
      const identities = (data ?? []) as IdentityRow[];
      let people: PersonRolesRow[] = [];
      if (identities.length > 0) {
        const roles = await db
          .from('people_roles')
          .select('id,name,avatar,roles,invited')
          .in(
            'id',
            identities.map((identity) => identity.id),
          )
          .abortSignal(signal)
          .throwOnError();
        people = (roles.data ?? []) as PersonRolesRow[];
      }
      const byId = new Map(people.map((person) => [person.id, person]));
      const rows: User[] = identities.map((identity) => {
        const person = byId.get(identity.id);
        return {
          id: identity.id,
          name: nameOf(identity, person),
          email: identity.traits?.email ?? '',
          avatar: person?.avatar ?? null,
          roles: person?.roles ?? [],
          state: person?.invited && identity.state === 'active' ? 'invited' : identity.state,
          created_at: identity.created_at,
        };
      });
      return { rows, total: count ?? rows.length };
    },
    placeholderData: keepPreviousData,
  });
}

export interface UserChoice {
  id: string;
  name: string;
  roles: string[];
}

/** Everyone who can sign in (has an identity), by name, with their roles: the Add Role picker. */
export function useUserChoices(enabled: boolean) {
  const organizationMode = useOrganizationMode();
  return useQuery({
    queryKey: [...settingsKeys.users.all(), 'choices', organizationMode],
    queryFn: async ({ signal }): Promise<UserChoice[]> => {
      if (organizationMode) return organizationUserChoices(signal);
      const { data } = await db
        .from('people_roles')
        .select('id,name,roles')
        .is('deleted_at', null)
        .not('state', 'is', null)
        .order('name', { ascending: true })
        .abortSignal(signal)
        .throwOnError();
      return ((data ?? []) as PersonRolesRow[]).map((row) => ({ id: row.id, name: row.name, roles: row.roles ?? [] }));
    },
    enabled,
  });
}

/** In organization mode without a name: the invited person chooses theirs when they sign up. */
export interface Invitation {
  firstName?: string;
  lastName?: string;
  email: string;
  role: Role;
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsKeys.users.all() }),
      queryClient.invalidateQueries({ queryKey: settingsKeys.people() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.organizations.all }),
    ]);
}

/** `POST /api/auth/invite_user` {firstName, lastName, email, role}; {email, role} in organization mode. */
export function useInviteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (invitation: Invitation) => http.post<unknown>(INVITE_USER_PATH, invitation),
    onSuccess: invalidate,
  });
}

/** `POST /api/rbac/{id}/update_role` {roles}. */
export function useUpdateRoles() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, roles }: { id: string; roles: readonly Role[] }) => http.post<unknown>(updateRolePath(id), { roles }),
    onSuccess: invalidate,
  });
}

/** `DELETE /identities?id=eq.{id}`; in organization mode the membership or invitation is removed instead. */
export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  const organizationMode = useOrganizationMode();
  return useMutation({
    mutationFn: async (user: Pick<User, 'id' | 'invitation'>) => {
      if (organizationMode) return removeFromOrganization(user);
      await db.from('identities').delete().eq('id', user.id).throwOnError();
    },
    onSuccess: invalidate,
  });
}
