import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { IdentityConfig } from '../auth/identity/config.js';
import type { Courier } from '../auth/identity/courier.js';
import { currentSession } from '../auth/identity/sessions.js';
import { transaction } from '../db/transaction.js';
import { ROLES } from '@pharos/core';
import { authorize, callerOf, RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, CHECKED_IN_CODE, REFUSALS, UUID as UUID_SCHEMA, uuidParams } from '../http/route-schema.js';
import { organizationJson, SECOND_FACTOR_POLICIES } from './organization.js';
import { inviteMember, removeMember, setMemberRole } from './members.js';
import { createOrganization, DuplicateSlugError, membershipOf, membershipsOf, organizationById, setSessionOrganization } from './store.js';
import { InvalidInput, invitation, memberRole, newOrganization, organizationChanges } from './validate.js';

export interface OrganizationRoutesOptions {
  pool: pg.Pool;
  config: IdentityConfig;
  courier: Courier;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ORGANIZATIONS_OFF = 'Organizations are available only with PHAROS_AUTH_MODE=organizations';
export { LAST_ADMIN } from './members.js';
export const DUPLICATE_SLUG = (slug: string) => `The slug "${slug}" is taken by another organization: choose another one`;

function invalid(error: unknown): never {
  if (error instanceof InvalidInput) throw new RouteError(400, 'VALIDATION_FAILED', error.message, { errors: { [error.field]: error.message } });
  if (error instanceof DuplicateSlugError) throw new RouteError(409, 'DUPLICATE', DUPLICATE_SLUG(error.message));
  throw error;
}

function parse<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    return invalid(error);
  }
}

function uuidParam(value: string, what: string): string {
  if (!UUID.test(value)) throw new RouteError(404, 'NOT_FOUND', `No such ${what}`);
  return value;
}

const TAGS = ['organizations'];
const ROLE = { type: 'string', enum: [...ROLES] } as const;
const OFF_OR_NONE = 'Organization mode is off, or the caller is in no organization, or no such item';
const WITHOUT_BODY = { 401: REFUSALS[401], 403: REFUSALS[403], 404: OFF_OR_NONE } as const;
const WITH_BODY = { 400: REFUSALS[400], ...WITHOUT_BODY } as const;
const SESSION_ONLY = 'Refused (403) with an API token: organizations are chosen in a signed-in browser session.';

const LIST_SCHEMA = {
  tags: TAGS,
  summary: "The caller's organizations, the current one, and whether they may create one",
  response: answers({ 200: '{organizations, current, canCreate}', ...WITHOUT_BODY }),
} as const;

const CREATE_SCHEMA = {
  tags: TAGS,
  summary: 'Create an organization and make it the session’s current one',
  description: SESSION_ONLY,
  body: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, slug: { type: 'string', description: 'From the name when absent' } } },
  response: answers({ 201: 'The organization, with the caller as admin', ...WITH_BODY, 409: 'The slug is taken' }),
} as const;

const SWITCH_SCHEMA = {
  tags: TAGS,
  summary: 'Make one of the caller’s organizations the session’s current one',
  description: SESSION_ONLY,
  body: { type: 'object', required: ['id'], properties: { id: UUID_SCHEMA } },
  response: answers({ 200: 'The membership switched to', ...WITHOUT_BODY }),
} as const;

const CURRENT_SCHEMA = {
  tags: TAGS,
  summary: 'The session’s current organization and the caller’s role in it',
  response: answers({ 200: 'The membership', ...WITHOUT_BODY }),
} as const;

const CHANGE_SCHEMA = {
  tags: TAGS,
  summary: 'Change the current organization’s name, slug, public metadata or policy',
  body: {
    type: 'object',
    minProperties: 1,
    properties: {
      name: { type: 'string' },
      slug: { type: 'string' },
      publicMetadata: {
        type: 'object',
        properties: { backend_url: { type: 'string', nullable: true, description: 'An absolute http(s) URL' }, direct: { type: 'boolean' } },
      },
      policy: {
        type: 'object',
        properties: { require_second_factor: { type: 'string', enum: [...SECOND_FACTOR_POLICIES] }, session_lifespan_seconds: { type: 'integer' } },
      },
    },
  },
  response: answers({ 200: 'The membership, changed', ...WITH_BODY, 409: 'The slug is taken' }),
} as const;

const MEMBERS_SCHEMA = {
  tags: TAGS,
  summary: 'The members of the current organization',
  response: answers({ 200: 'The members with their roles', ...WITHOUT_BODY }),
} as const;

