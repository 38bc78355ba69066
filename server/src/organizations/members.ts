import type { Role } from '@pharos/core';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { IdentityConfig } from '../auth/identity/config.js';
import type { Courier } from '../auth/identity/courier.js';
import { Urls } from '../auth/identity/urls.js';
import { transaction } from '../db/transaction.js';
import { RouteError } from '../http/route-access.js';
import { countAdmins, organizationById } from './store.js';

export const LAST_ADMIN = 'An organization needs at least one administrator: make another member admin first';

/** Runs a change of members with the organization locked, refusing one that leaves it without an administrator. */
async function changeMembers(pool: pg.Pool, organizationId: string, change: (client: pg.PoolClient) => Promise<number>): Promise<void> {
  await transaction(pool, async (client) => {
    await client.query('select 1 from organizations where id = $1 for update', [organizationId]);
    if ((await change(client)) === 0) throw new RouteError(404, 'NOT_FOUND', 'That person is not a member of this organization');
    if ((await countAdmins(client, organizationId)) === 0) throw new RouteError(400, 'VALIDATION_FAILED', LAST_ADMIN);
  });
}

export async function setMemberRole(pool: pg.Pool, organizationId: string, personId: string, role: Role): Promise<void> {
  await changeMembers(pool, organizationId, async (client) => {
    const updated = await client.query('update organization_members set role = $3 where organization_id = $1 and person_id = $2', [organizationId, personId, role]);
    return updated.rowCount ?? 0;
  });
}

/** Ends the membership; the person's sessions working in the organization fall back to another of theirs. */
export async function removeMember(pool: pg.Pool, organizationId: string, personId: string): Promise<void> {
  await changeMembers(pool, organizationId, async (client) => {
    const removed = await client.query('delete from organization_members where organization_id = $1 and person_id = $2', [organizationId, personId]);
    await client.query('update identity_sessions set organization_id = null where identity_id = $2 and organization_id = $1', [organizationId, personId]);
    return removed.rowCount ?? 0;
  });
}

function invitationEmail(organization: string, link: string): string {
  return [
    'Hello,',
    '',
    `you have been invited to the organization ${organization} on Pharos.`,
    'Sign in, or create an account, with this email address and verify it; the organization then appears in your organization switcher:',
    '',
    link,
    '',
    'If you did not expect this invitation, you can ignore this message.',
    '',
  ].join('\n');
}

export interface OrganizationInvitationRow {
  id: string;
  email: string;
  role: string;
  created_at: Date;
}

export interface InviteMemberOptions {
  pool: pg.Pool;
  config: IdentityConfig;
  courier: Courier;
  request: FastifyRequest;
  organizationId: string;
  invitedBy: string;
}

/**
 * Records an invitation to the organization and mails it; it is accepted when the invited address
 * signs in verified. Refused for a member's address and for an address with an open invitation.
 */
export async function inviteMember(options: InviteMemberOptions, input: { email: string; role: Role }): Promise<OrganizationInvitationRow> {
  const { pool, config, courier, request, organizationId, invitedBy } = options;
  const member = await pool.query(
    `select 1 from organization_members m join identity_verifiable_addresses a on a.identity_id = m.person_id
      where m.organization_id = $1 and lower(a.value) = $2`,
    [organizationId, input.email],
  );
  if ((member.rowCount ?? 0) > 0) throw new RouteError(409, 'DUPLICATE', `${input.email} is already a member of this organization`);
  const { rows } = await pool
    .query<OrganizationInvitationRow>(
      `insert into organization_invitations (organization_id, email, role, invited_by) values ($1, $2, $3, $4)
       returning id, email, role, created_at`,
      [organizationId, input.email, input.role, invitedBy],
    )
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505') throw new RouteError(409, 'DUPLICATE', `${input.email} has already been invited: revoke that invitation first`);
      throw error;
    });
  const row = rows[0];
  if (!row) throw new Error('The invitation was not recorded');
  const organization = await organizationById(pool, organizationId);
  const link = `${new Urls(config, request).origin}/login`;
  await courier.send({
    to: input.email,
    subject: `You have been invited to ${organization?.name ?? 'an organization'} on Pharos`,
    body: invitationEmail(organization?.name ?? '', link),
    templateType: 'organization_invite',
    templateData: { link, organization: organization?.slug ?? '' },
  });
  request.log.info({ organization_id: organizationId, role: input.role }, 'member invited');
  return row;
}
