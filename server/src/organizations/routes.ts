import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { IdentityConfig } from '../auth/identity/config.js';
import type { Courier } from '../auth/identity/courier.js';
import { currentSession } from '../auth/identity/sessions.js';
import { transaction } from '../db/transaction.js';
import { authorize, callerOf, RouteError, routeErrorHandler } from '../http/route-access.js';
import { organizationJson } from './organization.js';
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

  app.get('/api/organizations', async (request) => {
    const caller = callerOf(request);
    return {
      organizations: await membershipsOf(pool, caller.personId),
      current: caller.organizationId ?? null,
      canCreate: await mayCreate(caller.personId, caller.organizationId ? caller.roles[0] : undefined),
    };
  });

  app.post('/api/organizations', async (request, reply) => {
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

  app.post('/api/organizations/switch', async (request) => {
    const caller = callerOf(request);
    const session = await sessionOf(request);
    const body = request.body as Record<string, unknown> | null;
    const wanted = typeof body?.['id'] === 'string' ? body['id'] : '';
    const membership = UUID.test(wanted) ? await membershipOf(pool, caller.personId, wanted) : null;
    if (!membership) throw new RouteError(404, 'NOT_FOUND', 'You are not a member of that organization');
    await setSessionOrganization(pool, session.id, membership.id);
    return membership;
  });

  app.get('/api/organizations/current', async (request) => {
    const caller = callerOf(request);
    const membership = await membershipOf(pool, caller.personId, currentOrganization(request));
    if (!membership) throw new RouteError(404, 'NOT_FOUND', 'You are no longer a member of this organization');
    return membership;
  });

  app.patch('/api/organizations/current', async (request) => {
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

  app.get('/api/organizations/current/members', async (request) => {
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

  app.patch<{ Params: { personId: string } }>('/api/organizations/current/members/:personId', async (request) => {
    const organizationId = currentOrganization(request);
    authorize(request, 'rbac', 'write');
    const personId = uuidParam(request.params.personId, 'member');
    const role = parse(() => memberRole(request.body));
    await setMemberRole(pool, organizationId, personId, role);
    request.log.info({ organization_id: organizationId, person_id: personId, role }, 'member role changed');
    return { id: personId, role };
  });

  app.delete<{ Params: { personId: string } }>('/api/organizations/current/members/:personId', async (request, reply) => {
    const organizationId = currentOrganization(request);
    authorize(request, 'rbac', 'write');
    const personId = uuidParam(request.params.personId, 'member');
    await removeMember(pool, organizationId, personId);
    request.log.info({ organization_id: organizationId, person_id: personId }, 'member removed');
    return reply.code(204).send();
  });

  app.get('/api/organizations/current/invitations', async (request) => {
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

  app.post('/api/organizations/current/invitations', async (request, reply) => {
    const organizationId = currentOrganization(request);
    const caller = authorize(request, 'rbac', 'write');
    const input = parse(() => invitation(request.body));
    const created = await inviteMember({ pool, config, courier, request, organizationId, invitedBy: caller.personId }, input);
    return reply.code(201).send(created);
  });

  app.delete<{ Params: { id: string } }>('/api/organizations/current/invitations/:id', async (request, reply) => {
    const organizationId = currentOrganization(request);
    authorize(request, 'rbac', 'write');
    const id = uuidParam(request.params.id, 'invitation');
    const removed = await pool.query('delete from organization_invitations where id = $1 and organization_id = $2 and accepted_at is null', [id, organizationId]);
    if ((removed.rowCount ?? 0) === 0) throw new RouteError(404, 'NOT_FOUND', 'No such open invitation in this organization');
    return reply.code(204).send();
  });
};