const MEMBER_ROLE_SCHEMA = {
  tags: TAGS,
  summary: 'Change a member’s role in the current organization',
  params: uuidParams('personId'),
  body: { type: 'object', required: ['role'], properties: { role: ROLE } },
  response: answers({ 200: '{id, role}', ...WITH_BODY }),
} as const;

const REMOVE_MEMBER_SCHEMA = {
  tags: TAGS,
  summary: 'Remove a member from the current organization',
  params: uuidParams('personId'),
  response: answers({ 204: 'Removed', 400: 'The last admin cannot leave', ...WITHOUT_BODY }),
} as const;

const INVITATIONS_SCHEMA = {
  tags: TAGS,
  summary: 'The open invitations of the current organization',
  response: answers({ 200: 'The invitations', ...WITHOUT_BODY }),
} as const;

const INVITE_SCHEMA = {
  tags: TAGS,
  summary: 'Invite an address to the current organization with a role',
  body: { type: 'object', required: ['email', 'role'], properties: { email: { type: 'string', format: 'email' }, role: ROLE } },
  response: answers({ 201: 'The invitation', ...WITH_BODY }),
} as const;

const WITHDRAW_SCHEMA = {
  tags: TAGS,
  summary: 'Withdraw an open invitation of the current organization',
  params: uuidParams('id'),
  response: answers({ 204: 'Withdrawn', ...WITHOUT_BODY }),
} as const;

/**
 * Organization mode's own API: the switcher (list, switch, create) and the organization profile
 * (name, slug, public metadata, policy, members, invitations) of the session's current organization.
 */
