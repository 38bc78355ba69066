import { isRecord, isUuid, redactSealed } from '@pharos/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { authorize, RouteError, routeErrorHandler } from '../http/route-access.js';
import { answers, BODY_OPTIONAL, CHECKED_IN_CODE, NO_BODY, REFUSALS, UUID, uuidParams } from '../http/route-schema.js';
import { ApprovalError, approvalRefusal, approveRun, awaitsApproval } from './approvals.js';
import { cancelRun } from './cancel-run.js';
import { playbooksFor } from './available.js';
import { createRun, requestedRun, RunRequestError } from './create-run.js';
import { parametersFor } from './parameter-defaults.js';
import { TargetError, targetOf } from './resource.js';
import { suggestedFixes } from './suggestions.js';
import { recoveryWindowOf, SuggestionsRequestError } from './suggestions-request.js';
import type { PlaybookOptions } from './run-context.js';

const RESOURCE = {
  check_id: { ...UUID, description: 'One of check_id, component_id and config_id' },
  component_id: UUID,
  config_id: UUID,
} as const;
const RESOURCE_QUERY = { type: 'object', properties: RESOURCE } as const;
const RUN_REQUEST = {
  type: 'object',
  required: ['id'],
  properties: { id: { ...UUID, description: 'The playbook' }, ...RESOURCE, params: { type: 'object', additionalProperties: true, description: 'Values of the playbook parameters by name' } },
} as const;
const NO_RUN = 'No such run';

const RUN_SCHEMA = {
  tags: ['playbooks'],
  summary: 'Start a playbook run on a resource',
  body: RUN_REQUEST,
  response: answers({ 201: 'The new run: {run_id}', ...REFUSALS, 404: 'No such playbook or resource' }),
} as const;

const LIST_SCHEMA = {
  tags: ['playbooks'],
  summary: 'Playbooks that can run on a resource',
  querystring: RESOURCE_QUERY,
  response: answers({ 200: 'The playbooks', ...REFUSALS }),
} as const;

const SUGGESTIONS_SCHEMA = {
  tags: ['playbooks'],
  summary: 'Playbooks that can run on a failing resource, those that fixed it most often first',
  querystring: { type: 'object', properties: { ...RESOURCE, window: { type: 'string', description: 'How soon after a run the resource must have recovered, 1m to 7d' } } },
  response: answers({ 200: 'The playbooks with how often they fixed it', ...REFUSALS }),
} as const;

const PARAMS_SCHEMA = {
  tags: ['playbooks'],
  summary: "A playbook's parameters for a resource",
  params: uuidParams('id'),
  body: { type: 'object', properties: RESOURCE },
  ...BODY_OPTIONAL,
  response: answers({ 200: 'The parameters with their defaults rendered: {params}', ...REFUSALS, 404: 'No such playbook or resource' }),
} as const;

const READ_RUN_SCHEMA = {
  tags: ['playbooks'],
  summary: 'A playbook run with its actions and approvals',
  params: uuidParams('id'),
  response: answers({ 200: 'The run, its actions and approvals, and whether the caller may approve it', ...REFUSALS, 404: NO_RUN }),
} as const;

const APPROVE_SCHEMA = {
  tags: ['playbooks'],
  summary: 'Approve a playbook run',
  params: uuidParams('id'),
  body: NO_BODY,
  ...BODY_OPTIONAL,
  response: answers({ 200: 'The run’s status', ...REFUSALS, 403: 'The caller is not an approver of the run, or asked for it', 404: NO_RUN, 409: 'The run waits for no approval' }),
} as const;

const CANCEL_SCHEMA = {
  tags: ['playbooks'],
  summary: 'Cancel a playbook run',
  params: uuidParams('id'),
  body: NO_BODY,
  ...BODY_OPTIONAL,
  response: answers({ 200: 'The run’s status', ...REFUSALS, 404: NO_RUN, 409: 'The run has ended' }),
} as const;

/** A run request's refusal as the route's answer. */
async function runRequest<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RunRequestError) throw new RouteError(error.status, error.status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', error.message, error.problems.length > 0 ? { problems: error.problems } : {});
    throw error;
  }
}

function requestError<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof TargetError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
    throw error;
  }
}

/** The run named by the path: an id that cannot be one names no run (404, as an unknown one). */
function runIdOf(request: FastifyRequest<{ Params: { id: string } }>): string {
  const { id } = request.params;
  if (!isUuid(id)) throw new RouteError(404, 'NOT_FOUND', `No playbook run ${id}`);
  return id;
}

/**
 * The playbook run API (spec 2 section 7): `POST /api/playbook/run` starts a run on a resource,
 * `GET /api/playbook/run/{id}` reads it with its actions and approvals, `POST /api/playbook/run/approve/{id}`
 * approves it (its approvers only, never the person who asked for it) and `POST /api/playbook/run/cancel/{id}`
 * stops it. Starting and cancelling need write on playbook_runs, reading and approving read.
 */
