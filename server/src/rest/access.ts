import { can, type Action, type Resource } from '@pharos/core';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../auth/caller.js';
import type { DataCaller } from './connections.js';
import { RestError } from './errors.js';
import { OWNED_RELATIONS, type WriteMethod } from './exposed.js';

export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) {
    throw new RestError(401, 'PGRST301', 'Authentication required: sign in or send a bearer token');
  }
  return request.caller;
}

/** Who a data service request runs for: anyone can register as a viewer, so viewers share one part of the pool. */
export function dataCaller(caller: Caller): DataCaller {
  return { id: caller.personId, viewerOnly: caller.roles.every((role) => role === 'viewer') };
}

/** The role matrix of the spec, checked for the resource behind a relation or function. */
export function authorize(caller: Caller, resource: Resource, action: Action, what: string): void {
  // The guard already keeps agents out of the data service; an agent's empty role list must never read as viewer.
  if (caller.agentId) throw new RestError(403, '42501', `permission denied: an agent's token may not ${action} ${what}`);
  if (can(caller.roles, resource, action)) return;
  const roles = caller.roles.length > 0 ? caller.roles.join(', ') : 'viewer (no role assigned)';
  throw new RestError(
    403,
    '42501',
    `permission denied: your role (${roles}) may not ${action} ${what}`,
    `${what} belongs to the resource '${resource}'`,
    `Ask an administrator for a role that can ${action} '${resource}'.`,
  );
}

/**
 * The role matrix for a write, after the rules that some rows change only through their own service
 * and that organization mode (`organizations`) changes no identity through the data service.
 */
export function authorizeWrite(caller: Caller, relation: { name: string; resource: Resource }, method: WriteMethod, organizations: boolean): void {
  // An identity is the whole installation's, shared by every organization; an organization removes its members.
  if (organizations && relation.name === 'identities') {
    throw new RestError(
      403,
      '42501',
      'permission denied: in organization mode a person is removed from the organization, not deleted from Pharos',
      `${method} on 'identities' is not allowed to any caller in organization mode, API tokens included`,
      'Remove the member on the users page, or with DELETE /api/organizations/current/members/{id}; people change their own name and email in their account settings.',
    );
  }
  const owned = OWNED_RELATIONS[relation.name];
  if (owned && !owned.writes.includes(method)) {
    throw new RestError(
      403,
      '42501',
      `permission denied: '${relation.name}' is changed only through ${owned.owner}`,
      `${method} is not allowed on '${relation.name}' for any role`,
      owned.hint,
    );
  }
  authorize(caller, relation.resource, 'write', `'${relation.name}'`);
}
