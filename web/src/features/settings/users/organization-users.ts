import { http } from '../../../api/http';
import type { OrganizationInvitation, OrganizationMember } from '../../../api/organizations';
import type { User, UserChoice } from './api';

export const MEMBERS_PATH = '/api/organizations/current/members';
export const INVITATIONS_PATH = '/api/organizations/current/invitations';

type MemberRow = OrganizationMember & { created_at: string };

function memberUser(member: MemberRow): User {
  return {
    id: member.id,
    name: member.name || member.email || member.id,
    email: member.email ?? '',
    avatar: member.avatar,
    roles: [member.role],
    state: 'active',
    created_at: member.created_at,
  };
}

/** An open invitation is a row of its own until the invited address signs in and becomes a member. */
function invitedUser(invitation: OrganizationInvitation): User {
  return { id: invitation.id, name: invitation.email, email: invitation.email, avatar: null, roles: [invitation.role], state: 'invited', created_at: invitation.created_at, invitation: true };
}

/**
 * Organization mode: the current organization's members with their organization role, then the open
 * invitations (which only administrators may read), paged here since the organization answers them whole.
 */
export async function organizationUsers(pageIndex: number, pageSize: number, withInvitations: boolean, signal: AbortSignal): Promise<{ rows: User[]; total: number }> {
  const [members, invitations] = await Promise.all([
    http.get<MemberRow[]>(MEMBERS_PATH, { signal }),
    withInvitations ? http.get<OrganizationInvitation[]>(INVITATIONS_PATH, { signal }) : Promise.resolve([]),
  ]);
  const all = [...invitations.map(invitedUser), ...members.map(memberUser)];
  const from = pageIndex * pageSize;
  return { rows: all.slice(from, from + pageSize), total: all.length };
}

export async function organizationUserChoices(signal: AbortSignal): Promise<UserChoice[]> {
  const members = await http.get<MemberRow[]>(MEMBERS_PATH, { signal });
  return members.map((member) => ({ id: member.id, name: member.name || member.email || member.id, roles: [member.role] }));
}

/** Removing a member ends the membership (the account stays); removing an invitation revokes it. */
export async function removeFromOrganization(user: Pick<User, 'id' | 'invitation'>): Promise<void> {
  const path = user.invitation ? INVITATIONS_PATH : MEMBERS_PATH;
  await http.delete(`${path}/${encodeURIComponent(user.id)}`);
}