export const playbookRoutes: FastifyPluginAsync<PlaybookOptions> = async (app, options) => {
  app.setErrorHandler(routeErrorHandler);

  app.post('/api/playbook/run', { schema: RUN_SCHEMA, ...CHECKED_IN_CODE }, async (request, reply) => {
    const caller = authorize(request, 'playbook_runs', 'write');
    return reply.code(201).send({ run_id: await runRequest(() => createRun(options, request.body, caller)) });
  });

  app.get<{ Querystring: Record<string, string> }>('/api/playbook/list', { schema: LIST_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    authorize(request, 'playbooks', 'read');
    const target = requestError(() => targetOf(request.query));
    if (!target) throw new RouteError(400, 'VALIDATION_FAILED', 'Give one of check_id, component_id and config_id');
    return playbooksFor(options.pool, target);
  });

  // The playbooks that can run on a failing resource, those that fixed it most often before first.
  app.get<{ Querystring: Record<string, string> }>('/api/playbook/suggestions', { schema: SUGGESTIONS_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    authorize(request, 'playbooks', 'read');
    const { window, ...resource } = request.query;
    const target = requestError(() => targetOf(resource));
    if (!target) throw new RouteError(400, 'VALIDATION_FAILED', 'Give one of check_id, component_id and config_id');
    let windowMs;
    try {
      windowMs = recoveryWindowOf(window);
    } catch (error) {
      if (error instanceof SuggestionsRequestError) throw new RouteError(400, 'VALIDATION_FAILED', error.message);
      throw error;
    }
    return suggestedFixes(options.pool, target, windowMs);
  });

  app.post<{ Params: { id: string } }>('/api/playbook/:id/params', { schema: PARAMS_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    const caller = authorize(request, 'playbooks', 'read');
    if (!isUuid(request.params.id)) throw new RouteError(404, 'NOT_FOUND', `No playbook ${request.params.id}`);
    const { spec, draft } = await runRequest(() => requestedRun(options, { ...(isRecord(request.body) ? request.body : {}), id: request.params.id }, caller));
    return { params: await parametersFor(options, draft, spec.parameters) };
  });

  app.get<{ Params: { id: string } }>('/api/playbook/run/:id', { schema: READ_RUN_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    const caller = authorize(request, 'playbook_runs', 'read');
    const id = runIdOf(request);
    const { rows } = await options.pool.query(
      `SELECT r.id, r.playbook_id, r.status, r.error, r.parameters, r.spec, r.config_id, r.component_id, r.check_id, r.created_by,
              r.scheduled_time, r.start_time, r.end_time, r.created_at,
              coalesce((SELECT json_agg(json_build_object('person', p.name, 'email', p.email, 'team', t.name, 'created_at', a.created_at) ORDER BY a.created_at)
                          FROM playbook_approvals a LEFT JOIN people p ON p.id = a.person_id LEFT JOIN teams t ON t.id = a.team_id
                         WHERE a.run_id = r.id), '[]') AS approvals,
              coalesce((SELECT json_agg(a ORDER BY a.created_at) FROM (
                 SELECT a.id, a.name, a.status, a.result, a.error, a.retry_count, a.scheduled_time, a.start_time, a.end_time, a.created_at,
                        CASE WHEN g.id IS NULL THEN NULL ELSE json_build_object('id', g.id, 'name', g.name) END AS agent
                   FROM playbook_run_actions a LEFT JOIN agents g ON g.id = a.agent_id WHERE a.playbook_run_id = r.id) a), '[]') AS actions
         FROM playbook_runs r WHERE r.id = $1`,
      [id],
    );
    if (!rows[0]) throw new RouteError(404, 'NOT_FOUND', `No playbook run ${id}`);
    // Whether the caller may approve it, and why not: the screen disables Approve with the reason.
    // A waiting run waits for its approvers, or for an agent to take an action (`runsOn`).
    const awaiting = rows[0].status === 'waiting' && (await awaitsApproval(options.pool, id, rows[0].spec));
    const refusal = awaiting ? await approvalRefusal(options.pool, id, caller.personId) : null;
    // Secret parameters are kept sealed: nobody reads them back, as with connection credentials.
    const { spec: _spec, ...run } = rows[0];
    return { ...run, parameters: redactSealed(rows[0].parameters as unknown), awaiting_approval: awaiting, approval_refusal: refusal };
  });

  app.post<{ Params: { id: string } }>('/api/playbook/run/approve/:id', { schema: APPROVE_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    const caller = authorize(request, 'playbook_runs', 'read');
    const id = runIdOf(request);
    try {
      return { status: await approveRun(options.pool, id, caller.personId) };
    } catch (error) {
      if (error instanceof ApprovalError) throw new RouteError(error.status, error.status === 404 ? 'NOT_FOUND' : error.status === 403 ? '42501' : 'CONFLICT', error.message);
      throw error;
    }
  });

  app.post<{ Params: { id: string } }>('/api/playbook/run/cancel/:id', { schema: CANCEL_SCHEMA, ...CHECKED_IN_CODE }, async (request) => {
    const caller = authorize(request, 'playbook_runs', 'write');
    const id = runIdOf(request);
    const answer = await cancelRun(options.pool, id, caller.personId);
    if (!answer) throw new RouteError(404, 'NOT_FOUND', `No playbook run ${id}`);
    if (!answer.cancelled) throw new RouteError(409, 'CONFLICT', `The run has ended (${answer.status}): there is nothing to cancel`);
    return { status: answer.status };
  });
};
