import { can, type Action, type Resource } from '@pharos/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../auth/caller.js';
import { AGENT_TOKEN_REFUSED, AUTHENTICATION_REQUIRED } from '../auth/guard.js';
import { apiError } from '../errors.js';
import { answeredDatabaseUnavailable } from './database-unavailable.js';

/** An answer a route decided on: its status, code and message (and extra fields of the body). */
export class RouteError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new RouteError(401, 'PGRST301', AUTHENTICATION_REQUIRED);
  return request.caller;
}

/** The caller, when the role matrix lets them `action` the resource; else a 403 RouteError. */
export function authorize(request: FastifyRequest, resource: Resource, action: Action): Caller {
  const caller = callerOf(request);
  // The guard already stops agents short of these routes; an agent's empty role list must never read as viewer.
  if (caller.agentId) throw new RouteError(403, '42501', AGENT_TOKEN_REFUSED);
  if (!can(caller.roles, resource, action)) {
    const roles = caller.roles.length > 0 ? caller.roles.join(', ') : 'viewer (no role assigned)';
    throw new RouteError(403, '42501', `permission denied: your role (${roles}) may not ${action} ${resource}`);
  }
  return caller;
}

/** Error handler of a plugin whose routes throw RouteError: its answer; 4xx of Fastify (validation) as they are; the rest logged and 500. */
export async function routeErrorHandler(error: Error & { statusCode?: number; code?: string }, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof RouteError) return reply.code(error.status).send({ ...apiError(error.code, error.message), ...error.extra });
  if (answeredDatabaseUnavailable(error, reply)) return reply;
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(apiError('INTERNAL', 'Internal server error'));
  }
  return reply.code(status).send(apiError(error.code === 'FST_ERR_VALIDATION' ? 'VALIDATION_FAILED' : String(status), error.message));
}
