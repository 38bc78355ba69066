import type { Role } from '@pharos/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from './http';
import { queryKeys } from './query-keys';

/** Spec 1 section 3: an organization with its slug and public metadata, and the caller's role in it. */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  publicMetadata: { backend_url: string | null; direct: boolean };
  policy: { require_second_factor: 'none' | 'admins' | 'all'; session_lifespan_seconds: number | null };
  role: Role;
}

export interface OrganizationList {
  organizations: Organization[];
  current: string | null;
  canCreate: boolean;
}

export interface OrganizationMember {
  id: string;
  name: string;
  email: string | null;
  avatar: string | null;
  role: Role;
}

export interface OrganizationInvitation {
  id: string;
  email: string;
  role: Role;
  created_at: string;
  invited_by: string | null;
}

export const ORGS_SWITCHED_PATH = '/organizations/orgs-switched';

export function useOrganizations(enabled = true) {
  return useQuery({
    queryKey: queryKeys.organizations.list(),
    queryFn: ({ signal }) => http.get<OrganizationList>('/api/organizations', { signal }),
    enabled,
  });
}

/**
 * Switching or creating lands on /organizations/orgs-switched, which starts the app afresh in
 * the organization (its data, roles and, in direct mode, its backend).
 */
function landInOrganization(): void {
  window.location.assign(ORGS_SWITCHED_PATH);
}

export function useSwitchOrganization() {
  return useMutation({
    mutationFn: (id: string) => http.post<Organization>('/api/organizations/switch', { id }),
    onSuccess: landInOrganization,
  });
}

export function useCreateOrganization() {
  return useMutation({
    mutationFn: (input: { name: string; slug: string }) => http.post<Organization>('/api/organizations', input),
    onSuccess: landInOrganization,
  });
}

export function useMembers() {
  return useQuery({
    queryKey: queryKeys.organizations.members(),
    queryFn: ({ signal }) => http.get<OrganizationMember[]>('/api/organizations/current/members', { signal }),
  });
}

export function useInvitations(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.organizations.invitations(),
    queryFn: ({ signal }) => http.get<OrganizationInvitation[]>('/api/organizations/current/invitations', { signal }),
    enabled,
  });
}

/** A mutation of the current organization that refreshes the organization's queries and the session. */
function useOrganizationMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.session.all });
    },
  });
}

export interface OrganizationChanges {
  name?: string;
  slug?: string;
  publicMetadata?: { backend_url?: string | null; direct?: boolean };
  policy?: { require_second_factor?: string; session_lifespan_seconds?: number | null };
}

export function useUpdateOrganization() {
  return useOrganizationMutation((changes: OrganizationChanges) => http.patch<Organization>('/api/organizations/current', changes));
}

const memberPath = (id: string) => `/api/organizations/current/members/${encodeURIComponent(id)}`;

export function useChangeMemberRole() {
  return useOrganizationMutation(({ id, role }: { id: string; role: Role }) => http.patch(memberPath(id), { role }));
}

export function useRemoveMember() {
  return useOrganizationMutation((id: string) => http.delete(memberPath(id)));
}

export function useSendInvitation() {
  return useOrganizationMutation((input: { email: string; role: Role }) => http.post<OrganizationInvitation>('/api/organizations/current/invitations', input));
}

export function useRevokeInvitation() {
  return useOrganizationMutation((id: string) => http.delete(`/api/organizations/current/invitations/${encodeURIComponent(id)}`));
}
