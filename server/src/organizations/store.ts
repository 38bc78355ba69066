import { toRoles, type Role } from '@pharos/core';
import type { Db } from '../auth/identity/identities.js';
import { ORGANIZATION_COLUMNS, organizationJson, type Membership, type OrganizationRow } from './organization.js';

type MembershipRow = OrganizationRow & { role: string };

function membershipJson(row: MembershipRow): Membership {
  return { ...organizationJson(row), role: toRoles([row.role])[0] ?? 'viewer' };
}

/** The organizations a person belongs to, by name. */
export async function membershipsOf(db: Db, personId: string): Promise<Membership[]> {
  const { rows } = await db.query<MembershipRow>(
    `select ${ORGANIZATION_COLUMNS}, m.role
       from organization_members m join organizations o on o.id = m.organization_id
      where m.person_id = $1
      order by lower(o.name), o.slug`,
    [personId],
  );
  return rows.map(membershipJson);
}

/** The person's membership of one organization, or null when they are not a member. */
export async function membershipOf(db: Db, personId: string, organizationId: string): Promise<Membership | null> {
  const { rows } = await db.query<MembershipRow>(
    `select ${ORGANIZATION_COLUMNS}, m.role
       from organization_members m join organizations o on o.id = m.organization_id
      where m.person_id = $1 and m.organization_id = $2`,
    [personId, organizationId],
  );
  const row = rows[0];
  return row ? membershipJson(row) : null;
}

/**
 * Makes a member of every organization that invited one of the person's verified addresses; an
 * unverified address proves nothing, since anyone may register with it.
 */
export async function acceptInvitations(db: Db, personId: string): Promise<void> {
  await db.query(
    `with accepted as (
       update organization_invitations i
          set accepted_at = now(), accepted_by = $1
        where i.accepted_at is null
          and i.email in (select lower(value) from identity_verifiable_addresses where identity_id = $1 and verified)
        returning organization_id, role)
     insert into organization_members (organization_id, person_id, role)
     select organization_id, $1, role from accepted
     on conflict (organization_id, person_id) do nothing`,
    [personId],
  );
}

export async function setSessionOrganization(db: Db, sessionId: string, organizationId: string | null): Promise<void> {
  await db.query('update identity_sessions set organization_id = $2 where id = $1', [sessionId, organizationId]);
}

/**
 * The organization a session works in: the one it chose while the person is still a member, else
 * (after accepting invitations) the first of theirs, remembered in the session; null when they belong to none.
 */
export async function sessionMembership(db: Db, session: { id: string; identity_id: string; organization_id: string | null }): Promise<Membership | null> {
  if (session.organization_id) {
    const chosen = await membershipOf(db, session.identity_id, session.organization_id);
    if (chosen) return chosen;
  }
  await acceptInvitations(db, session.identity_id);
  const first = (await membershipsOf(db, session.identity_id))[0] ?? null;
  if (first?.id !== session.organization_id) await setSessionOrganization(db, session.id, first?.id ?? null);
  return first;
}

export interface NewOrganization {
  name: string;
  slug: string;
  createdBy: string;
}

export class DuplicateSlugError extends Error {}

/** Creates an organization whose creator is its first administrator. */
export async function createOrganization(db: Db, input: NewOrganization): Promise<OrganizationRow> {
  try {
    const { rows } = await db.query<OrganizationRow>(
      `with created as (insert into organizations (name, slug, created_by) values ($1, $2, $3) returning *),
            admin as (insert into organization_members (organization_id, person_id, role) select id, $3, 'admin' from created)
       select ${ORGANIZATION_COLUMNS} from created o`,
      [input.name, input.slug, input.createdBy],
    );
    const row = rows[0];
    if (!row) throw new Error('The organization was not created');
    return row;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new DuplicateSlugError(input.slug);
    throw error;
  }
}

export async function organizationById(db: Db, id: string): Promise<OrganizationRow | null> {
  const { rows } = await db.query<OrganizationRow>(`select ${ORGANIZATION_COLUMNS} from organizations o where o.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function countAdmins(db: Db, organizationId: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    "select count(*) from organization_members where organization_id = $1 and role = 'admin'",
    [organizationId],
  );
  return Number(rows[0]?.count ?? 0);
}

export function roleOf(value: string): Role {
  return toRoles([value])[0] ?? 'viewer';
}
