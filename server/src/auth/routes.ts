import { isRole, permissionsFor, ROLES, type Role } from '@pharos/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { IdentityConfig } from './identity/config.js';
import type { Courier } from './identity/courier.js';
import { createInvitationFlow } from './identity/flows/recovery.js';
import { createIdentity, DuplicateIdentityError, getIdentity, identityJson } from './identity/identities.js';
import { transaction } from '../db/transaction.js';
import { isEmail, normalizeEmail } from './identity/schema.js';
import { Urls } from './identity/urls.js';
import { assertVerifiedAccount, UnverifiedAccountError } from './people.js';
import { authorize, callerOf, RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, CHECKED_IN_CODE, REFUSALS, uuidParams } from '../http/route-schema.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { inviteMember, setMemberRole } from '../organizations/members.js';
import { membershipOf } from '../organizations/store.js';
import { InvalidInput, invitation as organizationInvitation } from '../organizations/validate.js';

export interface AuthRoutesOptions {
  pool: pg.Pool;
  config: IdentityConfig;
  courier: Courier;
  secrets: ServerSecrets;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

interface Invitation {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
}

/** The invite form's rules, with its messages (spec 3, section 5). */
export function validateInvitation(body: unknown): { invitation: Invitation | null; errors: Record<string, string> } {
  const input = record(body);
  const errors: Record<string, string> = {};
  const firstName = text(input['firstName']);
  const lastName = text(input['lastName']);
  const email = text(input['email']);
  const role = text(input['role']);
  if (firstName === '' || firstName.length > 200) errors['firstName'] = 'Please provide valid first name';
  if (lastName === '' || lastName.length > 200) errors['lastName'] = 'Please provide valid last name';
  if (email === '') errors['email'] = 'Please provide valid email';
  else if (!isEmail(email)) errors['email'] = 'Entered value does not match email format';
  if (!isRole(role)) errors['role'] = 'Please select any role';
  if (Object.keys(errors).length > 0 || !isRole(role)) return { invitation: null, errors };
  return { invitation: { firstName, lastName, email: normalizeEmail(email), role }, errors };
}

function organizationInvitationOf(body: unknown): { email: string; role: Role } {
  try {
    return organizationInvitation(body);
  } catch (error) {
    if (error instanceof InvalidInput) throw new RouteError(400, 'VALIDATION_FAILED', error.message, { errors: { [error.field]: error.message } });
    throw error;
  }
}

function inviteEmail(name: string, link: string, code: string): string {
  return [
    `Hi ${name},`,
    '',
    'you have been invited to Pharos. Open the link below and enter the code to choose your password:',
    '',
    link,
    '',
    `Code: ${code}`,
    '',
    'If you did not expect this invitation, you can ignore this message.',
    '',
  ].join('\n');
}

/** The database refuses, at commit, a change that leaves no administrator (migration 0013). */
function refuseLastAdminRemoval(error: unknown): never {
  if (error instanceof Error && (error as Error & { code?: string }).code === 'P0001') {
    throw new RouteError(400, 'VALIDATION_FAILED', error.message);
  }
  throw error;
}

/** Answers 400 with the reason when the person's identity has not verified its email address. */
async function refuseUnverified(client: pg.ClientBase, personId: string, email: string | null): Promise<void> {
  try {
    await assertVerifiedAccount(client, personId, email ?? '');
  } catch (error) {
    if (error instanceof UnverifiedAccountError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
    throw error;
  }
}

export const ONE_ORGANIZATION_ROLE = 'A member has one role in an organization: choose one';

/**
 * Organization mode: the people page works on the session's current organization, which only its
 * administrators may change.
 */
function currentOrganizationOf(request: FastifyRequest): string {
  const caller = authorize(request, 'rbac', 'write');
  if (!caller.organizationId) throw new RouteError(404, 'NOT_FOUND', 'You are not a member of any organization yet: create one or ask for an invitation');
  return caller.organizationId;
}

const ROLE = { type: 'string', enum: [...ROLES] } as const;

const WHOAMI_SCHEMA = {
  tags: ['people'],
  summary: 'The caller: person, roles and permissions',
  response: answers({ 200: 'The person, their roles and permissions (and in organization mode their organization)', 401: REFUSALS[401] }),
} as const;

const INVITE_SCHEMA = {
  tags: ['people'],
  summary: 'Create an account and mail its invitation',
  description: 'In organization mode the body is {email, role} and invites to the current organization.',
  body: {
    type: 'object',
    required: ['email', 'role'],
    properties: {
      firstName: { type: 'string', maxLength: 200, description: 'Required besides organization mode' },
      lastName: { type: 'string', maxLength: 200, description: 'Required besides organization mode' },
      email: { type: 'string', format: 'email' },
      role: ROLE,
    },
  },
  response: answers({ 200: 'The new identity', 201: 'Organization mode: the invitation', ...REFUSALS, 409: 'An account with that address exists' }),
} as const;

const UPDATE_ROLE_SCHEMA = {
  tags: ['people'],
  summary: "Replace a person's roles",
  params: uuidParams('id'),
  body: {
    type: 'object',
    required: ['roles'],
    properties: { roles: { anyOf: [ROLE, { type: 'array', minItems: 1, items: ROLE }], description: 'In organization mode exactly one' } },
  },
  response: answers({ 200: 'The person id and roles', ...REFUSALS, 404: 'No such person' }),
} as const;

/**
 * `/api/auth/whoami`, `/api/auth/invite_user` and `/api/rbac/:id/update_role`; in organization mode
 * the last two invite to, and change roles in, the current organization.
 */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { pool, config, courier, secrets }) => {
  app.setErrorHandler(routeErrorHandler);

  app.get('/api/auth/whoami', { schema: WHOAMI_SCHEMA }, async (request) => {
    const caller = callerOf(request);
    const { rows } = await pool.query<{ id: string; name: string; email: string | null; avatar: string | null }>(
      'select id, name, email, avatar from people where id = $1 and deleted_at is null',
      [caller.personId],
    );
    const person = rows[0];
    if (!person) throw new RouteError(401, 'PGRST301', 'Authentication required: sign in or send a bearer token');
    const session = { user: { ...person, roles: caller.roles }, permissions: permissionsFor(caller.roles) };
    if (config.authMode !== 'organizations') return session;
    // Organization mode: which organization the roles belong to; null until the person joins or creates one.
    const organization = caller.organizationId ? await membershipOf(pool, caller.personId, caller.organizationId) : null;
    return { ...session, organization };
  });

  app.post('/api/auth/invite_user', { schema: INVITE_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const organizationId = config.authMode === 'organizations' ? currentOrganizationOf(request) : null;
    if (organizationId) {
      // An organization invites an address with a role; the person chooses their own name when they sign up.
      const options = { pool, config, courier, request, organizationId, invitedBy: callerOf(request).personId };
      const created = await inviteMember(options, organizationInvitationOf(request.body));
      return reply.code(201).send(created);
    }
    authorize(request, 'identities', 'write');
    const { invitation, errors } = validateInvitation(request.body);
    if (!invitation) {
      const first = Object.values(errors)[0] ?? 'Invalid invitation';
      throw new RouteError(400, 'VALIDATION_FAILED', first, { errors });
    }
    const traits = { email: invitation.email, name: { first: invitation.firstName, last: invitation.lastName } };
    const urls = new Urls(config, request);
    let identityId: string;
    try {
      identityId = await transaction(pool, (client) =>
        createIdentity(client, { traits, roles: [invitation.role], verified: false, adoptExistingPerson: true }),
      );
    } catch (error) {
      if (error instanceof DuplicateIdentityError) {
        throw new RouteError(409, 'DUPLICATE', 'An account with the same identifier (email, phone, username, ...) exists already.');
      }
      throw error;
    }
    const { flow, code } = await createInvitationFlow(pool, secrets, urls, config.inviteLifespanMs, identityId, invitation.email);
    const link = `${urls.origin}${urls.ui('recovery', { flow: flow.id })}`;
    await courier.send({
      to: invitation.email,
      subject: 'You have been invited to Pharos',
      body: inviteEmail(invitation.firstName, link, code),
      templateType: 'invite',
      templateData: { link, code },
      secret: code,
    });
    request.log.info({ identity_id: identityId, role: invitation.role }, 'user invited');
    const identity = await getIdentity(pool, identityId);
    if (!identity) throw new Error('The invited identity vanished');
    return identityJson(pool, identity, urls);
  });

  app.post<{ Params: { id: string } }>('/api/rbac/:id/update_role', { schema: UPDATE_ROLE_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    const organizationId = config.authMode === 'organizations' ? currentOrganizationOf(request) : null;
    if (!organizationId) authorize(request, 'rbac', 'write');
    const personId = request.params.id;
    if (!UUID.test(personId)) throw new RouteError(400, 'VALIDATION_FAILED', 'Please select any user');
    const raw = record(request.body)['roles'];
    const values = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
    const roles = [...new Set(values.filter((value): value is string => typeof value === 'string').map((value) => value.trim()))];
    if (roles.length === 0 || !roles.every(isRole)) throw new RouteError(400, 'VALIDATION_FAILED', 'Please select any role');
    const granted = roles.filter(isRole);
    if (organizationId) {
      const [role] = granted;
      if (granted.length !== 1 || !role) throw new RouteError(400, 'VALIDATION_FAILED', ONE_ORGANIZATION_ROLE);
      await setMemberRole(pool, organizationId, personId, role);
      request.log.info({ organization_id: organizationId, person_id: personId, role }, 'member role changed');
      return { id: personId, roles: [role] };
    }

    await transaction(pool, async (client) => {
      const person = await client.query<{ email: string | null; roles: string[] }>(
        `select email, coalesce((select array_agg(role::text) from person_roles where person_id = p.id), '{}') as roles
           from people p where id = $1 and deleted_at is null for update`,
        [personId],
      );
      const found = person.rows[0];
      if (!found) throw new RouteError(404, 'NOT_FOUND', 'Please select any user');
      // Taking roles away is always allowed; giving one needs an address its owner proved, as for tokens and invitations.
      if (granted.some((role) => !found.roles.includes(role))) await refuseUnverified(client, personId, found.email);
      await client.query('delete from person_roles where person_id = $1', [personId]);
      await client.query('insert into person_roles (person_id, role) select $1, unnest($2::text[])', [personId, granted]);
    }).catch(refuseLastAdminRemoval);
    request.log.info({ person_id: personId, roles: granted }, 'roles updated');
    return { id: personId, roles: [...granted].sort() };
  });
};