export const organizationRoutes: FastifyPluginAsync<OrganizationRoutesOptions> = async (app, { pool, config, courier }) => {
  app.setErrorHandler(routeErrorHandler);
  app.addHook('preHandler', async () => {
    if (config.authMode !== 'organizations') throw new RouteError(404, 'NOT_FOUND', ORGANIZATIONS_OFF);
  });

  /** The cookie session behind the request: organizations are chosen by a person, not by an API token. */
  async function sessionOf(request: FastifyRequest) {
    const caller = callerOf(request);
    const current = await currentSession(pool, request);
    if (!current || current.session.identity_id !== caller.personId) {
      throw new RouteError(403, '42501', 'Organizations are chosen in a signed-in browser session, not with an API token');
    }
    return current.session;
  }

  /** The session's current organization, which every /current route works on. */
  function currentOrganization(request: FastifyRequest): string {
    const caller = callerOf(request);
    if (!caller.organizationId) throw new RouteError(404, 'NOT_FOUND', 'You are not a member of any organization yet: create one or ask for an invitation');
    return caller.organizationId;
  }

  async function mayCreate(personId: string, organizationRole: string | undefined): Promise<boolean> {
    if (config.orgSelfService || organizationRole === 'admin') return true;
    const { rowCount } = await pool.query("select 1 from person_roles where person_id = $1 and role = 'admin'", [personId]);
    return (rowCount ?? 0) > 0;
  }

  app.get('/api/organizations', { schema: LIST_SCHEMA }, async (request) => {
    const caller = callerOf(request);
    return {
      organizations: await membershipsOf(pool, caller.personId),
      current: caller.organizationId ?? null,
      canCreate: await mayCreate(caller.personId, caller.organizationId ? caller.roles[0] : undefined),
    };
  });

  app.post('/api/organizations', { schema: CREATE_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const caller = callerOf(request);
    const session = await sessionOf(request);
    if (!(await mayCreate(caller.personId, caller.organizationId ? caller.roles[0] : undefined))) {
      throw new RouteError(403, '42501', 'Only an administrator may create organizations here (PHAROS_ORG_SELF_SERVICE is off)');
    }
    const input = parse(() => newOrganization(request.body));
    const created = await transaction(pool, async (client) => {
      const row = await createOrganization(client, { ...input, createdBy: caller.personId }).catch(invalid);
      await setSessionOrganization(client, session.id, row.id);
      return row;
    });
    request.log.info({ organization_id: created.id, slug: created.slug }, 'organization created');
    return reply.code(201).send({ ...organizationJson(created), role: 'admin' });
  });

  app.post('/api/organizations/switch', { schema: SWITCH_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    const caller = callerOf(request);
    const session = await sessionOf(request);
    const body = request.body as Record<string, unknown> | null;
    const wanted = typeof body?.['id'] === 'string' ? body['id'] : '';
    const membership = UUID.test(wanted) ? await membershipOf(pool, caller.personId, wanted) : null;
    if (!membership) throw new RouteError(404, 'NOT_FOUND', 'You are not a member of that organization');
    await setSessionOrganization(pool, session.id, membership.id);
    return membership;
  });

  app.get('/api/organizations/current', { schema: CURRENT_SCHEMA }, async (request) => {
    const caller = callerOf(request);
    const membership = await membershipOf(pool, caller.personId, currentOrganization(request));
    if (!membership) throw new RouteError(404, 'NOT_FOUND', 'You are no longer a member of this organization');
    return membership;
  });

  app.patch('/api/organizations/current', { schema: CHANGE_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    const organizationId = currentOrganization(request);
    authorize(request, 'rbac', 'write');
    const changes = parse(() => organizationChanges(request.body));
    const existing = await organizationById(pool, organizationId);
    if (!existing) throw new RouteError(404, 'NOT_FOUND', 'The organization no longer exists');
    const direct = changes.direct ?? existing.direct;
    const backend = changes.backend_url === undefined ? existing.backend_url : changes.backend_url;
    if (direct && !backend) throw new RouteError(400, 'VALIDATION_FAILED', 'Direct mode needs the backend URL of the Pharos that holds this organization');
    const fields = Object.keys(changes) as (keyof typeof changes)[];
    const assignments = fields.map((field, index) => `${field} = $${index + 2}`).join(', ');
    await pool.query(`update organizations set ${assignments} where id = $1`, [organizationId, ...fields.map((field) => changes[field])]).catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505') throw new DuplicateSlugError(changes.slug ?? '');
      throw error;
    }).catch(invalid);
    request.log.info({ organization_id: organizationId, fields }, 'organization updated');
    return await membershipOf(pool, callerOf(request).personId, organizationId);
  });

  app.get('/api/organizations/current/members', { schema: MEMBERS_SCHEMA }, async (request) => {
    const organizationId = currentOrganization(request);
    const { rows } = await pool.query(
      `select p.id, p.name, p.email, p.avatar, m.role, m.created_at
         from organization_members m join people p on p.id = m.person_id
        where m.organization_id = $1 and p.deleted_at is null
        order by lower(p.name), p.email`,
      [organizationId],
    );
    return rows;
  });

  app.patch<{ Params: { personId: string } }>('/api/organizations/current/members/:personId', { schema: MEMBER_ROLE_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    const organizationId = currentOrganization(request);
    authorize(request, 'rbac', 'write');
    const personId = uuidParam(request.params.personId, 'member');
    const role = parse(() => memberRole(request.body));
    await setMemberRole(pool, organizationId, personId, role);
    request.log.info({ organization_id: organizationId, person_id: personId, role }, 'member role changed');
    return { id: personId, role };
  });

  app.delete<{ Params: { personId: string } }>('/api/organizations/current/members/:personId', { schema: REMOVE_MEMBER_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const organizationId = currentOrganization(request);
    authorize(request, 'rbac', 'write');
    const personId = uuidParam(request.params.personId, 'member');
    await removeMember(pool, organizationId, personId);
    request.log.info({ organization_id: organizationId, person_id: personId }, 'member removed');
    return reply.code(204).send();
  });

  app.get('/api/organizations/current/invitations', { schema: INVITATIONS_SCHEMA }, async (request) => {
    const organizationId = currentOrganization(request);
    authorize(request, 'rbac', 'write');
    const { rows } = await pool.query(
      `select i.id, i.email, i.role, i.created_at, p.name as invited_by
         from organization_invitations i left join people p on p.id = i.invited_by
        where i.organization_id = $1 and i.accepted_at is null
        order by i.created_at desc`,
      [organizationId],
    );
    return rows;
  });

  app.post('/api/organizations/current/invitations', { schema: INVITE_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const organizationId = currentOrganization(request);
    const caller = authorize(request, 'rbac', 'write');
    const input = parse(() => invitation(request.body));
    const created = await inviteMember({ pool, config, courier, request, organizationId, invitedBy: caller.personId }, input);
    return reply.code(201).send(created);
  });

  app.delete<{ Params: { id: string } }>('/api/organizations/current/invitations/:id', { schema: WITHDRAW_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const organizationId = currentOrganization(request);
    authorize(request, 'rbac', 'write');
    const id = uuidParam(request.params.id, 'invitation');
    const removed = await pool.query('delete from organization_invitations where id = $1 and organization_id = $2 and accepted_at is null', [id, organizationId]);
    if ((removed.rowCount ?? 0) === 0) throw new RouteError(404, 'NOT_FOUND', 'No such open invitation in this organization');
    return reply.code(204).send();
  });
};
